import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { accentStyle } from '../components/chip-style.ts';
import { SocialLinks } from '../components/footer.tsx';
import { Icon } from '../components/icons.tsx';
import { PostCard, TitleCard } from '../components/post-card.tsx';
import { SiteLink } from '../components/site-link.tsx';
import { loadHome } from '../data/home.server.ts';
import { servicesOfOptional } from '../data/optional-services.server.ts';
import { useMessages } from '../i18n/use-language.ts';
import { SOCIAL_ACCOUNTS } from '../social.ts';
import { metaFromSeo } from './route-helpers.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadHome(servicesOfOptional(context), request);
}

export const meta = metaFromSeo;

/** The four rating sections, up to 4 items each. */
const SECTION_ITEMS = 4;

export default function HomeRoute() {
  const home = useLoaderData<typeof loader>();
  const t = useMessages();
  const [lead, ...moreSlides] = home.slides;
  return (
    <div className="container home">
      <h1 className="visually-hidden">
        {t.siteName} - {t.tagline}
      </h1>
      {lead ? (
        <section className="hero" aria-labelledby="hero-title">
          {/* Keeps the heading levels in order (h1, h2, then the cards' h3) for assistive technology. */}
          <h2 id="hero-title" className="visually-hidden">
            {t.editorsPicks}
          </h2>
          <PostCard post={lead} size="large" />
          <ol className="hero-list">
            {moreSlides.map((post) => (
              <li key={post.id}>
                <TitleCard post={post} />
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {home.sections.length === 0 && !lead ? <p className="empty">{t.homeEmpty}</p> : null}
      <div className="home-layout">
        <div className="home-sections">
          {home.sections.map((section) => {
            const [first, ...rest] = section.items.slice(0, SECTION_ITEMS);
            // A filter link loads the page again: the fragment brings the reader back to this section.
            const sectionAnchor = `section-${section.category.id}`;
            return (
              <section
                key={section.category.id}
                className="home-section"
                data-section={section.category.id}
                aria-labelledby={`section-${section.category.id}`}
                style={accentStyle(section.category.color)}
              >
                <header className="section-header">
                  <h2 id={sectionAnchor} className="section-title">
                    <SiteLink to={section.category.href}>{section.category.name}</SiteLink>
                  </h2>
                  <nav className="link-bar" aria-label={section.category.name}>
                    <SiteLink
                      to={`${section.allHref}#${sectionAnchor}`}
                      aria-current={section.filter === null ? 'true' : undefined}
                    >
                      {t.allInCategory}
                    </SiteLink>
                    {section.filterLinks.map((link) => (
                      <SiteLink
                        key={link.id}
                        to={`${link.href}#${sectionAnchor}`}
                        aria-current={link.isActive ? 'true' : undefined}
                      >
                        {link.name}
                      </SiteLink>
                    ))}
                  </nav>
                </header>
                {first ? (
                  <div className="section-body">
                    <PostCard post={first} size="large" />
                    <div className="section-titles">
                      {rest.map((post) => (
                        <TitleCard key={post.id} post={post} />
                      ))}
                    </div>
                  </div>
                ) : (
                  <p className="empty">{t.noResults}</p>
                )}
              </section>
            );
          })}
          {home.picks.length > 0 ? (
            <section className="home-section picks" aria-labelledby="picks-title">
              <h2 id="picks-title" className="section-title">
                {t.editorsPicks}
              </h2>
              <div className="post-grid">
                {home.picks.slice(0, 3).map((post) => (
                  <PostCard key={post.id} post={post} />
                ))}
              </div>
            </section>
          ) : null}
        </div>
        <aside className="sidebar">
          {home.mostRead.length > 0 ? (
            <section className="sidebar-box" aria-labelledby="most-read-title">
              <h2 id="most-read-title">{t.mostRead}</h2>
              <ol className="most-read">
                {home.mostRead.map((post) => (
                  <li key={post.id}>
                    <SiteLink to={post.href}>{post.title}</SiteLink>
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
          {home.counts.length > 0 ? (
            <section className="sidebar-box" aria-labelledby="counts-title">
              <h2 id="counts-title">{t.factchecksCount}</h2>
              <ul className="category-counts">
                {home.counts.map((count) => (
                  <li key={count.id} style={{ '--accent': count.color } as React.CSSProperties}>
                    <SiteLink to={count.href}>
                      <span>{count.name}</span>
                      <strong>{count.count}</strong>
                    </SiteLink>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section className="sidebar-box" aria-labelledby="follow-title">
            <h2 id="follow-title">{t.followUs}</h2>
            <ul className="follower-list">
              {SOCIAL_ACCOUNTS.map((account) => (
                <li key={account.icon}>
                  <a href={account.url} target="_blank" rel="noopener me">
                    <Icon name={account.icon} />
                    <span>{account.name}</span>
                    <strong>
                      {account.followers} <small>{t.followers}</small>
                    </strong>
                  </a>
                </li>
              ))}
            </ul>
            <SocialLinks />
          </section>
        </aside>
      </div>
    </div>
  );
}
