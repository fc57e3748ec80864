// The bulk import of fact-checks (issue 37, ADR 049): JSON Lines, one fact-check per line, loaded in
// batches, each batch one transaction. Every line goes through the resource service's create, the
// one the API's POST uses (schema, HTML sanitising, derived fields, slug, workflow state machine,
// revision), on a service bound to the batch's transaction: each line is a savepoint inside it, so a
// bad line is reported with its number and code and the rest of its batch is still checked, and a
// batch holding a bad line is rolled back whole (no partial batch). References may name records by
// id or by slug (author, category, country, topic, tags, evaluation categories, media sources).
// Items already there (the same slug or _id) are skipped, so a re-run after fixing a line loads only
// what is missing. Like the seed, an import keeps the file's createdAt/updatedAt/publishedAt
// (`preserveTimestamps`): history is loaded as it was, under the state machine, without four-eyes
// and the publish gate (resource-transitions.ts), and nothing of it is reachable over HTTP.
import {
  author as authorTable,
  category as categoryTable,
  type Database,
  type Db,
  factcheck,
  inArray,
  mediaSource as mediaSourceTable,
  or,
  sql,
} from '@tabayyun/db';
import type { Actor } from '@tabayyun/permissions';
import { AppError } from '../../errors.ts';
import type { AccessGuard } from '../../plugins/access.ts';
import { CONTENT_CHANNEL } from '../content/content-events.ts';
import { ALL_TAG } from '../content/content-tags.ts';
import type { Registry } from '../resources/resource-types.ts';
import { createResourceService } from '../resources/resources.service.ts';
import type { PublicSite } from '../workflow/gate-context.ts';

export interface ImportDeps {
  database: Database;
  registry: Registry;
  guard: AccessGuard;
  apiBase: string;
  publicSite?: PublicSite;
}

export interface ImportOptions {
  /** Who the import writes as (revisions, access rules): a user, or the system actor. */
  actor: Actor;
  /** Lines per transaction (default 500). */
  batchSize?: number;
  /** Batches in flight at once on PostgreSQL (default 1; PGlite: always 1). */
  concurrency?: number;
  /** Check every line and roll every batch back: nothing is written. */
  dryRun?: boolean;
  /** Told after each batch (committed or rolled back). */
  onBatch?: (progress: ImportProgress) => void;
}

export interface LineError {
  line: number;
  code: string;
  message: string;
  details?: unknown;
}

export interface ImportProgress {
  /** Lines read so far (blank lines included). */
  lines: number;
  created: number;
  skipped: number;
  /** Lines of rolled-back batches that were valid (loaded by a re-run once the bad lines are fixed). */
  notLoaded: number;
  errors: LineError[];
}

export interface ImportReport extends ImportProgress {
  batches: number;
  /** First and last line of each batch rolled back because of an error. */
  rolledBack: { from: number; to: number }[];
  ms: number;
}

/** Fields that name other records, and the table each names. */
type RefKind = 'author' | 'category' | 'media-source';

interface RefMaps {
  author: Map<string, string>;
  category: Map<string, string>;
  'media-source': Map<string, string>;
}

/** id → id and slug → id of authors, categories and media sources (small tables, read once). */
async function loadRefMaps(db: Db): Promise<RefMaps> {
  const maps: RefMaps = { author: new Map(), category: new Map(), 'media-source': new Map() };
  const fill = (map: Map<string, string>, rows: { _id: string; slug: string | null }[]) => {
    for (const r of rows) if (r.slug && !map.has(r.slug)) map.set(r.slug, r._id);
    // Ids win over slugs: a value that is some record's id means that record.
    for (const r of rows) map.set(r._id, r._id);
  };
  fill(maps.author, await db.select({ _id: authorTable._id, slug: authorTable.slug }).from(authorTable));
  fill(
    maps.category,
    await db.select({ _id: categoryTable._id, slug: categoryTable.slug }).from(categoryTable),
  );
  fill(
    maps['media-source'],
    await db.select({ _id: mediaSourceTable._id, slug: mediaSourceTable.slug }).from(mediaSourceTable),
  );
  return maps;
}

const SINGLE_REFS: [string, RefKind][] = [
  ['author', 'author'],
  ['category', 'category'],
];
const LIST_REFS: [string, RefKind][] = [
  ['country', 'category'],
  ['topic', 'category'],
  ['tags', 'category'],
  ['mediaSource', 'media-source'],
];

/** The line with references by slug turned into ids; unknown references are field errors. */
function resolveRefs(doc: Record<string, unknown>, maps: RefMaps): Record<string, unknown> {
  const out = { ...doc };
  const unknown: Record<string, string> = {};
  const resolve = (kind: RefKind, value: unknown, field: string): unknown => {
    if (typeof value !== 'string' || value.trim() === '') return value;
    const id = maps[kind].get(value.trim());
    if (id === undefined) unknown[field] ??= `Unknown ${kind}: ${value}`;
    return id ?? value;
  };
  for (const [field, kind] of SINGLE_REFS) {
    if (field in out) out[field] = resolve(kind, out[field], field);
  }
  for (const [field, kind] of LIST_REFS) {
    const value = out[field];
    if (Array.isArray(value)) out[field] = value.map((v, i) => resolve(kind, v, `${field}.${i}`));
    else if (typeof value === 'string') out[field] = resolve(kind, value, field);
  }
  if (Array.isArray(out.evaluation)) {
    out.evaluation = out.evaluation.map((row: unknown, i) =>
      typeof row === 'object' && row !== null && !Array.isArray(row)
        ? {
            ...(row as Record<string, unknown>),
            category: resolve(
              'category',
              (row as Record<string, unknown>).category,
              `evaluation.${i}.category`,
            ),
          }
        : row,
    );
  }
  if (Object.keys(unknown).length > 0) {
    throw new AppError('VALIDATION_FAILED', 'Unknown reference', unknown);
  }
  return out;
}

interface ParsedLine {
  line: number;
  doc?: Record<string, unknown>;
  error?: LineError;
}

function parseLine(text: string, line: number): ParsedLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return {
      line,
      error: { line, code: 'VALIDATION_FAILED', message: `Malformed JSON: ${(err as Error).message}` },
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { line, error: { line, code: 'VALIDATION_FAILED', message: 'A line must be a JSON object' } };
  }
  return { line, doc: value as Record<string, unknown> };
}

const lineError = (line: number, err: unknown): LineError => {
  if (err instanceof AppError) {
    return {
      line,
      code: err.code,
      message: err.message,
      ...(err.details === undefined ? {} : { details: err.details }),
    };
  }
  return { line, code: 'INTERNAL_ERROR', message: (err as Error)?.message ?? String(err) };
};

/**
 * After an import has written: the planner's statistics of the tables it wrote, and a VACUUM (ADR
 * 057). Without the statistics the planner still believes the tables hold what they held before
 * (nothing, after a first import) and picks plans for that: at 100,000 fact-checks the home page
 * took 2.4 s instead of 33 ms until an ANALYZE (PostgreSQL without autovacuum); PGlite has no
 * autovacuum at all. The VACUUM sets the visibility map (index-only scans) and merges the GIN
 * indexes' pending lists: the home page went from 33 to 15 ms. The ANALYZE runs without the
 * caller's statement timeout (a sample: a second or two); on PostgreSQL the VACUUM (which cannot
 * run in a transaction, so keeps the caller's timeout) is best effort: autovacuum does it later
 * where it runs. PGlite has no timeout.
 */
export async function refreshStatistics(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await database.db.execute(sql`vacuum (analyze) factcheck, revision`);
    return;
  }
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`analyze factcheck, revision`);
  });
  await database.db.execute(sql`vacuum factcheck, revision`).catch(() => {});
}

/** Thrown inside a batch's transaction to roll it back. */
class RollBack extends Error {}
/** A line failed in a batch run without savepoints: the batch is run again line by line. */
class Replay extends Error {}
/** A line whose slug another writer took meanwhile (a parallel batch): skipped, not suffixed. */
class TakenMeanwhile extends Error {}

/**
 * A Db that runs every statement on `target.current` and whose `transaction` runs its callback in
 * place: the resource service's own transaction becomes the batch's (or the line's savepoint).
 */
function boundDb(target: { current: Db }): Db {
  const db: Db = new Proxy({} as Db, {
    get(_, key) {
      if (key === 'transaction') return (run: (tx: Db) => Promise<unknown>) => run(db);
      const value = Reflect.get(target.current, key);
      return typeof value === 'function' ? value.bind(target.current) : value;
    },
  });
  return db;
}

/**
 * Imports fact-checks from `lines` (the file's lines, in order). Blank lines are skipped (but
 * counted, so errors name the line of the file).
 */
export async function importFactchecks(
  deps: ImportDeps,
  lines: AsyncIterable<string> | Iterable<string>,
  options: ImportOptions,
): Promise<ImportReport> {
  const started = performance.now();
  // Taken before the first await: a readline interface drops the lines it reads before then.
  const source: AsyncIterator<string> | Iterator<string> =
    Symbol.asyncIterator in lines ? lines[Symbol.asyncIterator]() : lines[Symbol.iterator]();
  const batchSize = Math.max(1, options.batchSize ?? 500);
  // PGlite is one connection: its batches run one after the other.
  const concurrency = deps.database.kind === 'pglite' ? 1 : Math.max(1, options.concurrency ?? 1);
  const maps = await loadRefMaps(deps.database.db);
  const progress: ImportProgress = { lines: 0, created: 0, skipped: 0, notLoaded: 0, errors: [] };
  const rolledBack: { from: number; to: number }[] = [];
  let batches = 0;
  let committedAny = false;

  /**
   * One batch in one transaction. `careful`: each line in its own savepoint, so every bad line is
   * named; otherwise the lines run straight in the transaction and the first failure replays the
   * batch carefully (a valid batch pays no savepoints).
   */
  const attempt = async (batch: ParsedLine[], careful: boolean) => {
    let created = 0;
    let skipped = 0;
    const errors: LineError[] = [];
    await deps.database.db
      .transaction(async (tx) => {
        const target = { current: tx as Db };
        // The API's create, bound to this transaction.
        const resources = createResourceService({
          db: boundDb(target),
          registry: deps.registry,
          guard: deps.guard,
          apiBase: deps.apiBase,
          ...(deps.publicSite ? { publicSite: deps.publicSite } : {}),
        });
        // Items already stored (by slug or _id), read in one statement per batch.
        const slugs = batch.flatMap((p) => (typeof p.doc?.slug === 'string' ? [p.doc.slug.trim()] : []));
        const ids = batch.flatMap((p) => (typeof p.doc?._id === 'string' ? [p.doc._id] : []));
        const present = new Set<string>();
        if (slugs.length > 0 || ids.length > 0) {
          const rows = await tx
            .select({ _id: factcheck._id, slug: factcheck.slug })
            .from(factcheck)
            .where(
              or(
                slugs.length > 0 ? inArray(factcheck.slug, slugs) : undefined,
                ids.length > 0 ? inArray(factcheck._id, ids) : undefined,
              ),
            );
          for (const r of rows) {
            present.add(`id:${r._id}`);
            if (r.slug) present.add(`slug:${r.slug}`);
          }
        }
        const createLine = async (doc: Record<string, unknown>, slug: string) => {
          const result = await resources.create({
            actor: options.actor,
            resource: 'factcheck',
            input: resolveRefs(doc, maps),
            options: { preserveTimestamps: true },
          });
          // The file's slug was free when the batch began: another writer took it since.
          if (slug && result.document.slug !== slug) throw new TakenMeanwhile();
          return result._id;
        };
        for (const parsed of batch) {
          if (parsed.error) {
            if (!careful) throw new Replay();
            errors.push(parsed.error);
            continue;
          }
          const doc = parsed.doc!;
          const slug = typeof doc.slug === 'string' ? doc.slug.trim() : '';
          const id = typeof doc._id === 'string' ? doc._id : '';
          if ((slug && present.has(`slug:${slug}`)) || (id && present.has(`id:${id}`))) {
            skipped++;
            continue;
          }
          try {
            const createdId = careful
              ? await tx.transaction(async (savepoint) => {
                  target.current = savepoint as Db;
                  try {
                    return await createLine(doc, slug);
                  } finally {
                    target.current = tx as Db;
                  }
                })
              : await createLine(doc, slug);
            created++;
            // A later line of the file with the same slug or id is a repeat: skipped too.
            present.add(`id:${createdId}`);
            if (slug) present.add(`slug:${slug}`);
          } catch (err) {
            if (!careful) throw new Replay();
            if (err instanceof TakenMeanwhile) skipped++;
            else errors.push(lineError(parsed.line, err));
          }
        }
        if (errors.length > 0 || options.dryRun) throw new RollBack();
      })
      .catch((err: unknown) => {
        if (!(err instanceof RollBack)) throw err;
      });
    return { created, skipped, errors };
  };

  const runBatch = async (batch: ParsedLine[]) => {
    batches++;
    let outcome: Awaited<ReturnType<typeof attempt>>;
    try {
      outcome = await attempt(batch, false);
    } catch (err) {
      if (!(err instanceof Replay)) throw err;
      outcome = await attempt(batch, true);
    }
    const { created, skipped, errors } = outcome;
    progress.skipped += skipped;
    if (errors.length > 0) {
      progress.notLoaded += created;
      rolledBack.push({ from: batch[0]!.line, to: batch.at(-1)!.line });
    } else {
      progress.created += created;
      committedAny ||= created > 0 && !options.dryRun;
    }
    progress.errors.push(...errors);
    options.onBatch?.({ ...progress, errors: [...progress.errors] });
  };

  const running = new Set<Promise<void>>();
  let failure: unknown;
  const launch = async (batch: ParsedLine[]) => {
    const run = runBatch(batch).catch((err: unknown) => {
      failure ??= err;
    });
    const tracked = run.finally(() => running.delete(tracked));
    running.add(tracked);
    if (running.size >= concurrency) await Promise.race(running);
    if (failure) throw failure;
  };

  let batch: ParsedLine[] = [];
  for (let next = await source.next(); !next.done; next = await source.next()) {
    const text = next.value;
    progress.lines++;
    if (text.trim() === '') continue;
    batch.push(parseLine(text, progress.lines));
    if (batch.length >= batchSize) {
      await launch(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await launch(batch);
  await Promise.all(running);
  if (failure) throw failure;
  progress.errors.sort((a, b) => a.line - b.line);
  rolledBack.sort((a, b) => a.from - b.from);
  if (committedAny) {
    await refreshStatistics(deps.database);
    // Running servers drop their cached pages and totals (one signal for the whole import).
    await deps.database
      .notify(
        CONTENT_CHANNEL,
        JSON.stringify({ resource: 'factcheck', id: 'import', tags: [ALL_TAG], hard: false }),
      )
      .catch(() => {});
  }
  return { ...progress, batches, rolledBack, ms: Math.round(performance.now() - started) };
}
