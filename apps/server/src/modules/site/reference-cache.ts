// Rarely changing data of public pages, kept in process (issue 13, ADR 016): the anonymous reader's
// reads of categories, authors and media sources, and the home page's counts of fact-checks per
// rating (ADR 031), are answered from memory once read, and the
// `author` and `category` lookups of fact-check and article lists are filled from the whole (small)
// author and category lists instead of one query each. A reader-visible write of one of these
// resources (its `<resource>:*` tag, through the same NOTIFY as the page cache) drops what was kept
// of it, on every instance. What is kept is frozen and handed out as it is (ADR 028): a loader that
// tried to change it would fail at once instead of changing the pages rendered after it.
import { type Actor, ANONYMOUS_ACTOR } from '@tabayyun/permissions';
import { parseQuery, type Query } from '@tabayyun/query';
import { ALL_TAG } from '../content/content-tags.ts';

/** Resources whose anonymous reads are kept: few rows, changed by hand now and then. */
export const REFERENCE_RESOURCES: ReadonlySet<string> = new Set(['category', 'author', 'media-source']);
/** Lookups filled from memory: their whole list is small (at most this many rows, else queried). */
const LOOKUP_RESOURCES: ReadonlySet<string> = new Set(['category', 'author', 'media-source']);
const MAX_LOOKUP_ROWS = 500;
/** Distinct reads kept per resource: queries come from addresses (a search box), so bounded. */
const MAX_KEYS_PER_RESOURCE = 256;
/**
 * Writes that change the home page's counts of published fact-checks per rating: a fact-check's,
 * or a rating category's (its name, colour or order).
 */
const COUNTED_RESOURCES: ReadonlySet<string> = new Set(['factcheck', 'category']);
/** Where the counts are kept, beside the resources' reads (no resource has this name). */
const COUNTS = 'stats:countByCategory';

type Doc = Record<string, unknown> & { _id: string };

interface ListArgs {
  actor: Actor;
  resource: string;
  query: Query;
  /** Bounds the total (resources.list, ADR 050); the answer then carries `totalAtLeast`. */
  countAtMost?: number;
}
interface GetArgs {
  actor: Actor;
  resource: string;
  id: string;
  query?: Query;
}

/** The statistics service, as the site reads it. */
export interface CountingStats {
  countByCategory(args: { actor: Actor; language?: string }): Promise<unknown>;
}

export interface ReferenceResources {
  list(args: ListArgs): Promise<{ data: Doc[]; total: number; totalAtLeast?: true }>;
  listMany?(args: { actor: Actor; resource: string; queries: Query[] }): Promise<Doc[][]>;
  get(args: GetArgs): Promise<Doc>;
  definition?(name: string): { relations: Record<string, { resource: string }> };
}

const isLink = (v: unknown): v is { _id: string } =>
  typeof v === 'object' && v !== null && typeof (v as { _id?: unknown })._id === 'string';

export type ReferenceCache = ReturnType<typeof createReferenceCache>;

/**
 * Freezes what a read returned (plain objects, arrays, dates and primitives, as rows and lists are;
 * a map's values), all the way down, and returns it. Copying it for every caller instead was 7 % of
 * what a cold fact-check render allocated. A date's time can still be set: nothing here does.
 */
export function freezeData<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  if (value instanceof Map) {
    for (const entry of value.values()) freezeData(entry);
    return value;
  }
  Object.freeze(value);
  for (const key in value) freezeData((value as Record<string, unknown>)[key]);
  return value;
}

export function createReferenceCache() {
  /** resource → key → the pending or settled read. */
  const kept = new Map<string, Map<string, Promise<unknown>>>();
  const stats = { hits: 0, reads: 0, drops: 0 };

  /** Keeps a read, frozen; the lookup maps stay inside this module (their rows frozen). */
  const remember = <T>(resource: string, key: string, read: () => Promise<T>): Promise<T> => {
    let byKey = kept.get(resource);
    if (!byKey) {
      byKey = new Map();
      kept.set(resource, byKey);
    }
    const found = byKey.get(key) as Promise<T> | undefined;
    if (found) {
      stats.hits++;
      return found;
    }
    stats.reads++;
    const pending = read().then(freezeData);
    if (byKey.size >= MAX_KEYS_PER_RESOURCE) return pending;
    byKey.set(key, pending);
    // A failed read is not kept (a 404 for a missing id is read again next time).
    pending.catch(() => {
      if (kept.get(resource)?.get(key) === pending) kept.get(resource)?.delete(key);
    });
    return pending;
  };

  return {
    /** The service with its anonymous reference reads and lookups answered from memory. */
    wrap<T extends ReferenceResources>(resources: T): T {
      const keyOf = (args: { resource: string; id?: string; query?: Query | undefined }) =>
        JSON.stringify([args.id ?? null, args.query ?? null]);

      /** Every row of a lookup target, without `_version` (as the service's lookups give them). */
      const allOf = (resource: string) =>
        remember(resource, '#all', async () => {
          const { data, total } = await resources.list({
            actor: ANONYMOUS_ACTOR,
            resource,
            query: parseQuery(new URLSearchParams({ per_page: String(MAX_LOOKUP_ROWS) })),
          });
          if (total > MAX_LOOKUP_ROWS) return undefined;
          return new Map(
            data.map((doc) => {
              const { _version, ...rest } = doc;
              return [doc._id, rest as Doc];
            }),
          );
        });

      /** Which lookups of `args` can be filled from memory, by relation name → target resource. */
      const memoryLookups = (resource: string, lookup: readonly string[] | undefined) => {
        const found = new Map<string, string>();
        for (const name of lookup ?? []) {
          let target: string | undefined;
          try {
            target = resources.definition?.(resource).relations[name]?.resource;
          } catch {
            target = undefined;
          }
          if (target && LOOKUP_RESOURCES.has(target)) found.set(name, target);
        }
        return found;
      };

      const fill = async (docs: Doc[], lookups: Map<string, string>, fallback: () => Promise<Doc[]>) => {
        const maps = await Promise.all([...lookups].map(([, target]) => allOf(target)));
        if (maps.some((m) => m === undefined)) return fallback();
        [...lookups.keys()].forEach((name, i) => {
          const byId = maps[i]!;
          const resolve = (id: unknown) => {
            const found = byId.get(String(id));
            return found ?? null;
          };
          for (const doc of docs) {
            const v = doc[name];
            if (Array.isArray(v)) doc[name] = v.map(resolve).filter(Boolean);
            else if (typeof v === 'string') doc[name] = resolve(v);
            else if (isLink(v)) doc[name] = resolve(v._id);
          }
        });
        return docs;
      };

      const withoutLookups = (query: Query, names: Map<string, string>): Query => {
        const rest = (query.lookup ?? []).filter((name) => !names.has(name));
        const copy: Query = { ...query };
        if (rest.length > 0) copy.lookup = rest;
        else delete copy.lookup;
        return copy;
      };

      const wrapped: ReferenceResources = {
        ...resources,
        list(args) {
          if (!args.actor.anonymous) return resources.list(args);
          if (REFERENCE_RESOURCES.has(args.resource)) {
            return remember(args.resource, keyOf(args), () => resources.list(args));
          }
          const lookups = memoryLookups(args.resource, args.query.lookup);
          if (lookups.size === 0) return resources.list(args);
          return (async () => {
            const result = await resources.list({ ...args, query: withoutLookups(args.query, lookups) });
            const data = await fill(result.data, lookups, async () => (await resources.list(args)).data);
            // The whole answer: a bounded total's `totalAtLeast` too (the public search, ADR 050).
            return { ...result, data };
          })();
        },
        ...(resources.listMany
          ? {
              listMany: async (args: { actor: Actor; resource: string; queries: Query[] }) => {
                const listMany = resources.listMany!.bind(resources);
                const lookups = memoryLookups(
                  args.resource,
                  args.queries.flatMap((q) => q.lookup ?? []),
                );
                if (!args.actor.anonymous || REFERENCE_RESOURCES.has(args.resource) || lookups.size === 0) {
                  return listMany(args);
                }
                const lists = await listMany({
                  ...args,
                  queries: args.queries.map((query) => withoutLookups(query, lookups)),
                });
                return Promise.all(
                  lists.map((data, i) =>
                    fill(
                      data,
                      new Map([...lookups].filter(([name]) => args.queries[i]!.lookup?.includes(name))),
                      async () =>
                        (
                          await resources.list({
                            actor: args.actor,
                            resource: args.resource,
                            query: args.queries[i]!,
                          })
                        ).data,
                    ),
                  ),
                );
              },
            }
          : {}),
        get(args) {
          if (!args.actor.anonymous) return resources.get(args);
          if (REFERENCE_RESOURCES.has(args.resource)) {
            return remember(args.resource, keyOf(args), () => resources.get(args));
          }
          return resources.get(args);
        },
      };
      return wrapped as T;
    },

    /**
     * The statistics with the anonymous reader's counts per rating category kept, by language:
     * counting every published fact-check cost each home render a statement of its own.
     */
    wrapStats<T extends CountingStats>(service: T): T {
      return {
        ...service,
        countByCategory(args: { actor: Actor; language?: string }) {
          if (!args.actor.anonymous) return service.countByCategory(args);
          return remember(COUNTS, args.language ?? '', () => service.countByCategory(args));
        },
      };
    },

    /** A write touched these tags: what was kept of their resources is read again. */
    invalidate(tags: readonly string[]): void {
      for (const tag of tags) {
        const resource = tag === ALL_TAG ? undefined : tag.slice(0, tag.indexOf(':'));
        if (resource === undefined) {
          stats.drops += kept.size;
          kept.clear();
          return;
        }
        if (kept.delete(resource)) stats.drops++;
        if (COUNTED_RESOURCES.has(resource) && kept.delete(COUNTS)) stats.drops++;
      }
    },

    stats() {
      return { ...stats, resources: [...kept.keys()] };
    },
  };
}
