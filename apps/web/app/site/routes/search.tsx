import { Form, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { Paginator } from '../components/paginator.tsx';
import { PostGrid } from '../components/post-card.tsx';
import { loadSearchPage } from '../data/listing.server.ts';
import { requireServices } from '../data/optional-services.server.ts';
import { resultCountText } from '../i18n/messages.ts';
import { useLanguage, useMessages } from '../i18n/use-language.ts';
import { metaFromSeo } from './route-helpers.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadSearchPage(requireServices(context), request);
}

export const meta = metaFromSeo;

export default function SearchRoute() {
  const { keyword, result } = useLoaderData<typeof loader>();
  const t = useMessages();
  const language = useLanguage();
  return (
    <div className="container list-page">
      <header className="featured-header">
        <div>
          <h1>{keyword ? `${t.searchResultsFor} "${keyword}"` : t.searchTitle}</h1>
          <p>{t.searchHint}</p>
        </div>
      </header>
      <Form method="get" className="search-box" aria-label={t.advancedSearch}>
        <input
          type="search"
          name="keyword"
          defaultValue={keyword}
          placeholder={t.searchPlaceholder}
          aria-label={t.search}
          key={keyword}
        />
        <button type="submit" className="button">
          {t.search}
        </button>
      </Form>
      {result ? (
        <>
          {result.total > 0 ? (
            <p className="muted" data-testid="search-total">
              {result.totalAtLeast
                ? resultCountText(language, result.total).replace(String(result.total), `${result.total}+`)
                : resultCountText(language, result.total)}
            </p>
          ) : null}
          <PostGrid posts={result.items} headingLevel={2} />
          <Paginator page={result.page} pageCount={result.pageCount} />
        </>
      ) : null}
    </div>
  );
}
