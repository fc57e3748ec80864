// The status state machine of fact-checks and articles (issue 33 §1, ADR 039). Pure: the server
// checks every write path with it, and the back office offers only what it allows.

export const ITEM_STATUSES = ['draft', 'review', 'published'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/**
 * The rule a status change falls under, named in a refusal's `details.rule`:
 * `submit` draft → review (anyone who may edit the item: its author or any fact-checker);
 * `send-back` review → draft (a reason is required);
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
}

export type TransitionDecision =
  | { allowed: true; rule: TransitionRule; reasonRequired: boolean }
  | { allowed: false; rule: TransitionRule; reason: 'publish-right' | 'not-a-transition' };

const isStatus = (value: unknown): value is ItemStatus =>
  typeof value === 'string' && (ITEM_STATUSES as readonly string[]).includes(value);

export { isStatus as isItemStatus };

/** Which rule a change from `from` to `to` falls under (an unchanged status is no transition). */
export function transitionRuleOf(from: ItemStatus | null, to: ItemStatus): TransitionRule {
  if (from === null) return to === 'published' ? 'publish' : 'create';
  if (to === 'published') return from === 'published' ? 'no-transition' : 'publish';
  if (from === 'draft' && to === 'review') return 'submit';
  if (from === 'review' && to === 'draft') return 'send-back';
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
  const rule = transitionRuleOf(from, to);
  switch (rule) {
    case 'create':
    case 'submit':
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
export function allowedStatuses(from: ItemStatus | null, canPublish: boolean): ItemStatus[] {
  return ITEM_STATUSES.filter((to) => decideTransition({ from, to, canPublish }).allowed);
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
  'publishedAt',
  'lastEditedBy',
  'scheduledBy',
];

/**
 * The permission "may publish own work" (four-eyes exemption): a rule on this path and action
 * grants it to a role (Settings → Permissions); no role has it by default, the super-admin always.
 */
export const PUBLISH_OWN_WORK = { path: '/workflow/publish-own-work', action: 'Create' } as const;
  // Who the item is assigned to and by when (issue 35): the desk's bookkeeping, not its content.
  'assignee',
  'dueAt',
