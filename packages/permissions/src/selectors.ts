import { readPath } from './condition.ts';
import type { Actor, Decision } from './types.ts';

export class SelectorError extends Error {
  readonly code = 'UNRESOLVED_SELECTOR_TOKEN';
  readonly token: string;
  constructor(token: string) {
    super(`UNRESOLVED_SELECTOR_TOKEN: the actor has no value for ${token}`);
    this.name = 'SelectorError';
    this.token = token;
  }
}

// A token is a whole value: after `=`, `}` (an `{op}` prefix), `|` or `,` (alternatives and lists),
// and before `&`, `|`, `,` or the end. `title=*$sub*` and `$subject` are left alone.
const ACTOR_TOKEN = /([=}|,])\$(sub|email|phone)(?=[&|,]|$)/g;

/**
 * Replaces `$sub`, `$email`, `$phone` in a selector query by the actor's URL-encoded values.
 * Throws `SelectorError` when the actor lacks a referenced value: the caller treats that as a
 * denial (a selector that cannot be applied must not be dropped).
 */
export function resolveSelectorQuery(query: string, actor: Actor): string {
  if (!query.includes('$')) return query;
  return query.replace(ACTOR_TOKEN, (_match, before: string, name: 'sub' | 'email' | 'phone') => {
    const value = actor.anonymous ? undefined : actor[name];
    if (typeof value !== 'string' || value === '') throw new SelectorError(`$${name}`);
    return before + encodeURIComponent(value);
  });
}

export type PayloadCheck = { ok: true } | { ok: false; field: string; allowed: unknown[] };

const PAYLOAD_OK: PayloadCheck = Object.freeze({ ok: true });

/**
 * Checks a write against the decision's payload selectors: each selector field present in the
 * payload (dotted fields read nested values) must hold one of its allowed values; an array value
 * must hold allowed values only. Fields the write does not set are not checked, so a PATCH passes
 * the fields its operations set.
 */
export function checkPayload(decision: Decision, payload: Record<string, unknown>): PayloadCheck {
  for (const selector of decision.selectors.payload) {
    for (const field of Object.keys(selector)) {
      const value = readPath(payload, field);
      if (value === undefined) continue;
      const allowed = selector[field]!;
      const isAllowed = Array.isArray(value)
        ? value.every((item) => allowed.includes(item))
        : allowed.includes(value);
      if (!isAllowed) return { ok: false, field, allowed };
    }
  }
  return PAYLOAD_OK;
}
