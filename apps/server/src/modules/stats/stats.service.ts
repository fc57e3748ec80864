// Dashboard breakdowns and the public per-category counts. Grouping runs in SQL over the same
// filters (and the same access selectors) as the fact-check list.
import { and, author, category, type Db, factcheck, mediaSource, type SQL, sql } from '@tabayyun/db';
import type { Actor } from '@tabayyun/permissions';
import type { Query } from '@tabayyun/query';
import { invalidQuery } from '../../errors.ts';
import type { AccessGuard } from '../../plugins/access.ts';
import type { CountCache } from '../resources/count-cache.ts';
import { compileWhere } from '../resources/query-compiler.ts';
import type { Registry } from '../resources/resource-types.ts';

export const STATS_BY = ['category', 'topic', 'author', 'mediaSource', 'country'] as const;
export type StatsBy = (typeof STATS_BY)[number];

export interface StatsRow {
  _id: string | null;
  details: { name: string | null };
  count: number;
}

const GROUPS: Record<StatsBy, { key: SQL; many: boolean; names: SQL }> = {
  category: {
    key: sql`${factcheck.category}`,
    many: false,
    names: sql`select ${category._id} as id, ${category.name} as name from ${category}`,
  },
  topic: {
    key: sql`${factcheck.topic}`,
    many: true,
    names: sql`select ${category._id} as id, ${category.name} as name from ${category}`,
  },
  country: {
    key: sql`${factcheck.country}`,
    many: true,
    names: sql`select ${category._id} as id, ${category.name} as name from ${category}`,
  },
  author: {
    key: sql`${factcheck.author}`,
    many: false,
    names: sql`select ${author._id} as id, ${author.name} as name from ${author}`,
  },
  mediaSource: {
    key: sql`${factcheck.mediaSource}`,
    many: true,
    names: sql`select ${mediaSource._id} as id, ${mediaSource.name} as name from ${mediaSource}`,
  },
};

export function createStatsService(deps: {
  db: Db;
  registry: Registry;
  guard: AccessGuard;
  apiBase: string;
  /** The counts per rating are kept here until the next content write (the home page asks on every render). */
  countCache?: CountCache;
}) {
  const { db, registry, guard, apiBase } = deps;
  const factcheckDef = () => registry.get('factcheck')!;

  const scopedWhere = (actor: Actor, query: Query): SQL | undefined => {
    const def = factcheckDef();
    const access = guard.require(actor, `${apiBase}/factcheck`, 'Read');
    const joinGuard = () => undefined;
    return and(
      compileWhere(def, access.where, { registry, joinGuard }),
      compileWhere(def, query.where, { registry, joinGuard }),
    );
  };

  return {
    async factcheckStats(args: { actor: Actor; by: string | undefined; query: Query }): Promise<StatsRow[]> {
      guard.require(args.actor, `${apiBase}/stats/factcheck`, 'Read');
      if (!args.by || !(STATS_BY as readonly string[]).includes(args.by)) {
        throw invalidQuery('by', `must be one of ${STATS_BY.join(', ')}`);
      }
      const group = GROUPS[args.by as StatsBy];
      const where = scopedWhere(args.actor, args.query) ?? sql`true`;
      // Items without a value group under a null id, as the dashboard links them with {exists}false.
      const keys = group.many
        ? sql`cross join lateral unnest(case when cardinality(${group.key}) = 0 then array[null]::text[] else ${group.key} end) as g(key)`
        : sql`cross join lateral (select ${group.key} as key) as g`;
      const result = await db.execute(sql`
        select g.key as "_id", n.name as "name", count(*)::int as "count"
        from ${factcheck} ${keys}
        left join (${group.names}) as n on n.id = g.key
        where ${where}
        group by g.key, n.name
        order by count(*) desc, g.key nulls last`);
      return (result.rows as { _id: string | null; name: string | null; count: number }[]).map((r) => ({
        _id: r._id,
        details: { name: r.name },
        count: Number(r.count),
      }));
    },

    /** Published fact-checks per top-level criteria category (home sidebar), zeros included. */
    async countByCategory(args: { actor: Actor; language?: string }) {
      guard.require(args.actor, `${apiBase}/count/category`, 'Read');
      const language = args.language;
      if (language !== undefined && !['ar', 'en', 'tr'].includes(language)) {
        throw invalidQuery('language', 'must be ar, en or tr');
      }
      const count = async () => {
        const result = await db.execute(sql`
        select c._id as "_id", c.name as "name", c.name_en as "nameEn", c.name_tr as "nameTr",
          -- f.category, not f._id: the (category, status, language, published_at) index holds it, so
          -- the count is an index-only scan (735 buffers instead of 13,230 at 100,000 rows on PGlite).
          c.slug as "slug", c.color as "color", count(f.category)::int as "count"
        from ${category} c
        left join ${factcheck} f on f.category = c._id and f.status = 'published'
          ${language ? sql`and f.language = ${language}` : sql``}
        where c.parent = 'criteria'
        group by c._id, c.name, c.name_en, c.name_tr, c.slug, c.color, c.path
        order by c.path`);
        return (
          result.rows as {
            _id: string;
            name: string;
            nameEn: string | null;
            nameTr: string | null;
            slug: string;
            color: string | null;
            count: number;
          }[]
        ).map((r) => ({ ...r, count: Number(r.count) }));
      };
      // Frozen: every caller shares the one answer kept in the cache.
      const load = async () => Object.freeze((await count()).map((row) => Object.freeze(row)));
      return deps.countCache ? deps.countCache.remember(`count-by-category:${language ?? ''}`, load) : load();
    },
  };
}
