// /panel/feeds/list/{new,review,archive} (spec §2, §7 GET /feed): the feed items of one status as
// cards, newest first, with the status tabs as links, search and paging kept in the address.
import { Button, Group, SimpleGrid } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ResourceTable } from '../../components/data-table/resource-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useTexts } from '../../i18n/i18n.tsx';
import type { Params } from '../../lib/api-client.ts';
import { apiPath, useCan } from '../../lib/permissions.ts';
import { NotFoundView } from '../../shell/status-view.tsx';
import { type FeedItem, useFeedAction, useFeedLink } from './feed-actions.ts';
import { FeedCard } from './feed-card.tsx';
import { FEED_STATUSES, FEED_TEXTS, type FeedStatus, pageTitle, statusLabel } from './feed-texts.ts';

export const FEED_PAGE_SIZE = 12;

const isFeedStatus = (value: string | undefined): value is FeedStatus =>
  (FEED_STATUSES as readonly string[]).includes(value ?? '');

export default function FeedList() {
  const { status } = useParams();
  if (!isFeedStatus(status)) return <NotFoundView />;
  return <FeedListOf status={status} key={status} />;
}

/** The status tabs: links, the current one marked for assistive technology. */
export function FeedStatusNav({ current }: { current: FeedStatus }) {
  const t = useTexts(FEED_TEXTS);
  const { search } = useLocation();
  // The search text follows the reader from tab to tab; the page does not.
  const q = new URLSearchParams(search).get('q');
  return (
    <Group
      component="nav"
      aria-label={t.statusNav}
      gap="xs"
      mb="md"
      wrap="wrap"
      data-testid="feed-status-nav"
    >
      {FEED_STATUSES.map((status) => (
        <Button
          key={status}
          component={Link}
          to={`/panel/feeds/list/${status}${q ? `?q=${encodeURIComponent(q)}` : ''}`}
          variant={status === current ? 'filled' : 'default'}
          size="sm"
          aria-current={status === current ? 'page' : undefined}
        >
          {statusLabel(t, status)}
        </Button>
      ))}
    </Group>
  );
}

/** Newest first, or the readers' most asked questions first (issue 36 §1): `sort_by` in the address. */
function FeedOrderNav() {
  const t = useTexts(FEED_TEXTS);
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const mostAsked = params.get('sort_by') === '-askedCount';
  const to = (sortBy: string | null) => {
    const next = new URLSearchParams(search);
    next.delete('page');
    if (sortBy) next.set('sort_by', sortBy);
    else next.delete('sort_by');
    const query = next.toString();
    return `${pathname}${query ? `?${query}` : ''}`;
  };
  return (
    <Group component="nav" aria-label={t.sortNav} gap="xs" mb="md" data-testid="feed-order-nav">
      <Button
        component={Link}
        to={to(null)}
        size="xs"
        variant={mostAsked ? 'default' : 'light'}
        aria-current={mostAsked ? undefined : 'true'}
      >
        {t.sortNewest}
      </Button>
      <Button
        component={Link}
        to={to('-askedCount')}
        size="xs"
        variant={mostAsked ? 'light' : 'default'}
        aria-current={mostAsked ? 'true' : undefined}
      >
        {t.sortMostAsked}
      </Button>
    </Group>
  );
}

function FeedListOf({ status }: { status: FeedStatus }) {
  const t = useTexts(FEED_TEXTS);
  const can = useCan();
  const run = useFeedAction();
  const link = useFeedLink();
  const baseParams = useMemo<Params>(
    () => ({ status, lookup: 'mediaSource', select: '!body,!updateLog' }),
    [status],
  );
  const renderRows = useCallback(
    (rows: FeedItem[]) => (
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md" data-testid="feed-cards">
        {rows.map((item) => (
          <FeedCard key={String(item._id)} item={item} can={can} onAction={run} onLink={link} />
        ))}
      </SimpleGrid>
    ),
    [can, run, link],
  );
  return (
    <>
      <PageHeader
        title={pageTitle(t, status)}
        actions={
          can('Create', apiPath('feed')) ? (
            <Button component={Link} to="/panel/feeds/edit/new" data-testid="new-feed-item">
              {t.newFeedItem}
            </Button>
          ) : null
        }
      />
      <FeedStatusNav current={status} />
      <FeedOrderNav />
      <ResourceTable<FeedItem>
        resource="feed"
        columns={[]}
        baseParams={baseParams}
        searchFields={['title']}
        searchLabel={t.searchFeed}
        perPage={FEED_PAGE_SIZE}
        defaultSort="-createdAt"
        rowName={(row) => String(row.title ?? row._id)}
        renderRows={renderRows}
        testId="feed-list"
      />
    </>
  );
}
