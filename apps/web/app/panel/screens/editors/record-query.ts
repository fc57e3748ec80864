// The record an editor opens: one query, started by the route's loader and read by the screen.
import { queryOptions } from '@tanstack/react-query';
import { apiClient, type Doc } from '../../lib/api-client.ts';
import type { ContentKind } from '../content/content-data.ts';

export const recordQueryKey = (kind: ContentKind, id: string) => ['record', kind, id] as const;

/** A record fetched this long ago is fresh enough to open (the loader fetched it for this visit). */
const JUST_FETCHED_MS = 5_000;

export const recordQuery = (kind: ContentKind, id: string) =>
  queryOptions({
    queryKey: recordQueryKey(kind, id),
    queryFn: ({ signal }) => apiClient().get<Doc>(kind, id, {}, signal),
    // The editor keeps its own copy after a save; a background refetch must not reset the form.
    staleTime: Number.POSITIVE_INFINITY,
    // Opening the editor reads the record again, unless the route's loader just did.
    refetchOnMount: (query) => (Date.now() - query.state.dataUpdatedAt > JUST_FETCHED_MS ? 'always' : false),
  });
