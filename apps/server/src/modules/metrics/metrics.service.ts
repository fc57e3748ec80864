// Desk metrics (issue 35 §5, ADR 052): what the newsroom published and how fast, over any range of
// dates and the range of equal length before it, computed in SQL (counts, percentile_cont,
// generate_series: on PostgreSQL and PGlite alike). Days and months are those of `tz`.
import { type Db, sql } from '@tabayyun/db';
import type { Actor } from '@tabayyun/permissions';
import { invalidQuery } from '../../errors.ts';
import type { AccessGuard } from '../../plugins/access.ts';

/** The path whose Read right opens the metrics: under the dashboard's, so staff inherit it. */
export const METRICS_PATH = '/dashboard/metrics';
/** The longest range: a year of days in one chart (and a leap year's). */
export const METRICS_MAX_DAYS = 366;
const DAY_MS = 86_400_000;

export interface Duration {
  /** Fact-checks measured. */
  count: number;
  /** Seconds; null when nothing was measured. */
  median: number | null;
  p90: number | null;
}

export interface PeriodFigures {
  from: string;
  to: string;
  published: number;
  publishedPerDay: { day: string; count: number }[];
  feedToPublished: Duration;
  createdToPublished: Duration;
  verdicts: { category: string | null; name: string | null; color: string | null; count: number }[];
  authors: { author: string | null; name: string | null; count: number }[];
  corrections: number;
  correctionsPerMonth: { month: string; count: number }[];
}

export interface BacklogBucket {
  /** `0-6h`, `6-24h`, `1-3d`, `3-7d`, `7d+` */
  bucket: string;
  /** Creation times of the bucket's items: [from, to) as ISO (from null: older than anything). */
  from: string | null;
  to: string;
  count: number;
}

export interface Metrics {
  tz: string;
  current: PeriodFigures;
  previous: PeriodFigures;
  /** New feed items waiting, by age, now. */
  backlog: BacklogBucket[];
}

const INTEGER = /^-?\d+$/;

/** A `from`/`to` value: ISO 8601 or milliseconds, as the query language reads dates. */
function parseInstant(key: string, raw: string | undefined): Date {
  if (raw === undefined || raw === '') throw invalidQuery(key, 'required (ISO 8601 or milliseconds)');
  const date = INTEGER.test(raw) ? new Date(Number(raw)) : new Date(raw);
  if (Number.isNaN(date.getTime()) || !/^\d|^-\d/.test(raw)) {
    throw invalidQuery(key, `'${raw}' is not a date (ISO 8601 or milliseconds)`);
  }
  if (date.getUTCFullYear() < 1970 || date.getUTCFullYear() > 9999) {
    throw invalidQuery(key, `'${raw}' is outside the years 1970 to 9999`);
  }
  return date;
}

function parseZone(raw: string | undefined): string {
  if (raw === undefined || raw === '') return 'UTC';
  if (!/^[A-Za-z][\w+-]*(\/[\w+-]+){0,2}$/.test(raw)) {
    throw invalidQuery('tz', `'${raw}' is not a time zone (IANA name, e.g. Asia/Damascus)`);
  }
  try {
    new Intl.DateTimeFormat('en', { timeZone: raw });
    return raw;
  } catch {
    throw invalidQuery('tz', `'${raw}' is not a time zone (IANA name, e.g. Asia/Damascus)`);
  }
}

export type MetricsService = ReturnType<typeof createMetricsService>;

export function createMetricsService(deps: { db: Db; guard: AccessGuard }) {
  const { db, guard } = deps;

  const rows = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];

  async function duration(statement: ReturnType<typeof sql>): Promise<Duration> {
    const [row] = await rows<{ n: number; median: number | string | null; p90: number | string | null }>(
      statement,
    );
    const num = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));
    return { count: row?.n ?? 0, median: num(row?.median), p90: num(row?.p90) };
  }

  async function period(from: Date, to: Date, tz: string): Promise<PeriodFigures> {
    const published = sql`"status" = 'published' and "published_at" >= ${from} and "published_at" < ${to}`;
    const lastDay = new Date(to.getTime() - 1);
    const [perDay, feedToPublished, createdToPublished, verdicts, authors, perMonth] = await Promise.all([
      rows<{ day: string; count: number }>(sql`
        with per_day as (
          select date_trunc('day', "published_at" at time zone ${tz}) as d, count(*)::int as n
          from "factcheck" where ${published} group by 1
        )
        select to_char(s.d, 'YYYY-MM-DD') as day, coalesce(per_day.n, 0)::int as count
        from generate_series(
          date_trunc('day', ${from}::timestamptz at time zone ${tz}),
          date_trunc('day', ${lastDay}::timestamptz at time zone ${tz}),
          interval '1 day'
        ) as s(d)
        left join per_day on per_day.d = s.d
        order by s.d`),
      duration(sql`
        select count(*)::int as n,
          percentile_cont(0.5) within group (order by extract(epoch from f."published_at" - fe."created_at")) as median,
          percentile_cont(0.9) within group (order by extract(epoch from f."published_at" - fe."created_at")) as p90
        from "factcheck" f join "feed" fe on fe."_id" = f."news_feed"
        where f."status" = 'published' and f."published_at" >= ${from} and f."published_at" < ${to}
          and f."published_at" >= fe."created_at"`),
      duration(sql`
        select count(*)::int as n,
          percentile_cont(0.5) within group (order by extract(epoch from "published_at" - "created_at")) as median,
          percentile_cont(0.9) within group (order by extract(epoch from "published_at" - "created_at")) as p90
        from "factcheck" where ${published} and "published_at" >= "created_at"`),
      rows<{ category: string | null; name: string | null; color: string | null; count: number }>(sql`
        select f."category" as category, c."name" as name, c."color" as color, count(*)::int as count
        from "factcheck" f left join "category" c on c."_id" = f."category"
        where f."status" = 'published' and f."published_at" >= ${from} and f."published_at" < ${to}
        group by f."category", c."name", c."color"
        order by count desc, f."category" nulls last`),
      rows<{ author: string | null; name: string | null; count: number }>(sql`
        select f."author" as author, a."name" as name, count(*)::int as count
        from "factcheck" f left join "author" a on a."_id" = f."author"
        where f."status" = 'published' and f."published_at" >= ${from} and f."published_at" < ${to}
        group by f."author", a."name"
        order by count desc, a."name" nulls last, f."author" nulls last`),
      rows<{ month: string; count: number }>(sql`
        with per_month as (
          select date_trunc('month', "created_at" at time zone ${tz}) as m, count(*)::int as n
          from "correction" where "created_at" >= ${from} and "created_at" < ${to} group by 1
        )
        select to_char(s.m, 'YYYY-MM') as month, coalesce(per_month.n, 0)::int as count
        from generate_series(
          date_trunc('month', ${from}::timestamptz at time zone ${tz}),
          date_trunc('month', ${lastDay}::timestamptz at time zone ${tz}),
          interval '1 month'
        ) as s(m)
        left join per_month on per_month.m = s.m
        order by s.m`),
    ]);
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      published: perDay.reduce((sum, d) => sum + d.count, 0),
      publishedPerDay: perDay,
      feedToPublished,
      createdToPublished,
      verdicts,
      authors,
      corrections: perMonth.reduce((sum, m) => sum + m.count, 0),
      correctionsPerMonth: perMonth,
    };
  }

  /** Edges of the backlog's age buckets, in hours (the last is open-ended). */
  const BUCKETS = [
    { bucket: '0-6h', min: 0, max: 6 },
    { bucket: '6-24h', min: 6, max: 24 },
    { bucket: '1-3d', min: 24, max: 72 },
    { bucket: '3-7d', min: 72, max: 168 },
    { bucket: '7d+', min: 168, max: null },
  ] as const;

  async function backlog(now: Date): Promise<BacklogBucket[]> {
    const at = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
    const counts = sql.join(
      BUCKETS.map(
        (b, i) =>
          sql`count(*) filter (where "created_at" <= ${at(b.min)}${
            b.max === null ? sql`` : sql` and "created_at" > ${at(b.max)}`
          })::int as ${sql.raw(`b${i}`)}`,
      ),
      sql`, `,
    );
    const [row] = await rows<Record<string, number>>(
      sql`select ${counts} from "feed" where "status" = 'new' and "created_at" <= ${now}`,
    );
    return BUCKETS.map((b, i) => ({
      bucket: b.bucket,
      from: b.max === null ? null : at(b.max).toISOString(),
      to: at(b.min).toISOString(),
      count: Number(row?.[`b${i}`] ?? 0),
    }));
  }

  async function compute(args: {
    actor: Actor;
    from?: string | undefined;
    to?: string | undefined;
    tz?: string | undefined;
    now?: Date;
  }): Promise<Metrics> {
    guard.require(args.actor, METRICS_PATH, 'Read');
    const from = parseInstant('from', args.from);
    const to = parseInstant('to', args.to);
    if (to.getTime() <= from.getTime()) throw invalidQuery('to', 'must be after from');
    if (to.getTime() - from.getTime() > METRICS_MAX_DAYS * DAY_MS) {
      throw invalidQuery('to', `the range is at most ${METRICS_MAX_DAYS} days`);
    }
    const tz = parseZone(args.tz);
    const length = to.getTime() - from.getTime();
    const previousFrom = new Date(from.getTime() - length);
    // One after the other: PGlite runs one statement at a time anyway, and PostgreSQL's pool is shared.
    const current = await period(from, to, tz);
    const previous = await period(previousFrom, from, tz);
    return { tz, current, previous, backlog: await backlog(args.now ?? new Date()) };
  }

  return { compute };
}
