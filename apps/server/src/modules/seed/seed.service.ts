// Seeds the demo content through the same resource operations the API uses, so every derived
// field (search text, paths, scores, slugs) is computed exactly as for an editor's write.
// Idempotent: records whose id exists are left alone.
import {
  type Db,
  eq,
  factcheck as factcheckTable,
  feed as feedTable,
  inArray,
  type PgColumn,
  type PgTable,
  sql,
} from '@tabayyun/db';
import { SYSTEM_ACTOR } from '../../plugins/actor.ts';
import type { ResourceService } from '../resources/resources.service.ts';
import * as demo from './data/index.ts';

export interface SeedReport {
  created: Record<string, number>;
  skipped: Record<string, number>;
}

type Doc = Record<string, unknown> & { _id: string };

const CATEGORY_FIELDS = [
  '_id',
  'parent',
  'slug',
  'name',
  'nameEn',
  'nameTr',
  'description',
  'descriptionEn',
  'descriptionTr',
  'color',
  'score',
  'ratingOrdinal',
  'showOnPages',
];

const pick = (doc: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(keys.filter((k) => doc[k] !== undefined).map((k) => [k, doc[k]]));
const omit = (doc: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(doc).filter(([k]) => !keys.includes(k)));

/** Originals before their translations; translations share the original's id as translation_id. */
function withTranslations(docs: readonly Doc[]): Doc[] {
  const translated = new Set(docs.map((d) => d.translationOf).filter(Boolean));
  const ordered = [...docs.filter((d) => !d.translationOf), ...docs.filter((d) => d.translationOf)];
  return ordered.map((d) => {
    const group = (d.translationOf as string | undefined) ?? (translated.has(d._id) ? d._id : undefined);
    return {
      ...omit(d, ['translationOf', 'factcheckIndex']),
      ...(group ? { translation_id: group } : {}),
    } as Doc;
  });
}

function depthOrder(categories: readonly Doc[]): Doc[] {
  const byId = new Map(categories.map((c) => [c._id, c]));
  const depth = (c: Doc): number =>
    c.parent ? 1 + depth(byId.get(String(c.parent)) ?? ({ _id: '' } as Doc)) : 0;
  return [...categories].sort((a, b) => depth(a) - depth(b));
}

async function existingIds(db: Db, table: PgTable, idColumn: PgColumn, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = (await db.select({ _id: idColumn }).from(table).where(inArray(idColumn, ids))) as {
    _id: string;
  }[];
  return new Set(rows.map((r) => r._id));
}

export async function seedDemoContent(deps: { db: Db; resources: ResourceService }): Promise<SeedReport> {
  const { db, resources } = deps;
  const report: SeedReport = { created: {}, skipped: {} };

  const load = async (resource: string, docs: Doc[]) => {
    const def = resources.definition(resource);
    const have = await existingIds(
      db,
      def.table,
      def.fields._id!.column,
      docs.map((d) => d._id),
    );
    report.created[resource] = 0;
    report.skipped[resource] = 0;
    for (const doc of docs) {
      if (have.has(doc._id)) {
        report.skipped[resource]!++;
        continue;
      }
      try {
        await resources.create({
          actor: SYSTEM_ACTOR,
          resource,
          input: doc,
          options: { preserveTimestamps: true },
        });
      } catch (err) {
        const details = (err as { details?: unknown }).details;
        throw new Error(
          `Seeding ${resource} '${doc._id}' failed: ${(err as Error).message} ${JSON.stringify(details ?? {})}`,
          {
            cause: err,
          },
        );
      }
      report.created[resource]!++;
    }
  };

  await load(
    'category',
    depthOrder(demo.categories as unknown as Doc[]).map((c) => pick(c, CATEGORY_FIELDS) as Doc),
  );
  await load('author', demo.authors as unknown as Doc[]);
  await load('media-source', demo.mediaSources as unknown as Doc[]);
  await load('article', withTranslations(demo.articles as unknown as Doc[]));
  await load('factcheck', withTranslations(demo.factchecks as unknown as Doc[]));
  await load(
    'feed',
    (demo.feedItems as unknown as Doc[]).map((f) => omit(f, ['factcheckIndex']) as Doc),
  );

  // Feed items already investigated: link them to their fact-checks, as Investigate would have.
  const investigated = (demo.feedItems as unknown as Doc[]).filter(
    (f) => typeof f.factcheckIndex === 'number',
  );
  const factchecks = demo.factchecks as unknown as Doc[];
  for (const item of investigated) {
    const target = factchecks[item.factcheckIndex as number];
    if (!target) continue;
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ factcheck: feedTable.factcheck })
        .from(feedTable)
        .where(eq(feedTable._id, item._id));
      if (!row || row.factcheck) return;
      await tx
        .update(feedTable)
        .set({
          factcheck: { _id: target._id, title: String(target.title) },
          updatedAt: sql`${feedTable.updatedAt}`,
        })
        .where(eq(feedTable._id, item._id));
      await tx.update(factcheckTable).set({ newsFeed: item._id }).where(eq(factcheckTable._id, target._id));
    });
  }
  return report;
}
