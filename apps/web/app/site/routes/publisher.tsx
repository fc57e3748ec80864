import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { chipStyle } from '../components/chip-style.ts';
import { Paginator } from '../components/paginator.tsx';
import { PostGrid } from '../components/post-card.tsx';
import { SourceScore } from '../components/source-score.tsx';
import { loadPublisherPage } from '../data/listing.server.ts';
import { requireServices } from '../data/optional-services.server.ts';
import { useMessages } from '../i18n/use-language.ts';
import { metaFromSeo } from './route-helpers.ts';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadPublisherPage(requireServices(context), request, params.id ?? '');
}

export const meta = metaFromSeo;

export default function PublisherRoute() {
  const { source, result } = useLoaderData<typeof loader>();
  const t = useMessages();
  const color = source.rating?.color ?? '#8a8f98';
  return (
    <div className="container list-page" style={{ '--accent': color } as React.CSSProperties}>
      <header className="featured-header">
        <div>
          <h1>{source.name}</h1>
          {source.description ? <p>{source.description}</p> : null}
          <p className="source-meta">
            {source.rating ? (
              <span className="rating-chip" style={chipStyle(source.rating.color)}>
                {source.rating.name}
              </span>
            ) : null}
            {source.score !== null ? <SourceScore score={source.score} /> : null}
            <span>
              <strong>{source.falseClaims}</strong> {t.falseClaims}
            </span>
            {source.link ? (
              <a href={source.link} rel="nofollow noopener" target="_blank">
                {t.visitSource}
              </a>
            ) : null}
          </p>
        </div>
      </header>
      <h2 className="section-title">{t.publisherFactchecks}</h2>
      <PostGrid posts={result.items} headingLevel={3} />
      <Paginator page={result.page} pageCount={result.pageCount} />
    </div>
  );
}
