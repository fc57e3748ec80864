// The names of the publish gate's items and warnings: the API contract (issue 33) and the keys of
// the Settings → Workflow switches.

/** Items that block publishing a fact-check, in the order the checklist shows them. */
export const GATE_ITEM_KEYS = [
  'category',
  'claimReview',
  'claimSummary',
  'claimSource',
  'evidence',
  'conclusion',
  'imageAlt',
] as const;
export type GateItemKey = (typeof GATE_ITEM_KEYS)[number];

/** Items a newsroom may not switch off. */
export const MANDATORY_GATE_ITEMS: readonly GateItemKey[] = ['claimReview'];

/** Warnings that do not block. */
export const GATE_WARNING_KEYS = ['seoTitle', 'seoDescription', 'translations'] as const;
export type GateWarningKey = (typeof GATE_WARNING_KEYS)[number];

export type GateSettings = Record<GateItemKey, boolean>;

export interface WorkflowSettings {
  /** A user may not publish a fact-check whose last substantive edit is their own. */
  fourEyes: boolean;
  gate: GateSettings;
}

export const DEFAULT_WORKFLOW_SETTINGS: WorkflowSettings = Object.freeze({
  fourEyes: true,
  gate: Object.freeze(Object.fromEntries(GATE_ITEM_KEYS.map((k) => [k, true])) as GateSettings),
});

/** Stored settings over the defaults: unknown keys dropped, a mandatory item always on. */
export function resolveWorkflowSettings(stored: unknown): WorkflowSettings {
  const value = (typeof stored === 'object' && stored !== null ? stored : {}) as {
    fourEyes?: unknown;
    gate?: unknown;
  };
  const gateIn = (typeof value.gate === 'object' && value.gate !== null ? value.gate : {}) as Record<
    string,
    unknown
  >;
  const gate = {} as GateSettings;
  for (const key of GATE_ITEM_KEYS) {
    gate[key] = MANDATORY_GATE_ITEMS.includes(key) ? true : gateIn[key] !== false;
  }
  return { fourEyes: value.fourEyes !== false, gate };
}

/** SEO lengths beyond which search engines cut (warnings). */
export const SEO_TITLE_MAX = 60;
export const SEO_DESCRIPTION_MAX = 160;
/** The spec's claim summary length (ClaimReview `claimReviewed`). */
export const CLAIM_SUMMARY_MAX = 75;
