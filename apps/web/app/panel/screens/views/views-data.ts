// Saved views (GET/POST/PATCH/DELETE /api/view) and list exports (GET /api/<resource>/export.*),
// for the lists' toolbar and the side menu (issue 35 §4, ADR 052).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiClient, type Params } from '../../lib/api-client.ts';
import { ApiError, withQuery } from '../../lib/http.ts';
import { sessionManager } from '../../lib/session.ts';
import { useSession } from '../../lib/use-session.ts';

export interface SavedView {
  _id: string;
  name: string;
  resource: string;
  /** The panel screen (`/panel/factcheck/review`). */
  path: string;
  /** The screen's query string, without the page. */
  query: string;
  sharedWith: string[];
  owner: string;
}

/** The lists the server exports (the content's resources and the audit log). */
export const EXPORTABLE = new Set([
  'factcheck',
  'article',
  'feed',
  'category',
  'author',
  'media-source',
  'media-source-run',
  'scraping-report',
  'contact',
  'correction',
  'audit',
]);
/** The lists a view may be saved of. */
export const VIEWABLE = new Set([...EXPORTABLE, 'user', 'role']);

export const VIEWS_KEY = ['views'] as const;

/** The caller's views and those shared with their roles (one request for the whole panel). */
export function useSavedViews() {
  const { claims } = useSession();
  return useQuery({
    queryKey: [...VIEWS_KEY, claims?.sub ?? ''],
    queryFn: ({ signal }) =>
      apiClient()
        .request<{ data: SavedView[] }>('GET', 'view', { signal })
        .then((answer) => answer.data),
    enabled: Boolean(claims?.sub),
    staleTime: 60_000,
  });
}

/** The address a view opens. */
export const viewHref = (view: Pick<SavedView, 'path' | 'query'>) =>
  view.query ? `${view.path}?${view.query}` : view.path;

/** A screen's query string as a view keeps it: without the page. */
export function viewQueryOf(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('page');
  return params.toString();
}

export function useViewWrites() {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: VIEWS_KEY }), [queryClient]);
  return {
    create: async (view: Omit<SavedView, '_id' | 'owner'>) => {
      await apiClient().request('POST', 'view', { body: view });
      await refresh();
    },
    rename: async (id: string, name: string) => {
      await apiClient().request('PATCH', `view/${encodeURIComponent(id)}`, { body: { name } });
      await refresh();
    },
    remove: async (id: string) => {
      await apiClient().request('DELETE', `view/${encodeURIComponent(id)}`);
      await refresh();
    },
  };
}

/**
 * The API query of a list's view for an export: the table's params without the page, the search
 * box as the list sends it (`a=*q*|b=*q*`, api-client.ts).
 */
export function exportQuery(params: Params): Record<string, string> {
  const { search, searchField, page: _page, per_page: _perPage, ...rest } = params;
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined && value !== null && value !== '') query[key] = String(value);
  }
  if (typeof search === 'string' && search.trim()) {
    const fields = String(searchField ?? 'name').split(',');
    const pattern = `*${search.trim()}*`;
    query[fields[0]!] =
      fields.length === 1
        ? pattern
        : `${pattern}|${fields
            .slice(1)
            .map((f) => `${f}=${pattern}`)
            .join('|')}`;
  }
  return query;
}

/**
 * Downloads an export: the server streams it; the browser keeps it as a file (a link to a blob,
 * since the request carries the bearer token).
 */
export async function downloadExport(
  resource: string,
  format: 'csv' | 'json',
  query: Record<string, string>,
): Promise<void> {
  const token = await sessionManager().accessToken();
  const url = withQuery(apiClient().url(`${resource}/export.${format}`), query);
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new ApiError({
      status: response.status,
      code: body.code ?? `HTTP_${response.status}`,
      message: body.message ?? response.statusText,
    });
  }
  const blob = await response.blob();
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    `${resource}.${format}`;
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = name;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
