import { Form, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { chipStyle } from '../components/chip-style.ts';
import { Picture } from '../components/picture.tsx';
import { SiteLink } from '../components/site-link.tsx';
import { SourceScore } from '../components/source-score.tsx';
import { requireServices } from '../data/optional-services.server.ts';
import { loadSourcesPage } from '../data/pages.server.ts';
import { useMessages } from '../i18n/use-language.ts';
import { metaFromSeo } from './route-helpers.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadSourcesPage(requireServices(context), request);
}

export const meta = metaFromSeo;

export default function SourcesRoute() {
  const { name, sources } = useLoaderData<typeof loader>();
  const t = useMessages();
  return (
    <div className="container list-page">
      <header className="featured-header">
        <div>
          <h1>{t.sourcesTitle}</h1>
          <p>{t.sourcesIntro}</p>
        </div>
      </header>
      <Form method="get" className="search-box">
        <input
          type="search"
          name="name"
          defaultValue={name}
          placeholder={t.sourcesSearch}
          aria-label={t.sourcesSearch}
          key={name}
        />
        <button type="submit" className="button">
          {t.search}
        </button>
      </Form>
      {sources.length === 0 ? <p className="empty">{t.noResults}</p> : null}
      <ul className="source-grid">
        {sources.map((source) => (
          <li
            key={source.id}
            style={{ '--accent': source.rating?.color ?? '#8a8f98' } as React.CSSProperties}
          >
            <SiteLink to={source.href} className="source-card">
              <Picture image={source.image} color={source.rating?.color ?? '#8a8f98'} label="" />
              <span className="source-name">{source.name}</span>
              <span className="source-meta">
                {source.rating ? (
                  <span className="rating-chip small" style={chipStyle(source.rating.color)}>
                    {source.rating.name}
                  </span>
                ) : null}
                {source.score !== null ? <SourceScore score={source.score} /> : null}
              </span>
            </SiteLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
