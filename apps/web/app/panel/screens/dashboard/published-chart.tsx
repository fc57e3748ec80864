// Beyond the spec: the fact-checks published per day (per month beyond three months) of a period,
// as a bar chart. A module of its own, loaded after the dashboard has drawn (the chart library is
// the heaviest part of the screen).
import { BarChart } from '@mantine/charts';
import { Box, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { format, useFormatters, usePanelLanguage, useTexts } from '../../i18n/i18n.tsx';
import { apiClient } from '../../lib/api-client.ts';
import { CardShell, Loading } from './dashboard-cards.tsx';
import { DASHBOARD_TEXTS } from './dashboard-texts.ts';
import { betweenFilter, type MsRange, PeriodPicker, usePeriod } from './date-range.tsx';

const PAGE = 500;
const MAX_PAGES = 20;
const DAY_MS = 86_400_000;

const dayKey = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
const monthKey = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;

/** Publication times of the period (select=publishedAt, 500 a page, up to 10,000). */
async function publishedTimes(range: MsRange, signal: AbortSignal) {
  const params = {
    status: 'published',
    publishedAt: betweenFilter(range),
    select: 'publishedAt',
    sort_by: 'publishedAt',
    per_page: PAGE,
  };
  const first = await apiClient().list<{ publishedAt: string }>('factcheck', { ...params, page: 1 }, signal);
  const pages = Math.min(MAX_PAGES, Math.ceil(first.total / PAGE));
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pages - 1) }, (_, i) =>
      apiClient().list<{ publishedAt: string }>('factcheck', { ...params, page: i + 2 }, signal),
    ),
  );
  const times = [first, ...rest].flatMap((page) => page.data.map((row) => new Date(row.publishedAt)));
  return { times, total: first.total, counted: times.length };
}

/** Beyond the spec: fact-checks published per day (per month beyond three months) in a period. */
export default function PublishedChart() {
  const t = useTexts(DASHBOARD_TEXTS);
  const fmt = useFormatters();
  const { language, dir } = usePanelLanguage();
  const { period, setPeriod, range } = usePeriod('last30');
  const data = useQuery({
    queryKey: ['dashboard', 'per-day', range?.start, range?.end],
    queryFn: ({ signal }) => publishedTimes(range!, signal),
    enabled: Boolean(range),
    placeholderData: (previous) => previous,
  });
  const byMonth = range ? range.end - range.start > 93 * DAY_MS : false;
  const locale = language === 'ar' ? 'ar-SY-u-nu-latn' : 'en-GB';
  const label = new Intl.DateTimeFormat(
    locale,
    byMonth ? { month: 'short', year: '2-digit' } : { day: 'numeric', month: 'short' },
  );
  const buckets: { key: string; label: string; count: number }[] = [];
  if (range && data.data) {
    const index = new Map<string, number>();
    for (let day = new Date(range.start); day.getTime() <= range.end; ) {
      const key = byMonth ? monthKey(day) : dayKey(day);
      if (!index.has(key)) {
        index.set(key, buckets.length);
        buckets.push({ key, label: label.format(day), count: 0 });
      }
      day = byMonth
        ? new Date(day.getFullYear(), day.getMonth() + 1, 1)
        : new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1);
    }
    for (const time of data.data.times) {
      const at = index.get(byMonth ? monthKey(time) : dayKey(time));
      if (at !== undefined) buckets[at]!.count++;
    }
  }
  const title = byMonth ? t.perMonth : t.perDay;
  const summary =
    range && data.data
      ? format(t.chartSummary, {
          count: fmt.number(data.data.total),
          from: fmt.date(new Date(range.start)),
          to: fmt.date(new Date(range.end)),
        })
      : '';
  return (
    <CardShell
      title={title}
      testId="published-chart"
      action={<PeriodPicker card={title} period={period} onChange={setPeriod} />}
    >
      <Box data-loading={data.isFetching ? 'true' : undefined}>
        {data.isError ? (
          <Text size="sm" role="alert">
            {t.error}
          </Text>
        ) : !data.data ? (
          <Loading />
        ) : (
          <>
            <Text size="sm" mb="xs" data-testid="chart-summary" data-total={data.data.total}>
              {summary}
            </Text>
            <Box role="img" aria-label={summary} dir="ltr">
              <BarChart
                h={220}
                data={buckets}
                dataKey="label"
                series={[{ name: 'count', color: 'brand.6', label: t.countLabel }]}
                tickLine="y"
                gridAxis="y"
                withTooltip
                valueFormatter={(value) => fmt.number(value)}
                xAxisProps={{ reversed: dir === 'rtl', interval: 'preserveStartEnd', minTickGap: 16 }}
                yAxisProps={{
                  orientation: dir === 'rtl' ? 'right' : 'left',
                  allowDecimals: false,
                  width: 36,
                }}
              />
            </Box>
            {data.data.counted < data.data.total ? (
              <Text size="xs" c="dimmed" mt="xs">
                {format(t.chartTruncated, { count: fmt.number(data.data.counted) })}
              </Text>
            ) : null}
          </>
        )}
      </Box>
    </CardShell>
  );
}
