// Feed actions by name (Archive, Review, Investigate). Archive and Review are status patches;
// Investigate creates the linked draft fact-check, which links the feed item in one transaction.
import type { Actor } from '@tabayyun/permissions';
import { assertFeedAction, type FeedAction, statusAfter } from '../content/feed-workflow.ts';
import type { ResourceService, WriteResult } from '../resources/resources.service.ts';

export function createFeedService(resources: ResourceService) {
  return {
    async applyFeedAction(args: {
      actor: Actor;
      id: string;
      action: string;
    }): Promise<WriteResult & { result?: unknown }> {
      const item = await resources.get({ actor: args.actor, resource: 'feed', id: args.id });
      assertFeedAction(item, args.action);
      if (args.action === 'investigate') {
        const created = await resources.create({
          actor: args.actor,
          resource: 'factcheck',
          input: {
            status: 'draft',
            title: item.title,
            description: item.description || String(item.title),
            content: item.body ?? '',
            images: item.featuredImage ?? [],
            mediaSource: item.mediaSource ?? [],
            newsFeed: item._id,
          },
        });
        return { ...created, result: { _id: created._id, title: created.document.title } };
      }
      return resources.patch({
        actor: args.actor,
        resource: 'feed',
        id: args.id,
        operations: [
          {
            op: 'replace',
            path: '/status',
            value: statusAfter(args.action as Exclude<FeedAction, 'investigate'>),
          },
        ],
      });
    },
  };
}
