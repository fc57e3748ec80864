// The status state machine of fact-checks and articles (issue 33 §1, ADR 039). Pure: the server
// checks every write path with it, and the back office offers only what it allows.

export const ITEM_STATUSES = ['draft', 'review', 'published'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/**
 * The rule a status change falls under, named in a refusal's `details.rule`:
 * `submit` draft → review (anyone who may edit the item: its author or any fact-checker);
 * `send-back` review → draft by someone else than the item's author (a reason is required);
 * `recall` review → draft by the item's author, withdrawing their own submission before it is
 * reviewed (no reason needed: usual newsroom practice). The author is who submitted it
 * (`submittedBy`) when no one else has edited it since (`lastEditedBy`, four-eyes' "own work"):
 * once a reviewer has edited the item, moving it back is a send-back;
 * `publish` review → published, or draft → published in one step (the publish right);
 * `unpublish` published → draft (the publish right and a reason);
 * `create` a new item (draft, review, or published with the publish right);
 * `no-transition` any other change (published → review);
 * `delete-published` deleting an item that was ever published (refused for everyone: a
 * retraction, i.e. unpublishing with a public reason, is the way out).
 */
export type TransitionRule =
  | 'create'
  | 'submit'
  | 'send-back'
  | 'recall'
  | 'publish'
  | 'unpublish'
  | 'no-transition'
  | 'delete-published';

export interface TransitionRequest {
  /** The stored status; null when the write creates the item. */
  from: ItemStatus | null;
  to: ItemStatus;
  /** May the actor set `status` to `published` (their write permission allows it)? */
  canPublish: boolean;
  /**
   * Is the actor the item's author: did they submit it, with no one else editing it since
   * (`isItemAuthor`)? Their review → draft is a `recall` of their own submission, with no reason.
   */
  isAuthor?: boolean;
}

export type TransitionDecision =
  | { allowed: true; rule: TransitionRule; reasonRequired: boolean }
  | { allowed: false; rule: TransitionRule; reason: 'publish-right' | 'not-a-transition' };

const isStatus = (value: unknown): value is ItemStatus =>
  typeof value === 'string' && (ITEM_STATUSES as readonly string[]).includes(value);

export { isStatus as isItemStatus };

/**
 * Which rule a change from `from` to `to` falls under (an unchanged status is no transition);
 * `isAuthor`: the actor submitted the item and no one else has edited it since.
 */
export function transitionRuleOf(from: ItemStatus | null, to: ItemStatus, isAuthor = false): TransitionRule {
  if (from === null) return to === 'published' ? 'publish' : 'create';
  if (to === 'published') return from === 'published' ? 'no-transition' : 'publish';
  if (from === 'draft' && to === 'review') return 'submit';
  if (from === 'review' && to === 'draft') return isAuthor ? 'recall' : 'send-back';
  if (from === 'published' && to === 'draft') return 'unpublish';
  return 'no-transition';
}

/**
 * Decides a status change. An unchanged status is always allowed here (editing a published item
 * is a matter of the write permission, not of the workflow).
 */
export function decideTransition(request: TransitionRequest): TransitionDecision {
  const { from, to, canPublish } = request;
  if (from === to) return { allowed: true, rule: 'no-transition', reasonRequired: false };
  const rule = transitionRuleOf(from, to, request.isAuthor ?? false);
  switch (rule) {
    case 'create':
    case 'submit':
    case 'recall':
      return { allowed: true, rule, reasonRequired: false };
    case 'send-back':
      return { allowed: true, rule, reasonRequired: true };
    case 'publish':
      return canPublish
        ? { allowed: true, rule, reasonRequired: false }
        : { allowed: false, rule, reason: 'publish-right' };
    case 'unpublish':
      return canPublish
        ? { allowed: true, rule, reasonRequired: true }
        : { allowed: false, rule, reason: 'publish-right' };
    default:
      return { allowed: false, rule, reason: 'not-a-transition' };
  }
}

/** The statuses an item in `from` may move to, for the actor (what a status control offers). */
export function allowedStatuses(
  from: ItemStatus | null,
  canPublish: boolean,
  isAuthor = false,
): ItemStatus[] {
  return ITEM_STATUSES.filter((to) => decideTransition({ from, to, canPublish, isAuthor }).allowed);
}

/**
 * Is `actor` the author of an item in review, who may recall it: they submitted it (`submittedBy`)
 * and no one else has edited it since (`lastEditedBy`)?
 */
export function isItemAuthor(
  record: { [field: string]: unknown; submittedBy?: unknown; lastEditedBy?: unknown } | null | undefined,
  actor: string | null | undefined,
): boolean {
  return Boolean(actor) && record?.submittedBy === actor && record?.lastEditedBy === actor;
}

/**
 * May the item be deleted? Anything ever published (it has a first publication time) may not, by
 * anyone: the address and the record stay, a withdrawal leaves a tombstone (issue 33 §4).
 */
export function mayDelete(record: {
  [field: string]: unknown;
  publishedAt?: unknown;
  status?: unknown;
}): boolean {
  return record.status !== 'published' && (record.publishedAt === null || record.publishedAt === undefined);
}

export interface FourEyesInput {
  /** Four-eyes is on for the newsroom (Settings → Workflow). */
  enabled: boolean;
  /** Who made the last substantive edit (any field but status and SEO meta); null: unknown. */
  lastEditor: string | null | undefined;
  /** The publishing user. */
  actor: string | null | undefined;
  /** The actor's role carries "may publish own work" (the super-admin always does). */
  mayPublishOwnWork: boolean;
}

/** Four-eyes: true when the actor may NOT publish because the last substantive edit is their own. */
export function fourEyesBlocks(input: FourEyesInput): boolean {
  if (!input.enabled || input.mayPublishOwnWork) return false;
  if (!input.actor) return false;
  return input.lastEditor === input.actor;
}

/** Fields whose change is not a substantive edit (four-eyes): the status and its bookkeeping, SEO meta. */
export const NON_SUBSTANTIVE_FIELDS: readonly string[] = [
  'status',
  'statusReason',
  'meta',
  'publishAt',
  'withdrawnAt',
  'withdrawnReason',
  'submittedBy',
  'publishedAt',
  'lastEditedBy',
  'scheduledBy',
  // Who the item is assigned to and by when (issue 35): the desk's bookkeeping, not its content.
  'assignee',
  'dueAt',
];

/**
 * The permission "may publish own work" (four-eyes exemption): a rule on this path and action
 * grants it to a role (Settings → Permissions); no role has it by default, the super-admin always.
 */
export const PUBLISH_OWN_WORK = { path: '/workflow/publish-own-work', action: 'Create' } as const;
