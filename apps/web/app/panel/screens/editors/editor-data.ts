// What the editors' pick lists read: criteria with their scores, active authors, media sources and
// the taxonomy (one request each, cached), as options in the interface language.
import type { OptionItem } from '@tabayyun/forms';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { usePanelLanguage } from '../../i18n/i18n.tsx';
import { apiClient, type Doc } from '../../lib/api-client.ts';
import { type CategoryRecord, useCategories, useNamedRecords } from '../content/content-data.ts';

export interface CriteriaRecord extends CategoryRecord {
  score?: number | null;
}

const LONG_STALE = 5 * 60_000;

export const criteriaQuery = () =>
  queryOptions({
    queryKey: ['list', 'category', 'criteria-with-scores'],
    queryFn: async ({ signal }) =>
      (
        await apiClient().list<CriteriaRecord>(
          'category',
          { path: '/criteria*', per_page: 500, sort_by: 'path', select: '_id,name,nameEn,parent,path,score' },
          signal,
        )
      ).data,
    staleTime: LONG_STALE,
  });

export function useCriteria() {
  return useQuery(criteriaQuery());
}

export const activeAuthorsQuery = () =>
  queryOptions({
    queryKey: ['list', 'author', 'active-for-editor'],
    queryFn: async ({ signal }) =>
      (
        await apiClient().list<Doc & { _id: string; name: string }>(
          'author',
          { active: true, per_page: 500, sort_by: 'name', select: '_id,name' },
          signal,
        )
      ).data,
    staleTime: LONG_STALE,
  });

export function useActiveAuthors() {
  return useQuery(activeAuthorsQuery());
}

export interface EditorOptions {
  isLoading: boolean;
  authors: OptionItem[];
  mediaSources: OptionItem[];
  topics: OptionItem[];
  tags: OptionItem[];
  countries: OptionItem[];
  /** The top-level criteria (the verdicts). */
  criteria: OptionItem[];
  /** Children of a criteria category (evaluation rows). */
  childrenOf(category: string | null | undefined): OptionItem[];
  /** A criteria category's score (0 when none). */
  scoreOf(category: string | null | undefined): number;
}

/** Every pick list of the editors, ready as options. */
export function useEditorOptions(withFactcheckLists: boolean): EditorOptions {
  const { language } = usePanelLanguage();
  const categories = useCategories();
  const authors = useActiveAuthors();
  const mediaSources = useNamedRecords('media-source', withFactcheckLists);
  const criteria = useCriteria();
  return useMemo(() => {
    const nameOf = (c: CategoryRecord) => (language === 'en' && c.nameEn ? c.nameEn : c.name);
    const all = categories.data ?? [];
    const under = (root: string) =>
      all.filter((c) => c.path.startsWith(`/${root}/`)).map((c) => ({ value: c._id, display: nameOf(c) }));
    const crit = criteria.data ?? [];
    const root = crit.find((c) => !c.parent || c.path === '/criteria');
    const byId = new Map(crit.map((c) => [c._id, c]));
    return {
      isLoading:
        categories.isLoading ||
        authors.isLoading ||
        (withFactcheckLists && (criteria.isLoading || mediaSources.isLoading)),
      authors: (authors.data ?? []).map((a) => ({ value: a._id, display: a.name })),
      mediaSources: (mediaSources.data ?? []).map((m) => ({ value: m._id, display: m.name })),
      topics: under('topic'),
      tags: under('tag'),
      countries: under('country'),
      criteria: crit
        .filter((c) => root && c.parent === root._id)
        .map((c) => ({ value: c._id, display: nameOf(c) })),
      childrenOf: (category) =>
        category
          ? crit.filter((c) => c.parent === category).map((c) => ({ value: c._id, display: nameOf(c) }))
          : [],
      scoreOf: (category) => (category ? Number(byId.get(category)?.score ?? 0) : 0),
    };
  }, [
    language,
    categories.data,
    categories.isLoading,
    authors.data,
    authors.isLoading,
    mediaSources.data,
    mediaSources.isLoading,
    criteria.data,
    criteria.isLoading,
    withFactcheckLists,
  ]);
}
