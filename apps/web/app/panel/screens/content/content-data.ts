// Data the content lists and the dashboard share: the taxonomy (one request for every category),
// authors and media sources as pick lists, the statuses, the public address of an item, and the
// names of records in the interface language.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { usePanelLanguage } from '../../i18n/i18n.tsx';
import { apiClient, type Doc } from '../../lib/api-client.ts';
import { panelQueryClient } from '../../lib/query-client.ts';
import { sessionManager } from '../../lib/session.ts';

export type ContentKind = 'factcheck' | 'article';
export const CONTENT_STATUSES = ['draft', 'review', 'published'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
export const isContentStatus = (value: unknown): value is ContentStatus =>
  typeof value === 'string' && (CONTENT_STATUSES as readonly string[]).includes(value);

export interface CategoryRecord extends Doc {
  _id: string;
  name: string;
  nameEn?: string | null;
  parent?: string | null;
  path: string;
  color?: string | null;
}

export interface NamedRecord extends Doc {
  _id: string;
  name: string;
}

const LONG_STALE = 5 * 60_000;

/** Every category (criteria, topics, tags, countries) in one request, sorted by path. */
export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['list', 'category', 'all-for-content'],
    queryFn: async ({ signal }) =>
      (
        await apiClient().list<CategoryRecord>(
          'category',
          { per_page: 500, sort_by: 'path', select: '_id,name,nameEn,parent,path,color' },
          signal,
        )
      ).data,
    staleTime: LONG_STALE,
  });

export function useCategories() {
  return useQuery(categoriesQuery());
}

/** A content count by status: the lists' status links and the dashboard share the request. */
export const statusCountQuery = (kind: ContentKind, status: ContentStatus) =>
  queryOptions({
    queryKey: ['list', kind, 'count', status],
    queryFn: ({ signal }) => apiClient().count(kind, { status }, signal),
  });

/** How many items wait for a scheduled publication (issue 33 §5). */
export const scheduledCountQuery = (kind: ContentKind) =>
  queryOptions({
    queryKey: ['list', kind, 'count', 'scheduled'],
    queryFn: ({ signal }) =>
      apiClient().count(kind, { status: '{ne}published', publishAt: '{exists}true' }, signal),
  });

/** Starts the categories and a kind's status counts from a route's clientLoader (not awaited). */
export function prefetchCountsAndCategories(kinds: readonly ContentKind[]): void {
  if (!sessionManager().hasSession()) return;
  const client = panelQueryClient();
  void client.prefetchQuery(categoriesQuery());
  for (const kind of kinds)
    for (const status of CONTENT_STATUSES) void client.prefetchQuery(statusCountQuery(kind, status));
}

/** Authors or media sources by name, for the filter pick lists. */
export const namedRecordsQuery = (resource: 'author' | 'media-source') =>
  queryOptions({
    queryKey: ['list', resource, 'all-for-content'],
    queryFn: async ({ signal }) =>
      (
        await apiClient().list<NamedRecord>(
          resource,
          { per_page: 500, sort_by: 'name', select: '_id,name' },
          signal,
        )
      ).data,
    staleTime: LONG_STALE,
  });

export function useNamedRecords(resource: 'author' | 'media-source', enabled = true) {
  return useQuery({ ...namedRecordsQuery(resource), enabled });
}

/** Children of a taxonomy root (`criteria`, `topic`, `tag`, `country`), or deeper levels. */
export function categoriesUnder(
  categories: CategoryRecord[] | undefined,
  root: string,
  depth = 1,
): CategoryRecord[] {
  if (!categories) return [];
  const prefix = `/${root}/`;
  return categories.filter(
    (c) => c.path.startsWith(prefix) && c.path.slice(prefix.length).split('/').length === depth,
  );
}

/** A category's name in the interface language (English falls back to the Arabic name). */
export function useCategoryName() {
  const { language } = usePanelLanguage();
  return useCallback(
    (category: Partial<CategoryRecord> | null | undefined): string =>
      category ? String((language === 'en' && category.nameEn) || category.name || category._id || '') : '',
    [language],
  );
}

/** The public address of a published item in its own language. */
export function siteUrl(kind: ContentKind, row: Doc): string {
  const language = String(row.language ?? 'ar');
  const prefix = language === 'ar' ? '' : `/${language}`;
  return `${prefix}/${kind}/${encodeURIComponent(String(row.slug ?? row._id))}`;
}

/** GET /api/<kind>/<id>/preview-link → a signed draft link valid for 6 hours. */
export async function fetchPreviewLink(kind: ContentKind, id: string, signal?: AbortSignal): Promise<string> {
  const answer = await apiClient().request<{ data: { url: string; expiresAt?: string | number } }>(
    'GET',
    `${kind}/${encodeURIComponent(id)}/preview-link`,
    { signal },
  );
  if (!answer?.data?.url) throw new Error('no preview link');
  return answer.data.url;
}
