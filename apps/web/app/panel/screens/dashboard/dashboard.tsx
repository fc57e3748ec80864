// /panel/dashboard (spec §2): the Factchecks and Articles counters, what needs attention, the
// fact-checks published per day, and five breakdowns of the published fact-checks (rating, topic,
// author, media source, country), each with its own period; a row opens the published list
// filtered by that value and period.
import { SimpleGrid, Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header.tsx';
import { COMMON_TEXTS } from '../../i18n/common.ts';
import { useTexts } from '../../i18n/i18n.tsx';
import { apiPath, useCan } from '../../lib/permissions.ts';
import {
  AttentionCard,
  BreakdownCard,
  CounterCard,
  PublishedChart,
  STATS_FIELDS,
} from './dashboard-cards.tsx';

export default function DashboardScreen() {
  const common = useTexts(COMMON_TEXTS);
  const can = useCan();
  const canFactchecks = can('Read', apiPath('factcheck'));
  const canArticles = can('Read', apiPath('article'));
  return (
    <>
      <PageHeader title={common.dashboard} />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Stack gap="md">
            {canFactchecks ? <CounterCard kind="factcheck" /> : null}
            {canArticles ? <CounterCard kind="article" /> : null}
          </Stack>
          <AttentionCard
            canFeed={can('Read', apiPath('feed'))}
            canContact={can('Read', apiPath('contact'))}
          />
        </SimpleGrid>
        {canFactchecks ? <PublishedChart /> : null}
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
          {STATS_FIELDS.map((field) => (
            <BreakdownCard key={field} field={field} />
          ))}
        </SimpleGrid>
      </Stack>
    </>
  );
}
