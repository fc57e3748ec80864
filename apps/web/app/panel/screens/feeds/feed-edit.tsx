// /panel/feeds/edit/:id (and /panel/feeds/edit/new): the feed item form as a page, its status and
// linked fact-check, the workflow's actions, and its update log as a timeline.
import {
  Anchor,
  Badge,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { DynamicForm, showSavedToast } from '@tabayyun/forms';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { listQueryKey } from '../../components/data-table/resource-table.tsx';
import { useWrite } from '../../components/mutations.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { COMMON_TEXTS } from '../../i18n/common.ts';
import { format, useFormatters, usePanelLanguage, useTexts } from '../../i18n/i18n.tsx';
import { apiClient, type Doc, type WriteAnswer } from '../../lib/api-client.ts';
import { apiPath, useCan } from '../../lib/permissions.ts';
import { ErrorView } from '../../shell/status-view.tsx';
import { deskAdapter } from './desk-forms.ts';
import {
  canRunFeedAction,
  type FeedAction,
  type FeedItem,
  feedActionsFor,
  useFeedAction,
} from './feed-actions.ts';
import { feedFormDefinition, feedFromForm, feedToForm } from './feed-form.ts';
import { FEED_TEXTS, statusLabel } from './feed-texts.ts';

export const feedQueryKey = (id: string) => ['record', 'feed', id] as const;

export default function FeedEdit() {
  const { id = 'new' } = useParams();
  return id === 'new' ? <FeedEditor key="new" /> : <LoadedFeedEditor id={id} key={id} />;
}

function LoadedFeedEditor({ id }: { id: string }) {
  const t = useTexts(FEED_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const query = useQuery({
    queryKey: feedQueryKey(id),
    queryFn: ({ signal }) => apiClient().get<FeedItem>('feed', id, {}, signal),
  });
  if (query.isError) return <ErrorView error={query.error} />;
  if (!query.data) {
    return (
      <>
        <PageHeader title={t.editFeedItem} />
        <Center py="xl">
          <Loader aria-label={common.loading} />
        </Center>
      </>
    );
  }
  return <FeedEditor record={query.data} key={String(query.data.updatedAt ?? '')} />;
}

function FeedEditor({ record }: { record?: FeedItem }) {
  const t = useTexts(FEED_TEXTS);
  const { language } = usePanelLanguage();
  const can = useCan();
  const navigate = useNavigate();
  const write = useWrite();
  const queryClient = useQueryClient();
  const runAction = useFeedAction();
  const isNew = !record;
  const mayWrite = isNew ? can('Create', apiPath('feed')) : can('Update', apiPath('feed'));
  const definition = useMemo(() => feedFormDefinition(t, !mayWrite), [t, mayWrite]);
  const initialValues = useMemo(() => feedToForm(record), [record]);
  const adapter = useMemo(deskAdapter, []);
  const refresh = () =>
    record ? queryClient.invalidateQueries({ queryKey: feedQueryKey(String(record._id)) }) : undefined;

  const onSubmit = async (values: Record<string, unknown>) => {
    const doc = feedFromForm(values, record);
    const answer = await write<WriteAnswer>(
      'feed',
      () => apiClient().save('feed', doc),
      () => showSavedToast(language),
    );
    if (!answer) throw new Error('not saved');
    if (isNew) navigate(`/panel/feeds/edit/${encodeURIComponent(answer._id)}`, { replace: true });
    else await refresh();
  };

  const onAction = async (action: FeedAction) => {
    if (!record) return;
    const answer = await runAction(record, action);
    if (answer && action !== 'investigate') await refresh();
  };

  const title = isNew ? t.newFeedItem : t.editFeedItem;
  const status = String(record?.status ?? 'new');
  return (
    <>
      <PageHeader
        title={title}
        actions={
          <Button component={Link} to={`/panel/feeds/list/${status}`} variant="default">
            {t.backToList}
          </Button>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p="md" radius="md">
            <DynamicForm
              definition={definition}
              initialValues={initialValues}
              adapter={adapter}
              onSubmit={onSubmit}
              onSubmitError={() => {}}
              hideSubmit={!mayWrite}
            />
          </Paper>
        </Grid.Col>
        {record ? (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">
              <Paper withBorder p="md" radius="md" data-testid="feed-status-panel">
                <Stack gap="sm">
                  <Group gap="xs">
                    <Text fw={600}>{t.status}:</Text>
                    <Badge variant="filled" tt="none" data-testid="feed-status">
                      {statusLabel(t, status)}
                    </Badge>
                  </Group>
                  {record.factcheck ? (
                    <Text size="sm" data-testid="feed-factcheck">
                      {t.factcheck}:{' '}
                      <Anchor
                        component={Link}
                        to={`/panel/factcheck/edit/${encodeURIComponent(record.factcheck._id)}`}
                        fw={600}
                      >
                        {record.factcheck.title || t.openFactcheck}
                      </Anchor>
                    </Text>
                  ) : null}
                  <Group gap="xs">
                    {feedActionsFor(record)
                      .filter((action) => canRunFeedAction(can, action))
                      .map((action) => (
                        <Button
                          key={action}
                          size="sm"
                          variant={action === 'investigate' ? 'filled' : 'default'}
                          data-action={action}
                          onClick={() => void onAction(action)}
                        >
                          {t[action]}
                        </Button>
                      ))}
                  </Group>
                </Stack>
              </Paper>
              <UpdateLog record={record} />
            </Stack>
          </Grid.Col>
        ) : null}
      </Grid>
    </>
  );
}

interface LogEntry {
  date?: string;
  from?: string | null;
  to?: string;
  action?: string;
  factcheck?: string;
  by?: string | null;
}

/** The update log (spec §3 updateLog), newest last, with who did it when the user may read users. */
function UpdateLog({ record }: { record: FeedItem }) {
  const t = useTexts(FEED_TEXTS);
  const fmt = useFormatters();
  const can = useCan();
  const entries = (Array.isArray(record.updateLog) ? record.updateLog : []) as LogEntry[];
  const userIds = [...new Set(entries.map((e) => e.by).filter((by): by is string => Boolean(by)))];
  const mayReadUsers = can('Read', apiPath('user'));
  const users = useQuery({
    queryKey: listQueryKey('user', { _id: `{in}${userIds.join(',')}`, select: '_id,name,email' }),
    queryFn: ({ signal }) =>
      apiClient().list<Doc>(
        'user',
        { _id: `{in}${userIds.join(',')}`, select: '_id,name,email', per_page: 100 },
        signal,
      ),
    enabled: mayReadUsers && userIds.length > 0,
  });
  const nameOf = (id: string | null | undefined) => {
    if (!id) return undefined;
    const user = users.data?.data.find((u) => u._id === id);
    return user ? String(user.name || user.email || '') : undefined;
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="feed-history-title">
      <Title order={2} size="h4" mb="sm" id="feed-history-title">
        {t.history}
      </Title>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.noHistory}
        </Text>
      ) : (
        <Timeline active={entries.length - 1} bulletSize={14} lineWidth={2} data-testid="feed-history">
          {entries.map((entry, index) => {
            const who = nameOf(entry.by);
            return (
              <Timeline.Item
                // biome-ignore lint/suspicious/noArrayIndexKey: the log only grows; entries have no id.
                key={index}
                title={
                  entry.action === 'investigate'
                    ? t.investigated
                    : format(t.moved, {
                        from: statusLabel(t, String(entry.from ?? '')),
                        to: statusLabel(t, String(entry.to ?? '')),
                      })
                }
              >
                <Text size="xs" c="dimmed">
                  <time dateTime={entry.date}>{fmt.dateTime(entry.date)}</time>
                  {who ? ` · ${format(t.by, { name: who })}` : ''}
                </Text>
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </Paper>
  );
}
