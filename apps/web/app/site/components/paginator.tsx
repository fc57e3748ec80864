import { useLocation } from 'react-router';
import { useMessages } from '../i18n/use-language.ts';
import { SiteLink } from './site-link.tsx';

/** Page numbers to show: all up to 5 pages, else a window of 3 each side of the current page. */
export function pageWindow(page: number, pageCount: number, radius = 3): number[] {
  if (pageCount <= 5) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const start = Math.max(1, Math.min(page - radius, pageCount - 2 * radius));
  const end = Math.min(pageCount, Math.max(page + radius, 1 + 2 * radius));
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

/** The address of another page, keeping every other query parameter. */
export function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete('page');
  else params.set('page', String(page));
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ''}`;
}

/** Shown only with more than one page; previous and next links. */
export function Paginator({ page, pageCount }: { page: number; pageCount: number }) {
  const t = useMessages();
  const location = useLocation();
  if (pageCount <= 1) return null;
  const href = (n: number) => pageHref(location.pathname, location.search, n);
  return (
    <nav className="paginator" aria-label={t.pagination}>
      {page > 1 ? (
        <SiteLink to={href(page - 1)} rel="prev" className="paginator-step">
          {t.previous}
        </SiteLink>
      ) : null}
      <ol>
        {pageWindow(page, pageCount).map((n) => (
          <li key={n}>
            {n === page ? (
              <span aria-current="page">{n}</span>
            ) : (
              <SiteLink to={href(n)} aria-label={`${t.page} ${n}`}>
                {n}
              </SiteLink>
            )}
          </li>
        ))}
      </ol>
      {page < pageCount ? (
        <SiteLink to={href(page + 1)} rel="next" className="paginator-step">
          {t.next}
        </SiteLink>
      ) : null}
    </nav>
  );
}
