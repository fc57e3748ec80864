import { describe, expect, it } from 'vitest';
import {
  allowedStatuses,
  decideTransition,
  fourEyesBlocks,
  type ItemStatus,
  isItemAuthor,
  mayDelete,
} from './transitions.ts';

describe('decideTransition', () => {
  // from, to, canPublish → allowed, rule, reasonRequired
  const table: [ItemStatus | null, ItemStatus, boolean, boolean, string, boolean][] = [
    [null, 'draft', false, true, 'create', false],
    [null, 'review', false, true, 'create', false],
    [null, 'published', false, false, 'publish', false],
    [null, 'published', true, true, 'publish', false],
    ['draft', 'review', false, true, 'submit', false],
    ['review', 'draft', false, true, 'send-back', true],
    ['review', 'published', false, false, 'publish', false],
    ['review', 'published', true, true, 'publish', false],
    ['draft', 'published', false, false, 'publish', false],
    ['draft', 'published', true, true, 'publish', false],
    ['published', 'draft', false, false, 'unpublish', false],
    ['published', 'draft', true, true, 'unpublish', true],
    ['published', 'review', true, false, 'no-transition', false],
    ['published', 'review', false, false, 'no-transition', false],
    ['published', 'published', false, true, 'no-transition', false],
  ];
  it.each(table)('%s → %s (publish right: %s)', (from, to, canPublish, allowed, rule, reasonRequired) => {
    const decision = decideTransition({ from, to, canPublish });
    expect(decision.allowed).toBe(allowed);
    expect(decision.rule).toBe(rule);
    if (decision.allowed) expect(decision.reasonRequired).toBe(reasonRequired);
  });

  // The item's author (its last substantive editor) recalls their own submission without a reason;
  // anyone else moving it back sends it back, with a reason. Authorship changes nothing else.
  const byAuthor: [ItemStatus | null, ItemStatus, boolean, boolean, string, boolean][] = [
    ['review', 'draft', false, true, 'recall', false],
    ['review', 'draft', true, true, 'recall', false],
    ['draft', 'review', false, true, 'submit', false],
    ['review', 'published', false, false, 'publish', false],
    ['published', 'draft', false, false, 'unpublish', false],
    ['published', 'draft', true, true, 'unpublish', true],
    ['published', 'review', true, false, 'no-transition', false],
  ];
  it.each(byAuthor)(
    'by the author: %s → %s (publish right: %s)',
    (from, to, canPublish, allowed, rule, reasonRequired) => {
      const decision = decideTransition({ from, to, canPublish, isAuthor: true });
      expect(decision.allowed).toBe(allowed);
      expect(decision.rule).toBe(rule);
      if (decision.allowed) expect(decision.reasonRequired).toBe(reasonRequired);
    },
  );

  it('takes for the author who submitted the item, while no one else has edited it', () => {
    expect(isItemAuthor({ submittedBy: 'u1', lastEditedBy: 'u1' }, 'u1')).toBe(true);
    expect(isItemAuthor({ submittedBy: 'u1', lastEditedBy: 'u2' }, 'u1')).toBe(false);
    expect(isItemAuthor({ submittedBy: 'u1', lastEditedBy: 'u2' }, 'u2')).toBe(false);
    expect(isItemAuthor({ submittedBy: null, lastEditedBy: 'u1' }, 'u1')).toBe(false);
    expect(isItemAuthor(undefined, undefined)).toBe(false);
  });

  it('offers only the allowed statuses', () => {
    expect(allowedStatuses('published', false)).toEqual(['published']);
    expect(allowedStatuses('published', true)).toEqual(['draft', 'published']);
    expect(allowedStatuses('review', false)).toEqual(['draft', 'review']);
  });
});

describe('mayDelete', () => {
  it('refuses anything ever published, even after unpublishing', () => {
    expect(mayDelete({ status: 'draft', publishedAt: null })).toBe(true);
    expect(mayDelete({ status: 'published', publishedAt: new Date() })).toBe(false);
    expect(mayDelete({ status: 'draft', publishedAt: '2026-01-01T00:00:00.000Z' })).toBe(false);
  });
});

describe('fourEyesBlocks', () => {
  it('blocks publishing one’s own last edit unless off or permitted', () => {
    const base = { enabled: true, lastEditor: 'u1', actor: 'u1', mayPublishOwnWork: false };
    expect(fourEyesBlocks(base)).toBe(true);
    expect(fourEyesBlocks({ ...base, actor: 'u2' })).toBe(false);
    expect(fourEyesBlocks({ ...base, enabled: false })).toBe(false);
    expect(fourEyesBlocks({ ...base, mayPublishOwnWork: true })).toBe(false);
  });
});
