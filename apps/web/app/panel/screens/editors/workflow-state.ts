// What the editor's publishing control offers (issue 33 §1): the actions open from the saved
// status and, for each, why it is blocked. The rules are @tabayyun/workflow's (the server decides
// with the same functions); this file only gathers the user's facts for them.
import {
  decideTransition,
  fourEyesBlocks,
  type ItemStatus,
  isItemAuthor,
  isItemStatus,
} from '@tabayyun/workflow';

export interface WorkflowAction {
  kind: 'submit' | 'sendBack' | 'recall' | 'publish' | 'unpublish';
  to: ItemStatus;
  /** A reason must go with the change (send back, unpublish). */
  needsReason: boolean;
  /** Why it cannot be taken now; empty when it can. */
  blockedBy: ('fourEyes' | 'noRight' | 'gate' | 'notInReview' | 'dirty' | 'new')[];
}

export interface GateCheck {
  key: string;
  /** What is missing (shown while unmet, and for a warning). */
  message: string;
  /** The item's short name (shown once met). */
  label?: string;
  /** `error` blocks publishing, `warning` does not. */
  level: 'error' | 'warning';
  met: boolean;
  /** Switched off by the newsroom (Settings → Workflow): shown, never blocking. */
  off?: boolean;
  /** The form field the item is about, to go to. */
  field?: string;
}

export interface WorkflowFacts {
  /** The saved status (null for a new item). */
  status: string | null;
  mayWrite: boolean;
  /** The user's write permission lets them set `published`. */
  mayPublish: boolean;
  isDirty: boolean;
  fourEyes: { enabled: boolean; lastEditor: string | null; actor: string | null; mayPublishOwnWork: boolean };
  /** Unmet blocking gate items (fact-checks). */
  gateBlocks: boolean;
  /** Who submitted the item for review (null: not in review, or unknown). */
  submittedBy?: string | null;
}

/** The user submitted the item for review and no one else has edited it since (ADR 048). */
const authorOf = (facts: WorkflowFacts) =>
  isItemAuthor(
    { submittedBy: facts.submittedBy, lastEditedBy: facts.fourEyes.lastEditor },
    facts.fourEyes.actor,
  );

/** The actions of the saved status, in the order the panel shows them. */
export function workflowActions(facts: WorkflowFacts): WorkflowAction[] {
  if (!facts.mayWrite) return [];
  const from = isItemStatus(facts.status) ? facts.status : null;
  const actions: WorkflowAction[] = [];
  const isAuthor = authorOf(facts);
  const allowed = (to: ItemStatus) =>
    decideTransition({ from, to, canPublish: facts.mayPublish, isAuthor }) as {
      allowed: boolean;
      reasonRequired?: boolean;
    };
  if (from === 'draft' || from === null) {
    actions.push({
      kind: 'submit',
      to: 'review',
      needsReason: false,
      blockedBy: from === null ? ['new'] : [],
    });
  }
  // The author withdraws their own submission (no reason needed); a reviewer sends it back.
  if (from === 'review' && isAuthor) {
    actions.push({ kind: 'recall', to: 'draft', needsReason: false, blockedBy: [] });
  } else if (from === 'review' && facts.mayPublish) {
    actions.push({ kind: 'sendBack', to: 'draft', needsReason: true, blockedBy: [] });
  }
  if (from !== 'published') {
    const blockedBy: WorkflowAction['blockedBy'] = [];
    if (from === null) blockedBy.push('new');
    if (!facts.mayPublish) blockedBy.push('noRight');
    else if (from !== null && !allowed('published').allowed) blockedBy.push('notInReview');
    if (facts.mayPublish && fourEyesBlocks(facts.fourEyes)) blockedBy.push('fourEyes');
    if (facts.gateBlocks) blockedBy.push('gate');
    if (facts.isDirty && from !== null) blockedBy.push('dirty');
    actions.push({ kind: 'publish', to: 'published', needsReason: false, blockedBy });
  }
  if (from === 'published' && facts.mayPublish) {
    actions.push({ kind: 'unpublish', to: 'draft', needsReason: true, blockedBy: [] });
  }
  // Submit and Publish lead; the moves back follow.
  const ORDER: WorkflowAction['kind'][] = ['submit', 'publish', 'sendBack', 'recall', 'unpublish'];
  actions.sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
  return actions.map((action) => ({
    ...action,
    needsReason:
      action.kind === 'publish' ? false : (allowed(action.to).reasonRequired ?? action.needsReason),
  }));
}

/**
 * A status change the form's own status field makes needs a reason (review/published → draft),
 * except the author's own recall from review.
 */
export function reasonNeeded(from: unknown, to: unknown, mayPublish: boolean, isAuthor = false): boolean {
  if (!isItemStatus(from) || !isItemStatus(to) || from === to) return false;
  const decision = decideTransition({ from, to, canPublish: mayPublish, isAuthor });
  return decision.allowed && decision.reasonRequired;
}
