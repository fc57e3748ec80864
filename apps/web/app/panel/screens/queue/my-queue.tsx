// /panel/queue, "My queue" (issue 35 §1): what is assigned to me, sent back to me (with the reason)
// and overdue, newest first, with each item's status and language; the first item of the side menu
// and the landing screen of users without the dashboard right. Cards, so it reads on a phone.
import {
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { COMMON_TEXTS } from '../../i18n/common.ts';
import { format, useFormatters, useTexts } from '../../i18n/i18n.tsx';
import { panelQueryClient } from '../../lib/query-client.ts';
import { sessionManager } from '../../lib/session.ts';
import { editUrlOf, QUEUE_PAGE_SIZE, type QueueItem, type QueueReason, queueQuery } from './desk-data.ts';
import { DESK_TEXTS, type DeskTexts } from './desk-texts.ts';

const REASONS: QueueReason[] = ['assigned', 'sent-back', 'overdue'];
// Dark shades: white text on them reads at 4.5:1 or more in both themes.
const REASON_COLOR: Record<QueueReason, string> = {
  assigned: 'blue.9',
  'sent-back': 'grape.9',
  overdue: 'red.9',
};

const readReason = (params: URLSearchParams): QueueReason | null => {
  const r = params.get('reason');
  return r && (REASONS as string[]).includes(r) ? (r as QueueReason) : null;
};
const readPage = (params: URLSearchParams) =>
  Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

/** Starts the queue's first page while the screen is drawn. */
export function clientLoader({ request }: { request: Request }) {
  if (!sessionManager().hasSession()) return null;
  const params = new URL(request.url).searchParams;
  void panelQueryClient().prefetchQuery(queueQuery(readPage(params), readReason(params)));
  return null;
}

const reasonLabel = (t: DeskTexts, reason: QueueReason) =>
  reason === 'assigned' ? t.reasonAssigned : reason === 'sent-back' ? t['reasonSent-back'] : t.reasonOverdue;
const typeLabel = (t: DeskTexts, type: string) =>
  type === 'factcheck' ? t.typeFactcheck : type === 'article' ? t.typeArticle : t.typeFeed;
const STATUS_KEY: Record<string, keyof DeskTexts> = {
  draft: 'statusDraft',
  review: 'statusReview',
  published: 'statusPublished',
  new: 'statusNew',
  archive: 'statusArchive',
};
const LANGUAGE_KEY: Record<string, keyof DeskTexts> = { ar: 'langAr', en: 'langEn', tr: 'langTr' };

export default function MyQueueScreen() {
  const t = useTexts(DESK_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const [params, setParams] = useSearchParams();
  const reason = readReason(params);
  const page = readPage(params);
  const queue = useQuery(queueQuery(page, reason));
  const pages = Math.max(1, Math.ceil((queue.data?.total ?? 0) / QUEUE_PAGE_SIZE));
  const go = (next: { reason?: QueueReason | null; page?: number }) => {
    const search = new URLSearchParams();
    const r = next.reason === undefined ? reason : next.reason;
    if (r) search.set('reason', r);
    if (next.page && next.page > 1) search.set('page', String(next.page));
    setParams(search);
  };
  return (
    <>
      <PageHeader title={t.queueTitle} description={t.queueIntro} />
      <Stack gap="md">
        <SegmentedControl
          aria-label={t.filterLabel}
          value={reason ?? 'all'}
          onChange={(value) => go({ reason: value === 'all' ? null : (value as QueueReason) })}
          data={[
            { value: 'all', label: t.filterAll },
            ...REASONS.map((r) => ({ value: r, label: reasonLabel(t, r) })),
          ]}
          style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
          data-testid="queue-filter"
        />
        {queue.isLoading ? (
          <Center py="xl">
            <Loader aria-label={common.loading} />
          </Center>
        ) : queue.data && queue.data.data.length > 0 ? (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="queue-items">
            {queue.data.data.map((item) => (
              <QueueCard key={`${item.itemType}:${item._id}`} item={item} t={t} />
            ))}
          </Stack>
        ) : (
          <Text c="dimmed" data-testid="queue-empty">
            {t.queueEmpty}
          </Text>
        )}
        {pages > 1 ? (
          <Group gap="xs">
            <Button
              variant="default"
              size="compact-sm"
              disabled={page <= 1}
              onClick={() => go({ page: page - 1 })}
            >
              {t.previous}
            </Button>
            <Text size="sm">{format(t.pageOf, { page, pages })}</Text>
            <Button
              variant="default"
              size="compact-sm"
              disabled={page >= pages}
              onClick={() => go({ page: page + 1 })}
            >
              {t.next}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </>
  );
}

function QueueCard({ item, t }: { item: QueueItem; t: DeskTexts }) {
  const fmt = useFormatters();
  const statusKey = STATUS_KEY[item.status];
  const languageKey = item.language ? LANGUAGE_KEY[item.language] : undefined;
  return (
    <Card component="li" withBorder padding="sm" data-queue-item={item._id} data-reason={item.reason}>
      <Stack gap={6}>
        <Anchor
          component={Link}
          to={editUrlOf(item.itemType, item._id)}
          fw={600}
          lang={item.language ?? undefined}
        >
          <span dir="auto">{item.title}</span>
        </Anchor>
        <Group gap={6} wrap="wrap">
          <Badge color={REASON_COLOR[item.reason]} variant="filled" tt="none" data-testid="queue-reason">
            {reasonLabel(t, item.reason)}
          </Badge>
          <Badge variant="default" tt="none">
            {typeLabel(t, item.itemType)}
          </Badge>
          <Badge variant="light" color="gray" tt="none" data-testid="queue-status">
            {statusKey ? t[statusKey] : item.status}
          </Badge>
          {languageKey ? (
            <Badge variant="default" tt="none">
              {t[languageKey]}
            </Badge>
          ) : null}
        </Group>
        {item.reason === 'sent-back' && item.statusReason ? (
          <Text size="sm" dir="auto">
            {format(t.sentBackReason, { reason: item.statusReason })}
          </Text>
        ) : null}
        <Group gap="md" wrap="wrap">
          {item.dueAt ? (
            <Text
              size="xs"
              c={item.reason === 'overdue' ? undefined : 'dimmed'}
              fw={item.reason === 'overdue' ? 700 : 400}
            >
              {format(t.due, { date: fmt.dateTime(item.dueAt) })}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {format(t.updated, { date: fmt.dateTime(item.updatedAt) })}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
