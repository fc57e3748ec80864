// The fact-check page (spec §2), reused by articles: trial banner, image, title, author, dates,
// share menu, body, Claim / Claim refutation / Conclusion, the rating block, references and claim
// sources, comments and three selected materials.

import type { PostView as PostViewData } from '../data/post.server.ts';
import { localePath } from '../i18n/paths.ts';
import { useLanguage, useMessages } from '../i18n/use-language.ts';
import { chipStyle } from './chip-style.ts';
import { Comments } from './comments.tsx';
import { Picture } from './picture.tsx';
import { PostCard } from './post-card.tsx';
import { ReadCounter } from './read-counter.tsx';
import { RichText } from './rich-text.tsx';
import { ShareMenu } from './share-menu.tsx';
import { SiteLink } from './site-link.tsx';

export function PostView({ post }: { post: PostViewData }) {
  const t = useMessages();
  const language = useLanguage();
  const headings = { claim: t.claim, refutation: t.claimRefutation, conclusion: t.conclusion };
  return (
    <article className="post" style={{ '--accent': post.color } as React.CSSProperties}>
      {post.isPublished ? null : (
        <p className="preview-banner" role="alert" data-testid="trial-banner">
          {t.trialBanner}
        </p>
      )}
      <header className="post-header">
        {post.evaluation ? (
          <SiteLink
            to={post.evaluation.href}
            className="rating-chip"
            style={chipStyle(post.evaluation.color)}
          >
            {post.evaluation.name}
          </SiteLink>
        ) : null}
        <h1 className="post-title">{post.title}</h1>
        <p className="post-lead">{post.description}</p>
        <div className="post-meta">
          {post.author ? (
            <span>
              {t.by} <SiteLink to={post.author.href}>{post.author.name}</SiteLink>
            </span>
          ) : null}
          {post.publishedAt ? (
            <span>
              {t.published}{' '}
              <time dateTime={post.publishedAt} dir="auto">
                {post.publishedText}
              </time>
            </span>
          ) : null}
          {post.modifiedAt ? (
            <span>
              {t.modified}{' '}
              <time dateTime={post.modifiedAt} dir="auto">
                {post.modifiedText}
              </time>
            </span>
          ) : null}
          <ShareMenu url={post.shareUrl} text={post.shareText} />
        </div>
      </header>
      <figure className="post-figure">
        <Picture
          image={post.image}
          color={post.color}
          label={post.evaluation?.name ?? ''}
          isEager
          sizes="(min-width: 900px) 820px, 100vw"
        />
      </figure>
      <div className="post-layout">
        <div className="post-body">
          {post.contentHtml ? <RichText html={post.contentHtml} /> : null}
          {post.sections.map((section) => (
            <section
              key={section.key}
              className={`post-section post-section-${section.key}`}
              aria-label={headings[section.key]}
            >
              {section.showHeading ? <h2>{headings[section.key]}</h2> : null}
              <RichText html={section.html} />
            </section>
          ))}
          {post.evaluation ? (
            <aside
              className="evaluation"
              style={{ '--rating': post.evaluation.color } as React.CSSProperties}
              data-testid="evaluation"
            >
              <p className="evaluation-label">{t.rating}</p>
              <p className="evaluation-name">
                <SiteLink to={post.evaluation.href}>{post.evaluation.name}</SiteLink>
              </p>
              <p>{post.evaluation.description}</p>
              {post.evaluation.rows.length > 0 ? (
                <ul>
                  {post.evaluation.rows.map((row) => (
                    <li key={row.href} style={{ '--rating': row.color } as React.CSSProperties}>
                      <SiteLink to={row.href}>{row.name}</SiteLink>: {row.description}
                    </li>
                  ))}
                </ul>
              ) : null}
            </aside>
          ) : null}
          {post.referencesHtml ? (
            <section className="post-section references">
              <h2>{t.references}</h2>
              <RichText html={post.referencesHtml} />
            </section>
          ) : null}
          {post.sourcesHtml || post.mediaSources.length > 0 ? (
            <section className="post-section claim-sources">
              <h2>{t.claimSources}</h2>
              {post.sourcesHtml ? <RichText html={post.sourcesHtml} /> : null}
              {post.mediaSources.length > 0 ? (
                <ul className="chip-list">
                  {post.mediaSources.map((source) => (
                    <li key={source.href}>
                      <SiteLink to={source.href}>{source.name}</SiteLink>
                    </li>
                  ))}
                </ul>
              ) : null}
            </section>
          ) : null}
          {post.kind === 'factcheck' ? (
            <p className="ask-us">
              <SiteLink to={localePath(language, '/check-a-claim')}>{t.askUsPrompt}</SiteLink>
            </p>
          ) : null}
          <Comments url={post.shareUrl} isTrial={!post.isPublished} />
        </div>
      </div>
      {post.related.length > 0 ? (
        <section className="related" aria-labelledby="related-title">
          <h2 id="related-title" className="section-title">
            {t.selectedMaterials}
          </h2>
          <div className="post-grid">
            {post.related.map((item) => (
              <PostCard key={item.id} post={item} />
            ))}
          </div>
        </section>
      ) : null}
      <ReadCounter id={post.id} isPublished={post.isPublished} />
    </article>
  );
}
