// The feed workflow's actions (spec §4), through the server's action route POST /api/feed/:id/:action:
// Archive and Review patch the status (the server logs it in updateLog); Investigate creates the
// linked draft fact-check and stores its id and title on the feed item, then the editor opens it.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useWrite } from '../../components/mutations.ts';
import { apiClient, type Doc, type WriteAnswer } from '../../lib/api-client.ts';
import { apiPath, type Can } from '../../lib/permissions.ts';

export type FeedAction = 'archive' | 'review' | 'investigate';

export interface FeedItem extends Doc {
  status?: string;
  title?: string;
  description?: string | null;
  featuredImage?: { path: string }[];
  mediaSource?: (string | { _id: string; name?: string })[];
  publishedDate?: string | null;
  factcheck?: { _id: string; title?: string } | null;
  updateLog?: Record<string, unknown>[];
  /** Monitoring (issue 15): the entry's address and the published fact-checks it may restate. */
  link?: string | null;
  matches?: FeedMatch[];
  /** A reader's "Is this true?" (issue 36 §1): source "reader" and how often it was asked. */
  source?: string | null;
  askedCount?: number;
}

export interface FeedMatch {
  _id: string;
  title: string;
  slug?: string | null;
  score: number;
}

/** The actions a status offers (spec §4); Investigate only while no fact-check exists. */
export function feedActionsFor(item: FeedItem): FeedAction[] {
  switch (item.status) {
    case 'new':
      return ['archive', 'review'];
    case 'review':
      return item.factcheck ? ['archive'] : ['archive', 'investigate'];
    case 'archive':
      return ['review'];
    default:
      return [];
  }
}

/** Archive and Review patch the feed item; Investigate creates a fact-check. */
export function canRunFeedAction(can: Can, action: FeedAction): boolean {
  return action === 'investigate' ? can('Create', apiPath('factcheck')) : can('Patch', apiPath('feed'));
}

export function useFeedAction() {
  const write = useWrite();
  const navigate = useNavigate();
  return useCallback(
    async (item: FeedItem, action: FeedAction) => {
      const answer = await write(['feed', 'factcheck'], () =>
        apiClient().request<WriteAnswer>('POST', `feed/${encodeURIComponent(String(item._id))}/${action}`),
      );
      if (answer && action === 'investigate') {
        const id = answer.result?._id ?? answer._id;
        navigate(`/panel/factcheck/edit/${encodeURIComponent(id)}`);
      }
      return answer;
    },
    [write, navigate],
  );
}

/** Links a feed item to an existing fact-check (POST /api/feed/:id/link) instead of Investigate. */
export function useFeedLink() {
  const write = useWrite();
  return useCallback(
    (item: FeedItem, factcheck: string) =>
      write(['feed'], () =>
        apiClient().request<WriteAnswer>('POST', `feed/${encodeURIComponent(String(item._id))}/link`, {
          body: { factcheck },
        }),
      ),
    [write],
  );
}
