// The bell in the top bar (issue 35 §3): the unread count, polled every 15 s (and when the window
// regains focus), and the newest ten in a popover; opening one marks it read and goes to its item.
import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Group,
  Indicator,
  Popover,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { format, useTexts } from '../../i18n/i18n.tsx';
import { markAllRead, markRead, NOTIFICATIONS_POLL_MS, notificationsQuery } from './notification-data.ts';
import { NotificationMeta } from './notification-meta.tsx';
import { describe, linkOf, NOTIFICATION_TEXTS, type PanelNotification } from './notification-texts.ts';

function BellIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" />
    </svg>
  );
}

export function NotificationBell() {
  const t = useTexts(NOTIFICATION_TEXTS);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const list = useQuery({
    ...notificationsQuery(),
    refetchInterval: NOTIFICATIONS_POLL_MS,
    refetchIntervalInBackground: false,
  });
  const unread = list.data?.unread ?? 0;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['notifications'] });
  const open = async (n: PanelNotification) => {
    setOpened(false);
    if (!n.read) {
      await markRead(n._id).catch(() => undefined);
      void refresh();
    }
    navigate(linkOf(n));
  };
  const label = unread > 0 ? format(t.bellUnread, { count: unread }) : t.bell;
  return (
    // The count sits on the bell; the popover's target is the button itself (it takes the ARIA
    // attributes of the popup).
    <Indicator
      label={unread > 99 ? '99+' : String(unread)}
      disabled={unread === 0}
      size={18}
      offset={4}
      color="red.9"
      data-testid="bell-count"
      data-count={unread}
    >
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={340}
        withinPortal
        shadow="md"
      >
        <Popover.Target>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={label}
            title={label}
            onClick={() => setOpened((o) => !o)}
            data-testid="notification-bell"
          >
            <BellIcon />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p="xs" role="dialog" aria-label={t.title} data-testid="bell-dropdown">
          <Group justify="space-between" mb="xs" wrap="nowrap">
            <Text fw={700} size="sm">
              {t.title}
            </Text>
            <Button
              variant="subtle"
              size="compact-xs"
              disabled={unread === 0}
              onClick={async () => {
                await markAllRead();
                await refresh();
              }}
              data-testid="bell-read-all"
            >
              {t.markAllRead}
            </Button>
          </Group>
          <Box mah={360} style={{ overflowY: 'auto' }}>
            {list.data && list.data.data.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t.empty}
              </Text>
            ) : (
              <Stack gap={4}>
                {(list.data?.data ?? []).map((n) => (
                  <UnstyledButton
                    key={n._id}
                    onClick={() => void open(n)}
                    p={6}
                    className="panel-notification"
                    data-notification={n.kind}
                    data-read={n.read}
                    style={{
                      borderRadius: 4,
                      background: n.read ? undefined : 'var(--mantine-color-blue-light)',
                    }}
                  >
                    <Text size="sm" fw={n.read ? 400 : 600} dir="auto">
                      {describe(t, n)}
                    </Text>
                    <NotificationMeta notification={n} />
                  </UnstyledButton>
                ))}
              </Stack>
            )}
          </Box>
          <Anchor
            component={Link}
            to="/panel/notifications"
            size="sm"
            mt="xs"
            display="block"
            onClick={() => setOpened(false)}
          >
            {t.seeAll}
          </Anchor>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
