import type { StaticPageData } from '../data/pages.server.ts';
import { useMessages } from '../i18n/use-language.ts';
import { chipStyle } from './chip-style.ts';
import { SiteLink } from './site-link.tsx';

export function StaticPageView({ data }: { data: StaticPageData }) {
  const t = useMessages();
  const { page, ratings } = data;
  return (
    <article className="container static-page">
      <header className="featured-header">
        <div>
          <h1>{page.title}</h1>
          <p className="lead">{page.lead}</p>
        </div>
      </header>
      <div className="prose">
        {page.sections.map((section, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered.
          <section key={index}>
            {section.heading ? <h2>{section.heading}</h2> : null}
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {section.list ? (
              <ul>
                {section.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
      </div>
      {ratings.length > 0 ? (
        <section className="rating-table-section" aria-labelledby="rating-table">
          <h2 id="rating-table">{t.ratingTable}</h2>
          <table className="rating-table">
            <thead>
              <tr>
                <th scope="col">{t.ratingName}</th>
                <th scope="col">{t.ratingMeaning}</th>
              </tr>
            </thead>
            <tbody>
              {ratings.flatMap((rating) => [
                <tr
                  key={rating.id}
                  className="rating-row"
                  style={{ '--rating': rating.color } as React.CSSProperties}
                >
                  <th scope="row">
                    <SiteLink to={rating.href} className="rating-chip" style={chipStyle(rating.color)}>
                      {rating.name}
                    </SiteLink>
                  </th>
                  <td>{rating.description}</td>
                </tr>,
                ...rating.children.map((child) => (
                  <tr key={child.id} className="rating-child">
                    <th scope="row">
                      <span className="dot" style={{ background: child.color }} /> {child.name}
                    </th>
                    <td>{child.description}</td>
                  </tr>
                )),
              ])}
            </tbody>
          </table>
        </section>
      ) : null}
    </article>
  );
}
