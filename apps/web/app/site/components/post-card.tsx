import type { PostCardView } from '../data/types.ts';
import { useMessages } from '../i18n/use-language.ts';
import { chipStyle } from './chip-style.ts';
import { Picture } from './picture.tsx';
import { SiteLink } from './site-link.tsx';

/** The level of a card's title: 2 under the page's own heading, 3 under a section's. */
export type CardHeadingLevel = 2 | 3;

/** Image, title, author or rating, description (150 characters) and a read-more link. */
export function PostCard({
  post,
  size = 'normal',
  headingLevel = 3,
}: {
  post: PostCardView;
  size?: 'normal' | 'large';
  headingLevel?: CardHeadingLevel;
}) {
  const t = useMessages();
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      className={`post-card post-card-${size}`}
      style={{ '--accent': post.color } as React.CSSProperties}
    >
      <SiteLink to={post.href} className="post-card-media" tabIndex={-1} aria-hidden="true">
        <Picture
          image={post.image}
          color={post.color}
          label={post.rating?.name ?? ''}
          sizes={size === 'large' ? '(min-width: 768px) 50vw, 100vw' : '(min-width: 768px) 33vw, 100vw'}
        />
      </SiteLink>
      <div className="post-card-body">
        {post.rating ? (
          <SiteLink to={post.rating.href} className="rating-chip" style={chipStyle(post.rating.color)}>
            {post.rating.name}
          </SiteLink>
        ) : null}
        <Title className="post-card-title">
          <SiteLink to={post.href}>{post.title}</SiteLink>
        </Title>
        <p className="post-card-description">{post.description}</p>
        <p className="post-card-meta">
          {post.author ? <SiteLink to={post.author.href}>{post.author.name}</SiteLink> : null}
          {post.publishedAt ? (
            <time dateTime={post.publishedAt} dir="auto">
              {post.dateText}
            </time>
          ) : null}
        </p>
        <SiteLink to={post.href} className="read-more" aria-label={`${t.readMore}: ${post.title}`}>
          {t.readMore}
        </SiteLink>
      </div>
    </article>
  );
}

/** A compact title card: rating, title and date. */
export function TitleCard({ post }: { post: PostCardView }) {
  return (
    <article className="title-card" style={{ '--accent': post.color } as React.CSSProperties}>
      {post.rating ? (
        <span className="rating-chip small" style={chipStyle(post.rating.color)}>
          {post.rating.name}
        </span>
      ) : null}
      <h3 className="title-card-title">
        <SiteLink to={post.href}>{post.title}</SiteLink>
      </h3>
      {post.publishedAt ? (
        <time dateTime={post.publishedAt} dir="auto">
          {post.dateText}
        </time>
      ) : null}
    </article>
  );
}

/**
 * Cards in a grid. `headingLevel` follows the page's outline: 2 when the grid sits right under the
 * page's title (a list or search page), 3 under a section title.
 */
export function PostGrid({ posts, headingLevel }: { posts: PostCardView[]; headingLevel: CardHeadingLevel }) {
  const t = useMessages();
  if (posts.length === 0) return <p className="empty">{t.noResults}</p>;
  return (
    <div className="post-grid">
      {posts.map((post) => (
        <PostCard key={post.id} post={post} headingLevel={headingLevel} />
      ))}
    </div>
  );
}
