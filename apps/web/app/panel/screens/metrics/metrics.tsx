// /panel/metrics (issue 35 §5): the desk's figures for a range of days beside the period of equal
// length before it: published per day, time from feed item and from creation to publication
// (median, 90th percentile), verdicts, throughput per author, the feed backlog by age and
// corrections per month. Every number is a link to the list it counts. The range is in the address.
import {
  Anchor,
  Box,
  Card,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { format, useFormatters, usePanelLanguage, useTexts } from '../../i18n/i18n.tsx';
import { apiPath, useCan } from '../../lib/permissions.ts';
import {
  backlogHref,
  correctionsHref,
  type Duration,
  formatDuration,
  type Metrics,
  metricsQuery,
  PRESETS,
  type Preset,
  publishedListHref,
  readRange,
} from './metrics-data.ts';
import { METRICS_TEXTS, type MetricsTexts } from './metrics-texts.ts';

const MetricsChart = lazy(() => import('./metrics-chart.tsx'));

export default function MetricsScreen() {
  const t = useTexts(METRICS_TEXTS);
  const [params, setParams] = useSearchParams();
  const range = readRange(params);
  const metrics = useQuery(metricsQuery(range));

  const setPreset = (preset: Preset) =>
    setParams(
      preset === 'custom' ? { range: 'custom', from: range.fromDay, to: range.toDay } : { range: preset },
      { replace: true },
    );
  const setDay = (key: 'from' | 'to', value: string) =>
    setParams({ range: 'custom', from: range.fromDay, to: range.toDay, [key]: value }, { replace: true });

  return (
    <Stack gap="md" data-testid="metrics" data-loading={metrics.isFetching ? 'true' : undefined}>
      <PageHeader title={t.title} description={t.description} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NativeSelect
          label={t.range}
          value={range.preset}
          onChange={(event) => setPreset(event.currentTarget.value as Preset)}
          data={PRESETS.map((p) => ({ value: p, label: t[p] }))}
          data-testid="metrics-range"
        />
        {range.preset === 'custom' ? (
          <>
            <TextInput
              type="date"
              label={t.from}
              value={range.fromDay}
              onChange={(event) => setDay('from', event.currentTarget.value)}
            />
            <TextInput
              type="date"
              label={t.to}
              value={range.toDay}
              onChange={(event) => setDay('to', event.currentTarget.value)}
            />
          </>
        ) : null}
      </Group>
      {!range.valid ? (
        <Text role="alert" c="red">
          {t.badRange}
        </Text>
      ) : metrics.isError ? (
        <Text role="alert">{t.error}</Text>
      ) : metrics.data ? (
        <Figures data={metrics.data} t={t} />
      ) : null}
    </Stack>
  );
}

function MetricCard({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Card withBorder padding="md" data-testid={testId} style={{ minWidth: 0 }}>
      <Title order={2} size="h5" mb="xs">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** A number that opens the list it counts (nothing measured: a dash, no link). */
function NumberLink({ to, value, what, t }: { to: string; value: string; what: string; t: MetricsTexts }) {
  if (value === t.none)
    return (
      <Text span fw={700}>
        {value}
      </Text>
    );
  return (
    <Anchor component={Link} to={to} aria-label={format(t.openList, { what: `${what}: ${value}` })} fw={700}>
      {value}
    </Anchor>
  );
}

function Figures({ data, t }: { data: Metrics; t: MetricsTexts }) {
  const fmt = useFormatters();
  const { language } = usePanelLanguage();
  const can = useCan();
  const locale = language === 'ar' ? 'ar-SY-u-nu-latn' : 'en-GB';
  const { current, previous } = data;
  const range = { from: current.from, to: current.to };
  const inRange = (extra: Record<string, string> = {}) => publishedListHref(current.from, current.to, extra);
  const summary = format(t.perDaySummary, {
    count: fmt.number(current.published),
    from: fmt.date(current.from),
    to: fmt.date(new Date(new Date(current.to).getTime() - 1)),
  });
  const previousCount = <T,>(list: T[], match: (item: T) => boolean, count: (item: T) => number) =>
    fmt.number(list.filter(match).reduce((sum, item) => sum + count(item), 0));
  const duration = (title: string, figures: Duration, before: Duration, href: string, testId: string) => (
    <MetricCard title={title} testId={testId}>
      <Group gap="lg" wrap="wrap">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t.median}
          </Text>
          <NumberLink
            to={href}
            value={formatDuration(figures.median, locale, t.none)}
            what={`${title}, ${t.median}`}
            t={t}
          />
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t.p90}
          </Text>
          <NumberLink
            to={href}
            value={formatDuration(figures.p90, locale, t.none)}
            what={`${title}, ${t.p90}`}
            t={t}
          />
        </Stack>
      </Group>
      <Text size="xs" c="dimmed" mt="xs">
        {format(t.measured, { count: fmt.number(figures.count) })} ·{' '}
        {format(t.previous, {
          value: `${formatDuration(before.median, locale, t.none)} / ${formatDuration(before.p90, locale, t.none)}`,
        })}
      </Text>
    </MetricCard>
  );

  return (
    <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
      <MetricCard title={t.published} testId="metric-published">
        <Text size="xl">
          <NumberLink to={inRange()} value={fmt.number(current.published)} what={t.published} t={t} />
        </Text>
        <Text size="xs" c="dimmed">
          {format(t.previous, { value: '' })}
          <Anchor
            component={Link}
            to={publishedListHref(previous.from, previous.to)}
            size="xs"
            underline="always"
          >
            {fmt.number(previous.published)}
          </Anchor>
        </Text>
      </MetricCard>
      <MetricCard title={current.publishedPerDay.length > 62 ? t.perMonth : t.perDay} testId="metric-per-day">
        <Text size="sm" mb="xs">
          {summary}
        </Text>
        <Suspense fallback={<Box h={200} />}>
          <MetricsChart days={current.publishedPerDay} summary={summary} />
        </Suspense>
        <details>
          <summary>
            <Text span size="sm">
              {t.perDayTable}
            </Text>
          </summary>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.day}</Table.Th>
                <Table.Th>{t.count}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {current.publishedPerDay.map((d) => {
                const [y, m, day] = d.day.split('-').map(Number) as [number, number, number];
                const start = new Date(y, m - 1, day);
                const end = new Date(y, m - 1, day + 1);
                return (
                  <Table.Tr key={d.day}>
                    <Table.Td>{fmt.date(start)}</Table.Td>
                    <Table.Td>
                      <NumberLink
                        to={publishedListHref(start.toISOString(), end.toISOString())}
                        value={fmt.number(d.count)}
                        what={fmt.date(start)}
                        t={t}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </details>
      </MetricCard>
      {duration(
        t.feedToPublished,
        current.feedToPublished,
        previous.feedToPublished,
        inRange({ newsFeed: '{exists}' }),
        'metric-feed-to-published',
      )}
      {duration(
        t.createdToPublished,
        current.createdToPublished,
        previous.createdToPublished,
        inRange(),
        'metric-created-to-published',
      )}
      <MetricCard title={t.verdicts} testId="metric-verdicts">
        <CountTable
          head={[t.verdict, t.count]}
          rows={current.verdicts.map((v) => ({
            key: v.category ?? '-',
            label: v.name ?? v.category ?? t.noVerdict,
            count: v.count,
            href: inRange({ category: v.category ?? 'null' }),
            previous: previousCount(
              previous.verdicts,
              (p) => p.category === v.category,
              (p) => p.count,
            ),
          }))}
          t={t}
        />
      </MetricCard>
      <MetricCard title={t.authors} testId="metric-authors">
        <CountTable
          head={[t.author, t.count]}
          rows={current.authors.map((a) => ({
            key: a.author ?? '-',
            label: a.name ?? a.author ?? t.noAuthor,
            count: a.count,
            href: inRange({ author: a.author ?? 'null' }),
            previous: previousCount(
              previous.authors,
              (p) => p.author === a.author,
              (p) => p.count,
            ),
          }))}
          t={t}
        />
      </MetricCard>
      <MetricCard title={t.backlog} testId="metric-backlog">
        <CountTable
          head={[t.age, t.count]}
          rows={data.backlog.map((b) => ({
            key: b.bucket,
            label: t[`age${b.bucket}` as keyof MetricsTexts],
            count: b.count,
            href: backlogHref(b),
          }))}
          t={t}
        />
      </MetricCard>
      <MetricCard title={t.corrections} testId="metric-corrections">
        <CountTable
          head={[t.month, t.count]}
          rows={current.correctionsPerMonth.map((c) => {
            const [y, m] = c.month.split('-').map(Number) as [number, number];
            return {
              key: c.month,
              label: new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(
                new Date(y, m - 1, 1),
              ),
              count: c.count,
              href: can('Read', apiPath('audit')) ? correctionsHref(c.month, range) : undefined,
            };
          })}
          t={t}
        />
        <Text size="xs" c="dimmed" mt="xs">
          {format(t.previous, { value: fmt.number(previous.corrections) })}
        </Text>
      </MetricCard>
    </SimpleGrid>
  );
}

function CountTable(props: {
  head: [string, string];
  rows: { key: string; label: string; count: number; href?: string | undefined; previous?: string }[];
  t: MetricsTexts;
}) {
  const fmt = useFormatters();
  const { t } = props;
  return (
    <Table layout="fixed" verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{props.head[0]}</Table.Th>
          <Table.Th w={120}>{props.head[1]}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              <span dir="auto">{row.label}</span>
            </Table.Td>
            <Table.Td>
              {row.href ? (
                <NumberLink to={row.href} value={fmt.number(row.count)} what={row.label} t={t} />
              ) : (
                <Text span fw={700}>
                  {fmt.number(row.count)}
                </Text>
              )}
              {row.previous !== undefined ? (
                <Text span size="xs" c="dimmed" ms={6} title={format(t.previous, { value: row.previous })}>
                  ({row.previous})
                </Text>
              ) : null}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
