// GET /api/metrics and what the screen derives from it: the range from the address, durations as
// people read them, and the filtered list behind every number (issue 35 §5).
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client.ts';

export interface Duration {
  count: number;
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
export interface Metrics {
  tz: string;
  current: PeriodFigures;
  previous: PeriodFigures;
  backlog: { bucket: string; from: string | null; to: string; count: number }[];
}

export const PRESETS = ['last7', 'last30', 'last90', 'last365', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];
const PRESET_DAYS: Record<Exclude<Preset, 'custom'>, number> = {
  last7: 7,
  last30: 30,
  last90: 90,
  last365: 365,
};
const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of a local date. */
export const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
const localDay = (text: string | null): Date | undefined => {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

export interface MetricsRange {
  preset: Preset;
  /** First and last day shown (local, inclusive). */
  fromDay: string;
  toDay: string;
  /** The instants the API takes: [from, to). */
  from: Date;
  to: Date;
  valid: boolean;
}

/** The range of the address (`?range=last30` or `?from=…&to=…`), last 30 days by default. */
export function readRange(params: URLSearchParams, now = new Date()): MetricsRange {
  const preset = (PRESETS as readonly string[]).includes(params.get('range') ?? '')
    ? (params.get('range') as Preset)
    : params.get('from')
      ? 'custom'
      : 'last30';
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  let first: Date;
  let last: Date;
  if (preset === 'custom') {
    first = localDay(params.get('from')) ?? new Date(today.getTime() - 29 * DAY_MS);
    last = localDay(params.get('to')) ?? today;
  } else {
    last = today;
    first = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (PRESET_DAYS[preset] - 1));
  }
  const to = new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1);
  const valid = first.getTime() < to.getTime() && to.getTime() - first.getTime() <= 366 * DAY_MS;
  return { preset, fromDay: isoDay(first), toDay: isoDay(last), from: first, to, valid };
}

export const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const metricsQuery = (range: MetricsRange) =>
  queryOptions({
    queryKey: ['metrics', range.from.getTime(), range.to.getTime()],
    queryFn: ({ signal }) =>
      apiClient().request<Metrics>('GET', 'metrics', {
        query: { from: range.from.toISOString(), to: range.to.toISOString(), tz: timeZone() },
        signal,
      }),
    enabled: range.valid,
    placeholderData: (previous) => previous,
  });

/** The fact-check list of what a figure counts: published in [from, to) and the figure's filter. */
export function publishedListHref(from: string, to: string, extra: Record<string, string> = {}): string {
  const end = new Date(new Date(to).getTime() - 1).toISOString();
  const params = new URLSearchParams({ publishedAt: `{btw}${from},${end}`, ...extra });
  return `/panel/factcheck/published?${params.toString()}`;
}

/** The new feed items of a backlog bucket. */
export function backlogHref(bucket: { from: string | null; to: string }): string {
  const createdAt = bucket.from ? `{btw}${bucket.from},${bucket.to}` : `{lte}${bucket.to}`;
  return `/panel/feeds/list/new?${new URLSearchParams({ createdAt }).toString()}`;
}

/** The corrections of a month, in the audit log (each correction is an entry of type `correction`). */
export function correctionsHref(month: string, range: { from: string; to: string }): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const first = new Date(Math.max(new Date(y, m - 1, 1).getTime(), new Date(range.from).getTime()));
  const last = new Date(Math.min(new Date(y, m, 0).getTime(), new Date(range.to).getTime() - 1));
  return `/panel/audit?${new URLSearchParams({ type: 'correction', from: isoDay(first), to: isoDay(last) }).toString()}`;
}

/** Seconds as people read a delay: minutes under two hours, hours under two days, else days. */
export function formatDuration(seconds: number | null, locale: string, none: string): string {
  if (seconds === null) return none;
  const unit = (value: number, name: 'minute' | 'hour' | 'day') =>
    new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: name,
      unitDisplay: 'short',
      maximumFractionDigits: 1,
    }).format(value);
  if (seconds < 7200) return unit(Math.round(seconds / 60), 'minute');
  if (seconds < 172_800) return unit(Math.round((seconds / 3600) * 10) / 10, 'hour');
  return unit(Math.round((seconds / 86_400) * 10) / 10, 'day');
}
