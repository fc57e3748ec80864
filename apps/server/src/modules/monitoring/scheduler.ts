// Runs each enabled media source at its interval. Several instances may share one PostgreSQL:
// a source is claimed by moving its `next_run_at` forward in the same statement that picks it,
// with FOR UPDATE SKIP LOCKED, so exactly one instance gets each due run (ADR 019). The same SQL
// works on PGlite (one instance). A crashed run is not retried before its next due time.
import { type Db, sql } from '@tabayyun/db';
import { periodicJob } from '../scheduling/periodic-job.ts';
import type { IngestService } from './ingest.service.ts';

/** Sources run one after another per instance and tick; more instances share the work. */
const RUNS_PER_TICK_MAX = 20;

/** Claims one due source (enabled, with feeds, next run time passed or never set); its id or undefined. */
export async function claimDueSource(db: Db, now = new Date()): Promise<string | undefined> {
  const result = await db.execute<{ _id: string }>(sql`
    update media_source
       set next_run_at = ${now}::timestamptz + make_interval(mins => poll_interval)
     where _id = (
       select _id from media_source
        where monitoring_enabled
          and cardinality(feeds) > 0
          and (next_run_at is null or next_run_at <= ${now}::timestamptz)
        order by next_run_at nulls first, _id
        limit 1
        for update skip locked
     )
       and monitoring_enabled
       and (next_run_at is null or next_run_at <= ${now}::timestamptz)
    returning _id
  `);
  return result.rows[0]?._id;
}

export interface Scheduler {
  /** Runs every source due now (bounded); answers the ids run. */
  tick(): Promise<string[]>;
  start(): void;
  stop(): Promise<void>;
}

export function createScheduler(deps: {
  db: Db;
  ingest: IngestService;
  tickMs: number;
  log?: { error(obj: object, msg: string): void };
}): Scheduler {
  return periodicJob({
    tickMs: deps.tickMs,
    name: 'media source scheduler',
    log: deps.log,
    async run(stopped) {
      const ran: string[] = [];
      for (let i = 0; i < RUNS_PER_TICK_MAX && !stopped(); i++) {
        const id = await claimDueSource(deps.db);
        if (!id) break;
        ran.push(id);
        try {
          await deps.ingest.runSource(id);
        } catch (err) {
          deps.log?.error({ err, mediaSource: id }, 'media source run failed');
        }
      }
      return ran;
    },
  });
}
