// @tabayyun/workflow: the editorial trust workflow (issue 33, ADR 039): the status state machine,
// four-eyes, the publish gate and its settings. Browser-safe: the server enforces these rules on
// every write path and the back office shows the same checklist live.

export type { ClaimReviewInput, LdObject, LdValue, Organization } from './claim-review.ts';
export {
  claimReviewLd,
  claimReviewProblems,
  isAbsoluteUrl,
  isIsoDate,
  isObject,
  isText,
  organizationLd,
} from './claim-review.ts';
export type { GateContext, GateItem, GateRecord, GateResult, SnapshotState } from './gate.ts';
export {
  claimReviewOf,
  evaluatePublishGate,
  imagesWithoutAlt,
  linksOf,
  verdictWordsIn,
} from './gate.ts';
export type { GateItemKey, GateSettings, GateWarningKey, WorkflowSettings } from './gate-keys.ts';
export {
  CLAIM_SUMMARY_MAX,
  DEFAULT_WORKFLOW_SETTINGS,
  GATE_ITEM_KEYS,
  GATE_WARNING_KEYS,
  MANDATORY_GATE_ITEMS,
  resolveWorkflowSettings,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
} from './gate-keys.ts';
export type { ContentLanguage, CriteriaCategory } from './rating.ts';
export { categoryNameIn, criteriaScale, ratingOrdinals, topCriteriaOf } from './rating.ts';
export type { Localised, WorkflowLanguage } from './texts.ts';
export { GATE_ITEM_TEXTS, GATE_WARNING_TEXTS, WORKFLOW_TEXTS } from './texts.ts';
export type {
  FourEyesInput,
  ItemStatus,
  TransitionDecision,
  TransitionRequest,
  TransitionRule,
} from './transitions.ts';
export {
  allowedStatuses,
  decideTransition,
  fourEyesBlocks,
  ITEM_STATUSES,
  isItemAuthor,
  isItemStatus,
  mayDelete,
  NON_SUBSTANTIVE_FIELDS,
  PUBLISH_OWN_WORK,
  transitionRuleOf,
} from './transitions.ts';
