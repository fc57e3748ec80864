// /panel/dashboard (spec §2): the Factchecks and Articles counters, what needs attention, the
// fact-checks published per day, and five breakdowns of the published fact-checks (rating, topic,
// author, media source, country), each with its own period; a row opens the published list
// filtered by that value and period.
import { SimpleGrid, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { redirect } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { COMMON_TEXTS } from '../../i18n/common.ts';
import { useTexts } from '../../i18n/i18n.tsx';
import { apiPath, useCan, useRules } from '../../lib/permissions.ts';
import { panelQueryClient } from '../../lib/query-client.ts';
import { sessionManager } from '../../lib/session.ts';
import { prefetchCountsAndCategories } from '../content/content-data.ts';
import { lacksDashboardRight } from '../queue/landing.ts';
import { DeskAttentionLines } from '../queue/needs-attention-card.tsx';
import {
  AttentionCard,
  BreakdownCard,
  CounterCard,
  Loading,
  STATS_FIELDS,
  statsQuery,
} from './dashboard-cards.tsx';
import { periodRange } from './date-range.tsx';

// The chart library is the heaviest part of the screen: it loads after the rest has drawn.
const PublishedChart = lazy(() => import('./published-chart.tsx'));

/**
 * Starts the counters and the breakdowns of today while the screen is drawn. A user without the
 * dashboard right lands on their queue instead (issue 35 §1).
 */
export async function clientLoader() {
  if (!sessionManager().hasSession()) return null;
  const today = periodRange({ preset: 'today', from: null, to: null });
  prefetchCountsAndCategories(['factcheck', 'article']);
  for (const field of STATS_FIELDS) void panelQueryClient().prefetchQuery(statsQuery(field, today));
  // Asked once the requests are under way: the rules are the shell's, loading beside them.
  if (await lacksDashboardRight()) throw redirect('/panel/queue');
  return null;
}

export default function DashboardScreen() {
  const common = useTexts(COMMON_TEXTS);
  const can = useCan();
  // The counters ask for their numbers while the rules still load (every staff role reads them);
  // they hide once the rules say the user may not read them.
  const rules = useRules();
  const mayRead = (resource: string) => !rules.isSuccess || can('Read', apiPath(resource));
  const canFactchecks = mayRead('factcheck');
  const canArticles = mayRead('article');
  return (
    <>
      <PageHeader title={common.dashboard} />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Stack gap="md">
            {canFactchecks ? <CounterCard kind="factcheck" /> : null}
            {canArticles ? <CounterCard kind="article" /> : null}
          </Stack>
          <AttentionCard canFeed={can('Read', apiPath('feed'))} canContact={can('Read', apiPath('contact'))}>
            {/* The desk's figures (issue 35 §1), each a link to its filtered list. */}
            <DeskAttentionLines />
          </AttentionCard>
        </SimpleGrid>
        {canFactchecks ? (
          <Suspense fallback={<Loading />}>
            <PublishedChart />
          </Suspense>
        ) : null}
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
          {STATS_FIELDS.map((field) => (
            <BreakdownCard key={field} field={field} />
          ))}
        </SimpleGrid>
      </Stack>
    </>
  );
}
