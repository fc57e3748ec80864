// What the public may read of each resource (issue 34, ADR 045): the fields of the public site's
// pages and nothing of the newsroom's bookkeeping (who saved last, versions, soft-delete and
// monitoring state, search copies). The generic API answers a public reader with these fields
// only, lookups included, and refuses to filter, sort or select on any other field (a filter on
// `updatedBy` would tell who edited what, one probe at a time).
//
// A public reader is one whose Read right on the resource comes from the public grant (the
// `anonymous` permission, which matches everyone): anonymous callers and signed-in accounts
// without a staff grant alike. Staff grants (roles, users, claims) read every field.
import { type Actor, authorize, SUPER_ADMIN_ROLE } from '@tabayyun/permissions';
import type { Clause, Condition, Query } from '@tabayyun/query';
import { normalizeForSearch } from '@tabayyun/text';
import { invalidQuery } from '../../errors.ts';
import type { AccessGuard } from '../../plugins/access.ts';
import { own } from './query-compiler.ts';
import type { ApiDocument, Registry, ResourceDefinition } from './resource-types.ts';

/**
 * Fields the workflow and corrections add to published posts (issues 32–33), public once present.
 * Not `statusReason`: the reason of a status change (a send-back's, or one given with a publish) is
 * the newsroom's own (ADR 048). The one public reason, a withdrawal's, is on the tombstone.
 */
const POST_STATE = ['withdrawnAt', 'publishAt', 'corrections'] as const;
const TIMES = ['createdAt', 'updatedAt'] as const;

/**
 * The public fields per resource. A resource missing here shows the public its `_id` only, should
 * an administrator ever grant it to everyone. `translations` is the pseudo-lookup of ADR 014.
 */
export const PUBLIC_FIELDS: Readonly<Record<string, readonly string[]>> = {
  factcheck: [
    '_id',
    'status',
    'language',
    'translation_id',
    'translations',
    'reads',
    'mediaSource',
    'author',
    'title',
    'images',
    'content',
    'claims',
    'againstClaim',
    'conclusion',
    'hideClaimsTitle',
    'hideAgainstClaimTitle',
    'hideConclusionTitle',
    'category',
    'evaluation',
    'evaluation.category',
    'score',
    'country',
    'topic',
    'tags',
    'references',
    'sources',
    'slug',
    'description',
    'claimSummary',
    'meta',
    'publishedAt',
    ...POST_STATE,
    ...TIMES,
  ],
  article: [
    '_id',
    'status',
    'language',
    'translation_id',
    'translations',
    'reads',
    'author',
    'title',
    'images',
    'content',
    'country',
    'topic',
    'tags',
    'slug',
    'description',
    'meta',
    'publishedAt',
    ...POST_STATE,
    ...TIMES,
  ],
  category: [
    '_id',
    'image',
    'slug',
    'name',
    'nameEn',
    'nameTr',
    'color',
    'parent',
    'path',
    'level',
    'description',
    'descriptionEn',
    'descriptionTr',
    'score',
    'ratingOrdinal',
    'showOnPages',
    ...TIMES,
  ],
  // The writer page shows the e-mail (spec §2); `hidden` and `active` are the newsroom's.
  author: ['_id', 'name', 'slug', 'bio', 'image', 'position', 'email', 'linkedin', 'twitter', 'facebook'],
  // The publisher page; the feeds, poll interval and run times are monitoring's (ADR 019).
  'media-source': [
    '_id',
    'name',
    'slug',
    'images',
    'category',
    'link',
    'score',
    'falseClaims',
    'levelOfCredibility',
    'description',
    ...TIMES,
  ],
  // File records (GET /api/storage), staff-only by default: never who uploaded a file.
  storage: [
    '_id',
    'fieldname',
    'originalname',
    'filename',
    'size',
    'encoding',
    'mimetype',
    'destination',
    'path',
    'date',
    'meta',
  ],
  // Corrections on the record (issue 33): public notes; who wrote one is the newsroom's.
  correction: [
    '_id',
    'item',
    'itemType',
    'language',
    'type',
    'note',
    'fromCategory',
    'toCategory',
    'itemStatus',
    'createdAt',
  ],
};

/**
 * The fields a public reader may filter with wildcards (`*x*`, `x*`, `*x`): each compiles to an
 * ILIKE a GIN trigram index answers (migration 0014; query-limits.test.ts checks every one with
 * EXPLAIN). Wildcards on other fields (a scan of every row) are the staff's.
 */
export const PUBLIC_WILDCARD_FIELDS: Readonly<Record<string, readonly string[]>> = {
  factcheck: ['title', 'claims', 'againstClaim', 'conclusion', 'content', 'description'],
  article: ['title', 'content', 'description'],
  category: ['name', 'nameEn', 'nameTr', 'path'],
  author: ['name'],
  'media-source': ['name'],
};

/** Trigram indexes find nothing shorter: a shorter wildcard reads the whole index. */
export const PUBLIC_WILDCARD_MIN_LENGTH = 3;

/** The fields of one translation in `lookup=translations` a public reader sees. */
const PUBLIC_TRANSLATION_FIELDS = ['_id', 'language', 'status', 'isSource'] as const;

/**
 * Conditions ANDed into every public read, per resource: hidden authors are not listed (the
 * site's team page and writer pages leave them out too).
 */
const PUBLIC_WHERE: Readonly<Record<string, readonly Clause[]>> = {
  author: [{ any: [{ kind: 'compare', field: 'hidden', op: 'eq', value: 'false' }] }],
};

/** Whether `actor` reads `path` through the public grant only (or not at all). */
export function readsAsPublic(guard: AccessGuard, actor: Actor, path: string, action = 'Read'): boolean {
  if (actor.anonymous) return true;
  if (actor.roles.includes(SUPER_ADMIN_ROLE)) return false;
  const decision = authorize(guard.rules(), actor, path, action);
  return !decision.granted || decision.permission === undefined || decision.permission.by === 'anonymous';
}

export type PublicView = ReturnType<typeof createPublicView>;

export function createPublicView(deps: { guard: AccessGuard; registry: Registry; apiBase: string }) {
  const { guard, registry, apiBase } = deps;
  const allowedCache = new Map<string, ReadonlySet<string>>();
  const allowed = (resource: string): ReadonlySet<string> => {
    let set = allowedCache.get(resource);
    if (!set) {
      set = new Set(PUBLIC_FIELDS[resource] ?? ['_id']);
      allowedCache.set(resource, set);
    }
    return set;
  };

  /**
   * Throws INVALID_QUERY naming `key` unless `field` (maybe dotted through relations) is public,
   * and for a wildcard condition, one of the resource's public wildcard fields. The normalised copy
   * of a public field filters too (never answered): it holds that public text as readers search it
   * (`claimsNormalized=*q*`, the spec's search keys), so it tells nothing the public cannot read.
   */
  function checkField(def: ResourceDefinition, field: string, key: string, condition: Condition): void {
    const fields = allowed(def.name);
    if (own(def.fields, field)) {
      if (!fields.has(field) && !fields.has(copiedField(field)))
        throw invalidQuery(key, `unknown field '${key}'`);
      if (condition.kind === 'like') checkWildcard(def, field, key, condition.value);
      return;
    }
    const dot = field.indexOf('.');
    const head = dot > 0 ? field.slice(0, dot) : field;
    const relation = own(def.relations, head);
    const target = relation ? registry.get(relation.resource) : undefined;
    if (!relation || !target) return; // Unknown: the query compiler answers it.
    if (!fields.has(head)) throw invalidQuery(key, `unknown field '${key}'`);
    checkField(target, field.slice(dot + 1), key, condition);
  }

  function checkWildcard(def: ResourceDefinition, field: string, key: string, value: string): void {
    const wildcards = PUBLIC_WILDCARD_FIELDS[def.name] ?? [];
    if (!wildcards.includes(copiedField(field))) {
      throw invalidQuery(
        key,
        wildcards.length > 0
          ? `wildcards apply to ${wildcards.join(', ')} only`
          : `wildcards do not apply to ${def.name}`,
      );
    }
    if (normalizeForSearch(value).length < PUBLIC_WILDCARD_MIN_LENGTH) {
      throw invalidQuery(key, `a wildcard search needs at least ${PUBLIC_WILDCARD_MIN_LENGTH} characters`);
    }
  }

  /** Refuses what a public reader may not ask: non-public filters, sorts, selects and lookups. */
  function checkQuery(def: ResourceDefinition, query: Query): void {
    for (const clause of query.where) {
      for (const condition of clause.any) checkField(def, condition.field, condition.field, condition);
    }
    if (query.sort && !allowed(def.name).has(query.sort.field)) {
      throw invalidQuery('sort_by', `cannot sort by '${query.sort.field}'`);
    }
    for (const field of query.select?.fields ?? []) {
      if (!allowed(def.name).has(field)) throw invalidQuery('select', `unknown field '${field}'`);
    }
    for (const name of query.lookup ?? []) {
      if (!allowed(def.name).has(name)) {
        throw invalidQuery('lookup', `unknown relation '${name}'`);
      }
    }
  }

  /** A looked-up value (record, list of records, or the translations list) as the public sees it. */
  function projectJoined(def: ResourceDefinition, name: string, value: unknown): unknown {
    if (name === 'translations' && Array.isArray(value)) {
      return value.map((t) => pick(t as Record<string, unknown>, PUBLIC_TRANSLATION_FIELDS));
    }
    const relation = own(def.relations, name);
    const target = relation ? registry.get(relation.resource) : undefined;
    if (!target) return value;
    const one = (v: unknown) =>
      v !== null && typeof v === 'object' ? project(target, v as ApiDocument, []) : v;
    return Array.isArray(value) ? value.map(one) : one(value);
  }

  /** The document with public fields only; looked-up relations projected by their own lists. */
  function project(def: ResourceDefinition, doc: ApiDocument, lookups: readonly string[]): ApiDocument {
    const fields = allowed(def.name);
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(doc)) {
      if (!fields.has(key)) continue;
      out[key] = lookups.includes(key) ? projectJoined(def, key, value) : value;
    }
    return out as ApiDocument;
  }

  return {
    /** Whether `actor` reads `resource` as the public (see the top of this file). */
    isPublic: (actor: Actor, resource: string) => readsAsPublic(guard, actor, `${apiBase}/${resource}`),
    checkQuery,
    project,
    /** The query with the public conditions of the resource ANDed in (a copy). */
    restrict(def: ResourceDefinition, query: Query): Query {
      const extra = PUBLIC_WHERE[def.name];
      return extra ? { ...query, where: [...query.where, ...extra] } : query;
    },
    /** The public field list of a resource (tests, documentation). */
    fieldsOf: (resource: string) => [...allowed(resource)],
  };
}

/** `claimsNormalized` → `claims`: the field a normalised copy copies (else the name itself). */
const copiedField = (field: string) =>
  field.endsWith('Normalized') ? field.slice(0, -'Normalized'.length) : field;

function pick(doc: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (key in doc) out[key] = doc[key];
  return out;
}
