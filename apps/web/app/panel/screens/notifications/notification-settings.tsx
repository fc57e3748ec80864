// The profile's notification e-mails (issue 35 §3): per kind, at once, in the daily digest, or none.
// Its own component so the profile screen (H1's) only mounts it.
import { Card, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { showFailedToast, showSuccessToast } from '@tabayyun/forms';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTexts } from '../../i18n/i18n.tsx';
import { failureMessage } from '../../lib/errors.ts';
import { type MailMode, saveSettings, settingsQuery } from './notification-data.ts';
import { NOTIFICATION_KINDS, NOTIFICATION_TEXTS, type NotificationTexts } from './notification-texts.ts';

export function NotificationSettings() {
  const t = useTexts(NOTIFICATION_TEXTS);
  const queryClient = useQueryClient();
  const settings = useQuery(settingsQuery());
  const change = async (kind: string, mode: MailMode) => {
    try {
      const answer = await saveSettings({ [kind]: mode });
      queryClient.setQueryData(settingsQuery().queryKey, answer);
      showSuccessToast(t.settingsSaved);
    } catch (error) {
      showFailedToast(failureMessage(error));
    }
  };
  return (
    <Card withBorder padding="md" data-testid="notification-settings">
      <Title order={2} size="h4">
        {t.settingsTitle}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t.settingsIntro}
      </Text>
      <Stack gap="sm">
        {NOTIFICATION_KINDS.map((kind) => {
          const label = t[`kind-${kind}` as keyof NotificationTexts];
          return (
            <Stack key={kind} gap={4}>
              <Text size="sm" fw={600} id={`notification-mode-${kind}`}>
                {label}
              </Text>
              <SegmentedControl
                aria-labelledby={`notification-mode-${kind}`}
                value={settings.data?.email[kind] ?? 'immediate'}
                disabled={!settings.data}
                onChange={(value) => void change(kind, value as MailMode)}
                data={[
                  { value: 'immediate', label: t.modeImmediate },
                  { value: 'digest', label: t.modeDigest },
                  { value: 'off', label: t.modeOff },
                ]}
                data-kind={kind}
                style={{ maxWidth: '100%' }}
              />
            </Stack>
          );
        })}
      </Stack>
    </Card>
  );
}
