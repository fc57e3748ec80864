// /panel/notifications (issue 35 §3): every notification of mine, newest first, 20 a page; mark one
// read or unread, or all read; unread only on demand.
import { Anchor, Button, Card, Center, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { COMMON_TEXTS } from '../../i18n/common.ts';
import { useTexts } from '../../i18n/i18n.tsx';
import { panelQueryClient } from '../../lib/query-client.ts';
import { sessionManager } from '../../lib/session.ts';
import { markAllRead, markRead, notificationsQuery } from './notification-data.ts';
import { NotificationMeta } from './notification-meta.tsx';
import { describe, linkOf, NOTIFICATION_TEXTS } from './notification-texts.ts';

const PAGE_SIZE = 20;
const readView = (params: URLSearchParams) => ({
  page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  perPage: PAGE_SIZE,
  unreadOnly: params.get('read') === 'false',
});

export function clientLoader({ request }: { request: Request }) {
  if (!sessionManager().hasSession()) return null;
  void panelQueryClient().prefetchQuery(notificationsQuery(readView(new URL(request.url).searchParams)));
  return null;
}

export default function NotificationsScreen() {
  const t = useTexts(NOTIFICATION_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const view = readView(params);
  const list = useQuery(notificationsQuery(view));
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['notifications'] });
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));
  const go = (next: { page?: number; unreadOnly?: boolean }) => {
    const search = new URLSearchParams();
    if (next.unreadOnly ?? view.unreadOnly) search.set('read', 'false');
    if (next.page && next.page > 1) search.set('page', String(next.page));
    setParams(search);
  };
  return (
    <>
      <PageHeader
        title={t.title}
        actions={
          <Button
            variant="default"
            disabled={(list.data?.unread ?? 0) === 0}
            onClick={async () => {
              await markAllRead();
              await refresh();
            }}
            data-testid="notifications-read-all"
          >
            {t.markAllRead}
          </Button>
        }
      />
      <Stack gap="md">
        <Switch
          label={t.unreadOnly}
          checked={view.unreadOnly}
          onChange={(event) => go({ unreadOnly: event.currentTarget.checked })}
        />
        {list.isLoading ? (
          <Center py="xl">
            <Loader aria-label={common.loading} />
          </Center>
        ) : list.data && list.data.data.length > 0 ? (
          <Stack
            gap="xs"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            data-testid="notification-list"
          >
            {list.data.data.map((n) => (
              <Card
                component="li"
                key={n._id}
                withBorder
                padding="sm"
                data-notification={n.kind}
                data-read={n.read}
              >
                <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                  <Stack gap={4} style={{ flex: '1 1 220px', minWidth: 0 }}>
                    <Anchor
                      component={Link}
                      to={linkOf(n)}
                      fw={n.read ? 400 : 600}
                      onClick={() => {
                        if (!n.read) void markRead(n._id).then(refresh);
                      }}
                    >
                      <span dir="auto">{describe(t, n)}</span>
                    </Anchor>
                    <NotificationMeta notification={n} />
                  </Stack>
                  <Button
                    variant="subtle"
                    size="compact-xs"
                    onClick={async () => {
                      await markRead(n._id, !n.read);
                      await refresh();
                    }}
                  >
                    {n.read ? t.markUnread : t.markRead}
                  </Button>
                </Group>
              </Card>
            ))}
          </Stack>
        ) : (
          <Text c="dimmed">{t.empty}</Text>
        )}
        {pages > 1 ? (
          <Group gap="xs">
            <Button
              variant="default"
              size="compact-sm"
              disabled={view.page <= 1}
              onClick={() => go({ page: view.page - 1 })}
            >
              {t.previous}
            </Button>
            <Button
              variant="default"
              size="compact-sm"
              disabled={view.page >= pages}
              onClick={() => go({ page: view.page + 1 })}
            >
              {t.next}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </>
  );
}
