// A notification's second line, in the bell and on the notifications screen: "unread" and when.
import { Badge, Group, Text } from '@mantine/core';
import { useFormatters, useTexts } from '../../i18n/i18n.tsx';
import { NOTIFICATION_TEXTS, type PanelNotification } from './notification-texts.ts';

export function NotificationMeta({ notification: n }: { notification: PanelNotification }) {
  const t = useTexts(NOTIFICATION_TEXTS);
  const fmt = useFormatters();
  return (
    <Group gap={6}>
      {n.read ? null : (
        <Badge size="xs" color="blue.9" variant="filled" tt="none">
          {t.unread}
        </Badge>
      )}
      <Text size="xs" c="dimmed">
        {fmt.dateTime(n.createdAt)}
      </Text>
    </Group>
  );
}
