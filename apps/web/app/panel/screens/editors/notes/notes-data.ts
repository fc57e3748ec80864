// Notes of one item (issue 35 §2): the threads, the colleagues who may be mentioned, and the writes.
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export type NoteItemType = 'factcheck' | 'article';

export interface PanelNote {
  _id: string;
  item: string;
  itemType: NoteItemType;
  field: string | null;
  body: string;
  mentions: string[];
  parent: string | null;
  resolved: boolean;
  createdBy: string | null;
  createdAt: string;
}

export const NOTE_FIELDS: Record<NoteItemType, string[]> = {
  factcheck: [
    'title',
    'claimSummary',
    'claims',
    'againstClaim',
    'conclusion',
    'category',
    'sources',
    'references',
  ],
  article: ['title', 'description', 'content'],
};

export const notesQuery = (itemType: NoteItemType, item: string) =>
  queryOptions({
    queryKey: ['notes', itemType, item],
    queryFn: async ({ signal }) =>
      (await apiClient().request<{ data: PanelNote[] }>('GET', 'note', { query: { item, itemType }, signal }))
        .data,
  });

export const mentionableQuery = (itemType: NoteItemType, item: string) =>
  queryOptions({
    queryKey: ['notes', itemType, item, 'mentionable'],
    queryFn: async ({ signal }) =>
      (
        await apiClient().request<{ data: { _id: string; name: string }[] }>('GET', 'note/mentionable', {
          query: { item, itemType },
          signal,
        })
      ).data,
    staleTime: 60_000,
  });

export const addNote = (body: {
  item: string;
  itemType: NoteItemType;
  body: string;
  field?: string | null;
  parent?: string | null;
  mentions: string[];
}) => apiClient().request<{ _id: string; document: PanelNote }>('POST', 'note', { body });

export const setResolved = (id: string, resolved: boolean) =>
  apiClient().request('PATCH', `note/${encodeURIComponent(id)}`, { body: { resolved } });
