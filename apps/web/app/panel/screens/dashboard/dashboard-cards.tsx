// The dashboard's cards: the two counters, the five breakdowns of published fact-checks (each with
// its own period), the chart of fact-checks published per day, and what needs attention.
import { Anchor, Box, Card, Center, Group, Loader, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { listQueryKey } from '../../components/data-table/resource-table.tsx';
import { COMMON_TEXTS } from '../../i18n/common.ts';
import { format, useFormatters, useTexts } from '../../i18n/i18n.tsx';
import { apiClient } from '../../lib/api-client.ts';
import {
  type ContentKind,
  type ContentStatus,
  statusCountQuery,
  useCategories,
  useCategoryName,
} from '../content/content-data.ts';
import { DASHBOARD_TEXTS, type DashboardTexts } from './dashboard-texts.ts';
import { betweenFilter, type MsRange, PeriodPicker, usePeriod } from './date-range.tsx';

export const STATS_FIELDS = ['category', 'topic', 'author', 'mediaSource', 'country'] as const;
export type StatsField = (typeof STATS_FIELDS)[number];

export const CARD_TITLE: Record<StatsField, keyof DashboardTexts> = {
  category: 'byCategory',
  topic: 'byTopic',
  author: 'byAuthor',
  mediaSource: 'byMediaSource',
  country: 'byCountry',
};

interface StatsRow {
  _id: string | null;
  details: { name: string | null };
  count: number;
}

/** A content count with the same query key the lists' status links use (one request for both). */
export function useStatusCount(kind: ContentKind, status: ContentStatus) {
  return useQuery(statusCountQuery(kind, status));
}

/** Published fact-checks of a period grouped by a field (a breakdown card's rows). */
export const statsQuery = (field: StatsField, range: MsRange | undefined) =>
  queryOptions({
    queryKey: ['dashboard', 'stats', field, range?.start, range?.end],
    queryFn: async ({ signal }) =>
      (
        await apiClient().request<{ data: StatsRow[] }>('GET', 'stats/factcheck', {
          query: { by: field, status: 'published', publishedAt: range ? betweenFilter(range) : undefined },
          signal,
        })
      ).data,
    enabled: Boolean(range),
  });

/** The newest feed items and the unanswered contact messages (what needs attention). */
export const newestFeedQuery = () =>
  queryOptions({
    queryKey: [...listQueryKey('feed'), 'dashboard-newest'],
    queryFn: ({ signal }) =>
      apiClient().list<FeedItem>(
        'feed',
        { status: 'new', per_page: 5, sort_by: '-createdAt', select: '_id,title,createdAt' },
        signal,
      ),
  });
export const unhandledContactQuery = () =>
  queryOptions({
    queryKey: [...listQueryKey('contact'), 'count', 'unhandled'],
    queryFn: ({ signal }) => apiClient().count('contact', { handled: false }, signal),
  });

export function CardShell({
  title,
  action,
  children,
  testId,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId} component="section" aria-label={title}>
      <Group justify="space-between" align="flex-start" gap="xs" mb="sm" wrap="wrap">
        <Title order={2} size="h4">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

export function Loading() {
  const common = useTexts(COMMON_TEXTS);
  return (
    <Center py="md">
      <Loader size="sm" aria-label={common.loading} />
    </Center>
  );
}

/** Factchecks / Articles: the published count, with drafts and items in review beneath. */
export function CounterCard({ kind }: { kind: ContentKind }) {
  const t = useTexts(DASHBOARD_TEXTS);
  const fmt = useFormatters();
  const published = useStatusCount(kind, 'published');
  const drafts = useStatusCount(kind, 'draft');
  const review = useStatusCount(kind, 'review');
  const title = kind === 'factcheck' ? t.factchecks : t.articles;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-label={title}
      data-testid={`counter-${kind}`}
    >
      <Text fw={600} size="sm" c="dimmed">
        {title}
      </Text>
      <Anchor
        component={Link}
        to={`/panel/${kind}/published`}
        underline="hover"
        c="inherit"
        data-testid={`counter-${kind}-published`}
        data-count={published.data}
      >
        <Group gap={8} align="baseline">
          <Text fz={36} fw={700} lh={1.2}>
            {published.data === undefined ? '…' : fmt.number(published.data)}
          </Text>
          <Text size="sm">{t.publishedCount}</Text>
        </Group>
      </Anchor>
      <Group gap="md" mt={4}>
        <Anchor
          component={Link}
          to={`/panel/${kind}/draft`}
          size="sm"
          data-testid={`counter-${kind}-draft`}
          data-count={drafts.data}
        >
          {format(t.drafts, { count: drafts.data === undefined ? '…' : fmt.number(drafts.data) })}
        </Anchor>
        <Anchor
          component={Link}
          to={`/panel/${kind}/review`}
          size="sm"
          data-testid={`counter-${kind}-review`}
          data-count={review.data}
        >
          {format(t.inReview, { count: review.data === undefined ? '…' : fmt.number(review.data) })}
        </Anchor>
      </Group>
    </Card>
  );
}

/** The address of the published list filtered by a breakdown row and the card's period. */
export function breakdownLink(field: StatsField, id: string | null, range: MsRange): string {
  const params = new URLSearchParams();
  params.set(field, id ?? '{exists}false');
  params.set('publishedAt', betweenFilter(range));
  return `/panel/factcheck/published?${params.toString()}`;
}

/** One breakdown (spec §2): published fact-checks of the period grouped by a field. */
export function BreakdownCard({ field }: { field: StatsField }) {
  const t = useTexts(DASHBOARD_TEXTS);
  const fmt = useFormatters();
  const categories = useCategories();
  const categoryName = useCategoryName();
  const { period, setPeriod, range } = usePeriod();
  const title = t[CARD_TITLE[field]];
  const stats = useQuery({ ...statsQuery(field, range), placeholderData: (previous) => previous });
  const rows = stats.data ?? [];
  const max = Math.max(1, ...rows.map((row) => row.count));
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  const nameOf = (row: StatsRow) => {
    if (!row._id) return t.without;
    if (field === 'category' || field === 'topic' || field === 'country') {
      const record = categories.data?.find((c) => c._id === row._id);
      if (record) return categoryName(record);
    }
    return row.details?.name || row._id;
  };
  return (
    <CardShell
      title={title}
      testId={`breakdown-${field}`}
      action={<PeriodPicker card={title} period={period} onChange={setPeriod} />}
    >
      <Box data-loading={stats.isFetching ? 'true' : undefined} aria-busy={stats.isFetching || undefined}>
        {stats.isError ? (
          <Text size="sm" role="alert">
            {t.error}
          </Text>
        ) : stats.isPending && range ? (
          <Loading />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed" py="sm" data-testid="breakdown-empty">
            {t.nothingPublished}
          </Text>
        ) : (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {rows.map((row) => (
              <li key={row._id ?? '__none__'}>
                <UnstyledButton
                  component={Link}
                  to={range ? breakdownLink(field, row._id, range) : '#'}
                  className="dashboard-row"
                  data-row-id={row._id ?? ''}
                  data-count={row.count}
                  style={{ display: 'block', position: 'relative', borderRadius: 4, overflow: 'hidden' }}
                >
                  <Box
                    aria-hidden
                    style={{
                      position: 'absolute',
                      insetBlock: 0,
                      insetInlineStart: 0,
                      width: `${(row.count / max) * 100}%`,
                      background: 'var(--mantine-color-brand-light)',
                    }}
                  />
                  <Group justify="space-between" wrap="nowrap" px={8} py={4} style={{ position: 'relative' }}>
                    <Text size="sm" truncate dir="auto">
                      {nameOf(row)}
                    </Text>
                    <Text size="sm" fw={700}>
                      {fmt.number(row.count)}
                    </Text>
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        )}
        {rows.length ? (
          <Text size="xs" c="dimmed" mt="xs" ta="end">
            {format(t.total, { count: fmt.number(total) })}
          </Text>
        ) : null}
      </Box>
    </CardShell>
  );
}

interface FeedItem {
  _id: string;
  title: string;
  createdAt?: string;
}

/** What waits for someone: items in review, new feed items, unanswered contact messages. */
export function AttentionCard({
  canFeed,
  canContact,
  children,
}: {
  canFeed: boolean;
  canContact: boolean;
  /** Lines above the card's own (the desk's figures, issue 35 §1). */
  children?: ReactNode;
}) {
  const t = useTexts(DASHBOARD_TEXTS);
  const fmt = useFormatters();
  const factchecks = useStatusCount('factcheck', 'review');
  const articles = useStatusCount('article', 'review');
  const feed = useQuery({ ...newestFeedQuery(), enabled: canFeed });
  const contact = useQuery({ ...unhandledContactQuery(), enabled: canContact });
  const line = (text: string, count: number | undefined, to: string, testId: string) => (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Anchor component={Link} to={to} size="sm" data-testid={testId} data-count={count}>
        {text}
      </Anchor>
      <Text size="sm" fw={700}>
        {count === undefined ? '…' : fmt.number(count)}
      </Text>
    </Group>
  );
  return (
    <CardShell title={t.attention} testId="attention">
      <Stack gap="xs">
        {children}
        {line(t.reviewFactchecks, factchecks.data, '/panel/factcheck/review', 'attention-factcheck-review')}
        {line(t.reviewArticles, articles.data, '/panel/article/review', 'attention-article-review')}
        {canContact
          ? line(t.unhandledContact, contact.data, '/panel/contact?handled=false', 'attention-contact')
          : null}
        {canFeed ? (
          <Box mt="xs">
            <Text size="sm" fw={600} mb={4}>
              {t.newFeed}
            </Text>
            {feed.data === undefined ? (
              <Loading />
            ) : feed.data.data.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t.noNewFeed}
              </Text>
            ) : (
              <Stack
                gap={4}
                component="ul"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
                data-testid="attention-feed"
              >
                {feed.data.data.map((item) => (
                  <li key={item._id}>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text size="sm" truncate dir="auto">
                        {item.title}
                      </Text>
                      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                        {fmt.date(item.createdAt)}
                      </Text>
                    </Group>
                  </li>
                ))}
              </Stack>
            )}
            <Anchor component={Link} to="/panel/feeds/list/new" size="sm" mt={6} display="inline-block">
              {t.allNewFeed}
            </Anchor>
          </Box>
        ) : null}
      </Stack>
    </CardShell>
  );
}
