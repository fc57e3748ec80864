import type { CategoryHeader } from '../data/listing.server.ts';
import type { PageResult } from '../data/types.ts';
import { accentStyle } from './chip-style.ts';
import { Paginator } from './paginator.tsx';
import { PostGrid } from './post-card.tsx';
import { SiteLink } from './site-link.tsx';

/** Category and topic pages: featured header, sibling links, 9 cards, paginator. */
export function ListPage({ header, result }: { header: CategoryHeader; result: PageResult }) {
  return (
    <div className="container list-page" style={accentStyle(header.color)}>
      <header className="featured-header">
        {header.image ? (
          <img
            src={header.image.small ?? header.image.src}
            alt=""
            width="96"
            height="96"
            className="featured-image"
          />
        ) : null}
        <div>
          <h1>{header.name}</h1>
          {header.description ? <p>{header.description}</p> : null}
        </div>
      </header>
      {header.siblings.length > 1 ? (
        <nav className="link-bar siblings" aria-label={header.name}>
          {header.siblings.map((link) => (
            <SiteLink key={link.id} to={link.href} aria-current={link.isCurrent ? 'page' : undefined}>
              {link.name}
            </SiteLink>
          ))}
        </nav>
      ) : null}
      <PostGrid posts={result.items} headingLevel={2} />
      <Paginator page={result.page} pageCount={result.pageCount} />
    </div>
  );
}
