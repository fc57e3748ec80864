// A list's view lives in its address (page, sort, search, filters), so a link reproduces it and
// the back button walks back through it. Keys: page, sort_by, q; every other key is a filter of the
// query language, passed to the API as it is.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export interface ListParams {
  page: number;
  sortBy: string | undefined;
  search: string;
  filters: Record<string, string>;
}

const RESERVED = new Set(['page', 'sort_by', 'q']);

/** The view a list's address describes (also read by a route's clientLoader to prefetch). */
export function readListParams(params: URLSearchParams, defaults: { sortBy?: string } = {}): ListParams {
  const filters: Record<string, string> = {};
  for (const [key, v] of params) if (!RESERVED.has(key)) filters[key] = v;
  return {
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
    sortBy: params.get('sort_by') ?? defaults.sortBy,
    search: params.get('q') ?? '',
    filters,
  };
}

export function useListParams(defaults: { sortBy?: string } = {}) {
  const [params, setParams] = useSearchParams();
  const value = useMemo<ListParams>(
    () => readListParams(params, { sortBy: defaults.sortBy }),
    [params, defaults.sortBy],
  );

  /** Changes part of the view; any change but the page goes back to page 1. */
  const update = useCallback(
    (change: Partial<ListParams>) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          const set = (key: string, v: string | undefined) => {
            if (v === undefined || v === '') next.delete(key);
            else next.set(key, v);
          };
          if (change.sortBy !== undefined) set('sort_by', change.sortBy);
          if (change.search !== undefined) set('q', change.search.trim());
          if (change.filters) {
            for (const key of [...next.keys()]) if (!RESERVED.has(key)) next.delete(key);
            for (const [key, v] of Object.entries(change.filters)) set(key, v);
          }
          if (change.page !== undefined) set('page', change.page > 1 ? String(change.page) : undefined);
          else next.delete('page');
          return next;
        },
        { replace: change.page === undefined && change.sortBy === undefined },
      );
    },
    [setParams],
  );
  return [value, update] as const;
}
