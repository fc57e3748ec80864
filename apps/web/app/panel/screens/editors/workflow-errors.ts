// The server's workflow refusals in plain words (issue 33): 403 TRANSITION_NOT_ALLOWED names the
// rule (`from`, `to`, `rule`), 422 PUBLISH_GATE lists the unmet items with the server's localised
// sentences. The panel checks the same rules before the click; these answers still happen (a
// colleague's save in between, a setting changed), and must then read as more than "Forbidden".
import { format } from '../../i18n/i18n.tsx';
import { isApiError } from '../../lib/http.ts';
import type { WorkflowTexts } from './workflow-texts.ts';

export interface WorkflowRefusal {
  title: string;
  message: string;
  /** The gate's unmet keys (422), to mark the checklist. */
  unmet: string[];
}

interface TransitionDetails {
  from?: unknown;
  to?: unknown;
  rule?: unknown;
}

interface GateDetails {
  unmet?: { key?: unknown; message?: unknown }[];
}

const RULE_TEXT: [RegExp, keyof WorkflowTexts][] = [
  [/four|eyes|own/i, 'ruleFourEyes'],
  [/reason/i, 'ruleReason'],
  [/publish[-_ ]?right|permission|role/i, 'rulePublishRight'],
  [/delete|published/i, 'rulePublished'],
];

/** A refusal of the workflow, or null for any other failure (shown as before). */
export function workflowRefusalOf(
  error: unknown,
  t: WorkflowTexts,
  statusName: (status: string) => string,
): WorkflowRefusal | null {
  if (!isApiError(error)) return null;
  if (error.code === 'TRANSITION_NOT_ALLOWED') {
    const details = (error.details ?? {}) as TransitionDetails;
    const rule = typeof details.rule === 'string' ? details.rule : '';
    const known = RULE_TEXT.find(([pattern]) => pattern.test(rule));
    return {
      title: t.refusedTitle,
      message: format(t.refusedTransition, {
        from: statusName(String(details.from ?? '')),
        to: statusName(String(details.to ?? '')),
        rule: known ? t[known[1]] : format(t.ruleOther, { rule: rule || error.message }),
      }),
      unmet: [],
    };
  }
  if (error.code === 'PUBLISH_GATE') {
    const unmet = ((error.details ?? {}) as GateDetails).unmet ?? [];
    const sentences = unmet.map((item) => String(item.message ?? item.key ?? '')).filter(Boolean);
    return {
      title: t.refusedGateTitle,
      message: format(t.refusedGate, { items: sentences.join(' · ') || error.message }),
      unmet: unmet.map((item) => String(item.key ?? '')).filter(Boolean),
    };
  }
  return null;
}
