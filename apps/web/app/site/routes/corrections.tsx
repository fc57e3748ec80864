// /corrections, /en/corrections, /tr/corrections (issue 33 §3): every correction of the language's
// published items, newest first, 20 a page, with its RSS feed.
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { CorrectionListItem } from '../components/correction-notices.tsx';
import { Paginator } from '../components/paginator.tsx';
import { loadCorrectionsPage } from '../data/corrections.server.ts';
import { requireServices } from '../data/optional-services.server.ts';
import { useMessages } from '../i18n/use-language.ts';
import { metaFromSeo } from './route-helpers.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadCorrectionsPage(requireServices(context), request);
}

export const meta = metaFromSeo;

export default function CorrectionsRoute() {
  const { entries, page, pageCount, rssHref } = useLoaderData<typeof loader>();
  const t = useMessages();
  return (
    <div className="container list-page corrections-page">
      <h1 className="section-title">{t.corrections}</h1>
      <p>{t.correctionsIntro}</p>
      <p>
        <a href={rssHref} type="application/rss+xml">
          {t.correctionsFeed}
        </a>
      </p>
      {entries.length === 0 ? (
        <p>{t.correctionsEmpty}</p>
      ) : (
        <ol className="correction-list">
          {entries.map((entry) => (
            <CorrectionListItem key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      <Paginator page={page} pageCount={pageCount} />
    </div>
  );
}
