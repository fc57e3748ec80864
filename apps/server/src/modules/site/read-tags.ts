// Records what a shared render reads (ADR 016): the site hands loaders and the SEO documents
// wrapped services, and every read made inside `collectTags` adds its cache tags (content-tags.ts)
// to that render's set. AsyncLocalStorage carries the set through the loaders' awaits, so
// concurrent renders never mix their tags.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Query } from '@tabayyun/query';
import { lookupTags, readTags } from '../content/content-tags.ts';

const scope = new AsyncLocalStorage<Set<string>>();

/** Adds tags to the render running in this async context (none: nothing is recorded). */
export function recordTags(tags: Iterable<string>): void {
  const set = scope.getStore();
  if (set) for (const tag of tags) set.add(tag);
}

/** Runs `fn` and returns what it produced with the tags of every tracked read it made. */
export async function collectTags<T>(fn: () => Promise<T>): Promise<{ value: T; tags: string[] }> {
  const set = new Set<string>();
  const value = await scope.run(set, fn);
  return { value, tags: [...set].sort() };
}

interface ReadArgs {
  resource: string;
  query?: Query;
}

/** The resource service's reads, as the site uses them. */
export interface TrackableResources {
  list(args: ReadArgs & { query: Query }): Promise<unknown>;
  listMany?(args: { resource: string; queries: Query[] }): Promise<unknown>;
  count?(args: ReadArgs & { query: Query }): Promise<unknown>;
  get(args: ReadArgs & { id: string }): Promise<unknown>;
  definition?(name: string): { relations: Record<string, { resource: string }> };
}

/** The same service, whose reads record their tags in the running render. */
export function trackResources<T extends TrackableResources>(resources: T): T {
  const targetOf = (resource: string) => (name: string) => {
    try {
      return resources.definition?.(resource).relations[name]?.resource;
    } catch {
      return undefined;
    }
  };
  const lookups = (args: ReadArgs) => lookupTags(args.resource, args.query?.lookup, targetOf(args.resource));
  const tracked: TrackableResources = {
    ...resources,
    list(args) {
      recordTags([...readTags(args.resource, args.query), ...lookups(args)]);
      return resources.list(args);
    },
    get(args) {
      recordTags([`${args.resource}:_id=${args.id}`, ...lookups(args)]);
      return resources.get(args);
    },
  };
  if (resources.listMany) {
    const listMany = resources.listMany.bind(resources);
    tracked.listMany = (args) => {
      for (const query of args.queries) {
        recordTags([...readTags(args.resource, query), ...lookups({ resource: args.resource, query })]);
      }
      return listMany(args);
    };
  }
  if (resources.count) {
    const count = resources.count.bind(resources);
    tracked.count = (args) => {
      recordTags(readTags(args.resource, args.query));
      return count(args);
    };
  }
  return tracked as T;
}

/** The category counts read every published fact-check of a language and the criteria categories. */
export function trackStats<T extends { countByCategory(args: { language?: string }): Promise<unknown> }>(
  stats: T,
): T {
  return {
    ...stats,
    countByCategory(args: { language?: string }) {
      recordTags([args.language ? `factcheck:*@${args.language}` : 'factcheck:*', 'category:*']);
      return stats.countByCategory(args);
    },
  } as T;
}
