// The desk's reads and writes (issue 35 §1): the caller's queue, the needs-attention figures, the
// colleagues an item may be assigned to, and the assignment itself (a PATCH of assignee and dueAt).
import { queryOptions } from '@tanstack/react-query';
import { apiClient, type Doc, type PatchOperation } from '../../lib/api-client.ts';

export type DeskResource = 'factcheck' | 'article' | 'feed';
export type QueueReason = 'assigned' | 'sent-back' | 'overdue';

export interface QueueItem {
  _id: string;
  itemType: DeskResource;
  title: string;
  status: string;
  language: string | null;
  reason: QueueReason;
  statusReason: string | null;
  assignee: string | null;
  dueAt: string | null;
  updatedAt: string;
}

export interface AttentionFigure {
  key: 'overdue' | 'review-24h' | 'feed-6h' | 'needs-update';
  resource: DeskResource;
  query: string;
  count: number;
}

export const QUEUE_PAGE_SIZE = 25;

export const queueQuery = (page: number, reason: QueueReason | null) =>
  queryOptions({
    queryKey: ['desk', 'queue', page, reason],
    queryFn: ({ signal }) =>
      apiClient().request<{ data: QueueItem[]; total: number }>('GET', 'queue', {
        query: { page, per_page: QUEUE_PAGE_SIZE, ...(reason ? { reason } : {}) },
        signal,
      }),
  });

export const attentionQuery = () =>
  queryOptions({
    queryKey: ['desk', 'attention'],
    queryFn: async ({ signal }) =>
      (await apiClient().request<{ data: AttentionFigure[] }>('GET', 'queue/attention', { signal })).data,
  });

export const assigneesQuery = (resource: DeskResource) =>
  queryOptions({
    queryKey: ['desk', 'assignees', resource],
    queryFn: async ({ signal }) =>
      (
        await apiClient().request<{ data: { _id: string; name: string }[] }>('GET', 'queue/assignees', {
          query: { resource },
          signal,
        })
      ).data,
    staleTime: 60_000,
  });

/** The editor's address of an item. */
export const editUrlOf = (resource: DeskResource, id: string) =>
  resource === 'feed'
    ? `/panel/feeds/edit/${encodeURIComponent(id)}`
    : `/panel/${resource}/edit/${encodeURIComponent(id)}`;

/** The list that shows a needs-attention figure's items (its query in the address). */
export function listUrlOf(figure: Pick<AttentionFigure, 'resource' | 'query'>): string {
  const params = new URLSearchParams(figure.query);
  const first = (params.get('status') ?? '').split('|')[0];
  if (figure.resource === 'feed') return `/panel/feeds/list/${first || 'new'}?${figure.query}`;
  return `/panel/${figure.resource}/${first || 'draft'}?${figure.query}`;
}

/** `datetime-local` value ⇄ ISO: the input speaks local time without a zone. */
export function toLocalInput(iso: unknown): string {
  if (typeof iso !== 'string' || !iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
export const fromLocalInput = (value: string): string | null =>
  value ? new Date(value).toISOString() : null;

export function assignmentOps(assignee: string | null, dueAt: string | null): PatchOperation[] {
  return [
    { op: 'replace', path: '/assignee', value: assignee },
    { op: 'replace', path: '/dueAt', value: dueAt },
  ];
}

export const saveAssignment = (
  resource: DeskResource,
  id: string,
  assignee: string | null,
  dueAt: string | null,
) => apiClient().patch<Doc>(resource, id, assignmentOps(assignee, dueAt));
