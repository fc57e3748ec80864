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

/** The calendar day of an instant in a time zone, `YYYY-MM-DD`. */
function dayOf(instant: Date, tz: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

export type MetricsService = ReturnType<typeof createMetricsService>;

export function createMetricsService(deps: { db: Db; guard: AccessGuard }) {
  const { db, guard } = deps;

  const rows = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];

  /**
   * Both periods' figures of the published fact-checks from one read of them: the rows of
   * [previousFrom, to) are read once (the status and publication-date index, the feed item of each
   * by its key) into a materialised set, and every figure is an aggregate over that set, grouped
   * by period; the medians and 90th percentiles of a period share one sort (an array of
   * fractions), and the rows come from a covering index (migration 0018).
   */
  async function periods(previousFrom: Date, from: Date, to: Date, tz: string) {
    const [row] = await rows<{
      days: { cur: boolean; day: string }[];
      per_day: { cur: boolean; day: string; n: number }[] | null;
      created: { cur: boolean; n: number; q: number[] | null }[] | null;
      feed: { cur: boolean; n: number; q: number[] | null }[] | null;
      verdicts:
        | { cur: boolean; category: string | null; name: string | null; color: string | null; n: number }[]
        | null;
      authors: { cur: boolean; author: string | null; name: string | null; n: number }[] | null;
      months: { cur: boolean; month: string }[];
      corrections: { cur: boolean; month: string; n: number }[] | null;
    }>(sql`
      with p as materialized (
        select f."published_at" >= ${from} as cur, f."published_at" as published_at,
          f."created_at" as created_at, f."category" as category, f."author" as author,
          fe."created_at" as feed_at
        from "factcheck" f left join "feed" fe on fe."_id" = f."news_feed"
        where f."status" = 'published' and f."published_at" >= ${previousFrom} and f."published_at" < ${to}
      ),
      c as materialized (
        select "created_at" >= ${from} as cur, "created_at" as created_at
        from "correction" where "created_at" >= ${previousFrom} and "created_at" < ${to}
      )
      select
        (select json_agg(json_build_object('cur', s.cur, 'day', to_char(s.d, 'YYYY-MM-DD')) order by s.d)
          from (
            select d, d >= date_trunc('day', ${from}::timestamptz at time zone ${tz}) as cur
            from generate_series(
              date_trunc('day', ${previousFrom}::timestamptz at time zone ${tz}),
              date_trunc('day', ${new Date(to.getTime() - 1)}::timestamptz at time zone ${tz}),
              interval '1 day') as d
          ) s) as days,
        (select json_agg(json_build_object('cur', cur, 'day', to_char(d, 'YYYY-MM-DD'), 'n', n)) from (
          select cur, date_trunc('day', published_at at time zone ${tz}) as d, count(*)::int as n
          from p group by 1, 2) x) as per_day,
        (select json_build_array(
            json_build_object('cur', true, 'n', count(*) filter (where cur), 'q',
              percentile_cont(array[0.5, 0.9]) within group (order by extract(epoch from published_at - created_at)) filter (where cur)),
            json_build_object('cur', false, 'n', count(*) filter (where not cur), 'q',
              percentile_cont(array[0.5, 0.9]) within group (order by extract(epoch from published_at - created_at)) filter (where not cur)))
          from p where published_at >= created_at) as created,
        (select json_build_array(
            json_build_object('cur', true, 'n', count(*) filter (where cur), 'q',
              percentile_cont(array[0.5, 0.9]) within group (order by extract(epoch from published_at - feed_at)) filter (where cur)),
            json_build_object('cur', false, 'n', count(*) filter (where not cur), 'q',
              percentile_cont(array[0.5, 0.9]) within group (order by extract(epoch from published_at - feed_at)) filter (where not cur)))
          from p where feed_at is not null and published_at >= feed_at) as feed,
        (select json_agg(json_build_object('cur', x.cur, 'category', x.category, 'name', cat."name",
            'color', cat."color", 'n', x.n)) from (
          select cur, category, count(*)::int as n from p group by 1, 2) x
          left join "category" cat on cat."_id" = x.category) as verdicts,
        (select json_agg(json_build_object('cur', x.cur, 'author', x.author, 'name', a."name", 'n', x.n)) from (
          select cur, author, count(*)::int as n from p group by 1, 2) x
          left join "author" a on a."_id" = x.author) as authors,
        (select json_agg(json_build_object('cur', s.cur, 'month', to_char(s.m, 'YYYY-MM')) order by s.cur, s.m)
          from (
            select m, true as cur from generate_series(
              date_trunc('month', ${from}::timestamptz at time zone ${tz}),
              date_trunc('month', ${new Date(to.getTime() - 1)}::timestamptz at time zone ${tz}),
              interval '1 month') as m
            union all
            select m, false from generate_series(
              date_trunc('month', ${previousFrom}::timestamptz at time zone ${tz}),
              date_trunc('month', ${new Date(from.getTime() - 1)}::timestamptz at time zone ${tz}),
              interval '1 month') as m
          ) s) as months,
        (select json_agg(json_build_object('cur', cur, 'month', month, 'n', n)) from (
          select cur, to_char(date_trunc('month', created_at at time zone ${tz}), 'YYYY-MM') as month,
            count(*)::int as n
          from c group by 1, 2) x) as corrections`);
    const figures = (cur: boolean, start: Date, end: Date): PeriodFigures => {
      const counts = new Map(
        (row?.per_day ?? []).filter((d) => d.cur === cur).map((d) => [d.day, d.n] as const),
      );
      // A day of the zone straddling `from` is in both series (each counts its own part of it).
      const lastDay = dayOf(new Date(end.getTime() - 1), tz);
      const days = (row?.days ?? []).filter((d) => d.cur === cur || d.day === lastDay).map((d) => d.day);
      const publishedPerDay = [...new Set(days)].map((day) => ({ day, count: counts.get(day) ?? 0 }));
      const duration = (list: { cur: boolean; n: number; q: number[] | null }[] | null): Duration => {
        const found = (list ?? []).find((d) => d.cur === cur);
        return found?.q && found.n > 0
          ? { count: found.n, median: Number(found.q[0]), p90: Number(found.q[1]) }
          : { count: 0, median: null, p90: null };
      };
      const byCount = <T extends { n: number }>(a: T, b: T, keys: (keyof T)[]) => {
        if (a.n !== b.n) return b.n - a.n;
        for (const key of keys) {
          const x = a[key] as unknown as string | null;
          const y = b[key] as unknown as string | null;
          if (x === y) continue;
          if (x === null) return 1;
          if (y === null) return -1;
          return x < y ? -1 : 1;
        }
        return 0;
      };
      const perMonth = new Map(
        (row?.corrections ?? []).filter((m) => m.cur === cur).map((m) => [m.month, m.n] as const),
      );
      const correctionsPerMonth = (row?.months ?? [])
        .filter((m) => m.cur === cur)
        .map((m) => ({ month: m.month, count: perMonth.get(m.month) ?? 0 }));
      return {
        from: start.toISOString(),
        to: end.toISOString(),
        published: [...counts.values()].reduce((sum, n) => sum + n, 0),
        publishedPerDay,
        feedToPublished: duration(row?.feed ?? null),
        createdToPublished: duration(row?.created ?? null),
        verdicts: (row?.verdicts ?? [])
          .filter((v) => v.cur === cur)
          .sort((a, b) => byCount(a, b, ['category']))
          .map((v) => ({ category: v.category, name: v.name, color: v.color, count: v.n })),
        authors: (row?.authors ?? [])
          .filter((a) => a.cur === cur)
          .sort((a, b) => byCount(a, b, ['name', 'author']))
          .map((a) => ({ author: a.author, name: a.name, count: a.n })),
        corrections: [...perMonth.values()].reduce((sum, n) => sum + n, 0),
        correctionsPerMonth,
      };
    };
    return { current: figures(true, from, to), previous: figures(false, previousFrom, from) };
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
    const { current, previous } = await periods(previousFrom, from, to, tz);
    return { tz, current, previous, backlog: await backlog(args.now ?? new Date()) };
  }

  return { compute };
}
