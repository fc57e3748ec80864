// News feed items: the status may change only along the workflow, every change is logged in
// updateLog, and the fact-check link is set by Investigate, never overwritten.
import { feed } from '@tabayyun/db';
import { feedInput } from '@tabayyun/schemas';
import { AppError } from '../../errors.ts';
import { fieldSpecs } from '../resources/field-specs.ts';
import type { ResourceDefinition } from '../resources/resource-types.ts';
import { searchText } from './derive-helpers.ts';
import { assertFeedStatusChange } from './feed-workflow.ts';

const sameLink = (a: unknown, b: unknown) =>
  (a as { _id?: string } | null | undefined)?._id === (b as { _id?: string } | null | undefined)?._id;

export const feedResource: ResourceDefinition = {
  name: 'feed',
  table: feed,
  fields: fieldSpecs(feed, {
    title: { searchColumn: feed.titleNormalized },
    titleNormalized: { output: false },
    factcheckId: { output: false },
  }),
  relations: {
    mediaSource: { resource: 'media-source', column: feed.mediaSource, many: true },
    factcheck: { resource: 'factcheck', column: feed.factcheckId, many: false },
  },
  input: feedInput,
  // Monitoring (issue 15) writes the entry's source, id, link and matches, and reader submissions
  // (issue 36 §1) their source and count; the API only reads them.
  readOnly: [
    'titleNormalized',
    'factcheckId',
    'updateLog',
    'monitorSource',
    'entryId',
    'link',
    'matches',
    // A reader's submission (issue 36 §1): set by POST /api/tip only.
    'source',
    'askedCount',
    'createdAt',
    'updatedAt',
  ],
  userIds: false,
  defaultSort: { field: 'createdAt', direction: 'desc' },
  htmlFields: ['body'],

  async derive(input, ctx) {
    const existing = ctx.existing;
    const log = Array.isArray(existing?.updateLog) ? [...(existing.updateLog as unknown[])] : [];
    if (existing) {
      assertFeedStatusChange(existing, input.status ?? existing.status);
      if (!sameLink(existing.factcheck, input.factcheck ?? existing.factcheck)) {
        throw new AppError(
          'INVALID_TRANSITION',
          existing.factcheck
            ? 'The fact-check link of an investigated news feed item cannot change'
            : 'Use Investigate to create the fact-check of a news feed item',
        );
      }
      if (input.status !== undefined && input.status !== existing.status) {
        log.push({
          date: ctx.now.toISOString(),
          from: existing.status,
          to: input.status,
          by: ctx.actor.sub ?? null,
        });
      }
    } else if (input.factcheck) {
      throw new AppError(
        'INVALID_TRANSITION',
        'Use Investigate to create the fact-check of a news feed item',
      );
    }
    return {
      titleNormalized: searchText(input.title),
      updateLog: log,
      factcheck: existing ? (existing.factcheck ?? null) : null,
    };
  },
};
