// Which fields differ between two versions of a document: revisions list them, edit conflicts name
// them, and translations follow their source's rating fields by them. Values compare by content
// (jsonb gives object keys back in its own order; dates may be Date or ISO text).

function canonical(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value as object).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined && v !== null) out[key] = canonical(v);
    }
    return out;
  }
  return value;
}

export const isSameValue = (a: unknown, b: unknown): boolean =>
  JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/** The names among `fields` whose values differ between `before` and `after`. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: Iterable<string>,
): string[] {
  const out: string[] = [];
  for (const f of fields) if (!isSameValue(before[f], after[f])) out.push(f);
  return out;
}
