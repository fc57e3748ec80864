// Cache tags (ADR 016): what a public page read, and what a write changed, in one vocabulary, so the
// page cache can drop or refresh exactly the pages a write can change.
//
// A page records, for every read it made as the anonymous reader:
//   - `<resource>:<field>=<value>`      a list or count filtered by `field` equal to (or, for a list
//                                       field, containing) `value`; `get` records `_id=<id>`
//   - `<resource>:*`                    any other read of the resource (no usable filter)
//   - either with `@<language>` appended when the read also filtered by `language=<language>`.
// A write of a reader-visible record (before or after it) emits, for each visible state, `*` and
// `<field>=<value>` for every tracked field, each with and without `@<its language>`. If a record
// matches a page's filter, it has that field value and that language, so one of the write's tags is
// the page's tag: the match is never missed. Reads of other shapes (search, ranges, dotted fields)
// fall back to `*`, which every visible write of the resource emits.
import type { Clause, Query } from '@tabayyun/query';

/** Resources no public page shows: their writes leave every cached page alone. */
export const PRIVATE_RESOURCES: ReadonlySet<string> = new Set([
  'feed',
  'contact',
  'media-source-run',
  'scraping-report',
  'storage',
  'user',
  'role',
]);

/** Fields a page may filter by and the tags describe; any other filter reads as `*`. */
export const TRACKED_FIELDS: readonly string[] = [
  '_id',
  'slug',
  'author',
  'category',
  'topic',
  'tags',
  'mediaSource',
  'translation_id',
  'parent',
  // A correction's item (the notices on its page).
  'item',
];

/** Every tag: a change tagged with it touches every cached page (a foreign or oversized event). */
export const ALL_TAG = '*';

const MAX_VALUE_LENGTH = 200;

/** The anonymous reader sees a record: published, for resources with a status; always otherwise. */
export function isReaderVisible(doc: Record<string, unknown> | undefined): boolean {
  if (!doc) return false;
  return !('status' in doc) || doc.status === 'published';
}

const valuesOf = (value: unknown): string[] => {
  const list = Array.isArray(value) ? value : [value];
  const out: string[] = [];
  for (const v of list) {
    const id = typeof v === 'object' && v !== null ? (v as { _id?: unknown })._id : v;
    if ((typeof id === 'string' || typeof id === 'number' || typeof id === 'boolean') && id !== '') {
      const text = String(id);
      if (text.length <= MAX_VALUE_LENGTH) out.push(text);
    }
  }
  return out;
};

/**
 * What a write changed as readers see it: no tags when neither the stored record before nor after
 * the write is visible to readers (a draft, a private resource), else the tags of each visible state.
 * `hard` when readers could see it before and cannot after (unpublish, delete): pages showing it
 * must not be served even stale.
 */
export function changeTags(
  resource: string,
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): { tags: string[]; hard: boolean } {
  if (PRIVATE_RESOURCES.has(resource)) return { tags: [], hard: false };
  const tags = new Set<string>();
  for (const doc of [before, after]) {
    if (!isReaderVisible(doc)) continue;
    const language = typeof doc!.language === 'string' && doc!.language ? doc!.language : undefined;
    const add = (tag: string) => {
      tags.add(`${resource}:${tag}`);
      if (language) tags.add(`${resource}:${tag}@${language}`);
    };
    add('*');
    for (const field of TRACKED_FIELDS) for (const value of valuesOf(doc![field])) add(`${field}=${value}`);
  }
  if (resource === 'correction') {
    for (const doc of [before, after]) if (doc) addCorrectedItemTags(tags, doc);
    // Its item's page shows it at once: never served stale without the notice.
    return { tags: [...tags], hard: true };
  }
  return { tags: [...tags], hard: isReaderVisible(before) && !isReaderVisible(after) };
}

/**
 * A correction changes its item as readers see it (`dateModified`, a rating change's verdict): the
 * item's own tags, and for a rating change the lists of both verdicts.
 */
function addCorrectedItemTags(tags: Set<string>, doc: Record<string, unknown>): void {
  const itemType = doc.itemType === 'article' ? 'article' : 'factcheck';
  const language = typeof doc.language === 'string' && doc.language ? doc.language : undefined;
  const add = (tag: string) => {
    tags.add(`${itemType}:${tag}`);
    if (language) tags.add(`${itemType}:${tag}@${language}`);
  };
  add('*');
  for (const value of valuesOf(doc.item)) add(`_id=${value}`);
  for (const field of ['fromCategory', 'toCategory']) {
    for (const value of valuesOf(doc[field])) add(`category=${value}`);
  }
}

/** The values a clause lets through on one tracked field each, or undefined when it is not that simple. */
function clauseTags(clause: Clause): string[] | undefined {
  const tags: string[] = [];
  for (const c of clause.any) {
    if (!TRACKED_FIELDS.includes(c.field)) return undefined;
    if (c.kind === 'compare' && c.op === 'eq' && c.value !== 'null') tags.push(`${c.field}=${c.value}`);
    else if (c.kind === 'list' && c.op === 'in') for (const v of c.values) tags.push(`${c.field}=${v}`);
    else return undefined;
  }
  return tags.length > 0 ? tags : undefined;
}

/** The tags of a list or count of `resource` with this query (see the header). */
export function readTags(resource: string, query: Query | undefined): string[] {
  const where = query?.where ?? [];
  let language: string | undefined;
  let chosen: string[] | undefined;
  for (const clause of where) {
    const only = clause.any.length === 1 ? clause.any[0]! : undefined;
    if (only?.kind === 'compare' && only.field === 'language' && only.op === 'eq') {
      language = only.value;
      continue;
    }
    const tags = clauseTags(clause);
    // Any one clause narrows the match soundly; the one with fewest values narrows most.
    if (tags && (!chosen || tags.length < chosen.length)) chosen = tags;
  }
  const suffix = language ? `@${language}` : '';
  return (chosen ?? ['*']).map((tag) => `${resource}:${tag}${suffix}`);
}

/** Records on a page that looked up `relations` of `resource`: any visible change of their targets. */
export function lookupTags(
  resource: string,
  relations: readonly string[] | undefined,
  targetOf: (name: string) => string | undefined,
): string[] {
  const tags: string[] = [];
  for (const name of relations ?? []) {
    const target = name === 'translations' ? resource : targetOf(name);
    tags.push(target ? `${target}:*` : ALL_TAG);
  }
  return tags;
}
