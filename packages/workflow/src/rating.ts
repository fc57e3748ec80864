// A fact-check's rating in its criteria tree: the top-level criteria category its `category`
// names, the rating's name in a language, and the ordinals ClaimReview's ratingValue uses.
// The public page (apps/web site/data/post.server.ts) and the publish gate read them the same way.

export interface CriteriaCategory {
  _id: string;
  parent?: string | null;
  name?: unknown;
  nameEn?: unknown;
  nameTr?: unknown;
  score?: unknown;
  ordinal?: unknown;
}

export type ContentLanguage = 'ar' | 'en' | 'tr';

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** A category's name in a language; a missing translation shows the Arabic name (ADR 011). */
export function categoryNameIn(category: CriteriaCategory, language: string): string {
  const arabic = text(category.name) || category._id;
  if (language === 'en') return text(category.nameEn) || arabic;
  if (language === 'tr') return text(category.nameTr) || arabic;
  return arabic;
}

/** The top-level criteria category of `id` (walking up to the child of `criteria`), if any. */
export function topCriteriaOf(
  id: string | null | undefined,
  categories: ReadonlyMap<string, CriteriaCategory>,
): CriteriaCategory | null {
  if (!id) return null;
  let current = categories.get(id);
  const seen = new Set<string>();
  while (current?.parent && current.parent !== 'criteria' && !seen.has(current._id)) {
    seen.add(current._id);
    current = categories.get(current.parent);
  }
  return current && current.parent === 'criteria' ? current : null;
}

/** Criteria ordinals: ratings ordered from the worst (lowest score) to the best, 1-based. */
export function ratingOrdinals(categories: ReadonlyMap<string, CriteriaCategory>): Map<string, number> {
  const top = [...categories.values()].filter((c) => c.parent === 'criteria');
  const explicit = top.every((c) => typeof c.ordinal === 'number');
  const ordered = explicit
    ? [...top].sort((a, b) => Number(a.ordinal) - Number(b.ordinal))
    : [...top].sort((a, b) => Number(a.score ?? 0) - Number(b.score ?? 0) || a._id.localeCompare(b._id));
  return new Map(ordered.map((c, i) => [c._id, explicit ? Number(c.ordinal) : i + 1]));
}

/** Every category of the criteria tree (any depth below `criteria`): the rating scale's words. */
export function criteriaScale(categories: ReadonlyMap<string, CriteriaCategory>): CriteriaCategory[] {
  return [...categories.values()].filter((c) => c._id !== 'criteria' && topCriteriaOf(c._id, categories));
}
