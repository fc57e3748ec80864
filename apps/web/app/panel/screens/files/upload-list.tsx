// The files being uploaded: each with its progress (0–100), then Uploaded, Cancelled, or the
// server's message in red under its name. × cancels a running upload or takes a finished one away.
import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
  useComputedColorScheme,
} from '@mantine/core';
import { format, usePanelLanguage, useTexts } from '../../i18n/i18n.tsx';
import { formatFileSize } from './file-utils.ts';
import { FILE_TEXTS } from './texts.ts';
import type { UploadItem } from './use-uploads.ts';

export function UploadList({
  items,
  onRemove,
  onClearFinished,
}: {
  items: UploadItem[];
  onRemove(id: string): void;
  onClearFinished(): void;
}) {
  const t = useTexts(FILE_TEXTS);
  const { language } = usePanelLanguage();
  // Red text readable on white (shade 9) and on the dark body (shade 4): WCAG AA.
  const scheme = useComputedColorScheme('light');
  const errorColor = scheme === 'dark' ? 'red.4' : 'red.9';
  const successColor = scheme === 'dark' ? 'green.4' : 'green.9';
  if (items.length === 0) return null;
  const hasFinished = items.some((item) => item.status !== 'uploading');
  return (
    <Paper
      withBorder
      p="sm"
      mb="md"
      component="section"
      aria-labelledby="file-uploads-title"
      data-testid="uploads"
    >
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5" id="file-uploads-title">
          {t.uploads}
        </Title>
        {hasFinished ? (
          <Button size="compact-sm" variant="subtle" onClick={onClearFinished}>
            {t.clearFinished}
          </Button>
        ) : null}
      </Group>
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <li key={item.id} data-upload-status={item.status} data-upload-name={item.name}>
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" fw={600} truncate="end">
                    <bdi>{item.name}</bdi>
                  </Text>
                  <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    {formatFileSize(item.size, language)}
                  </Text>
                </Group>
                {item.status === 'uploading' ? (
                  <>
                    <Progress
                      value={item.progress}
                      size="sm"
                      aria-label={format(t.uploadProgress, { name: item.name })}
                    />
                    <Text size="xs" c="dimmed" aria-live="polite">
                      {format(t.uploading, { percent: item.progress })}
                    </Text>
                  </>
                ) : null}
                {item.status === 'done' ? (
                  <Text size="xs" c={successColor} data-testid="upload-done">
                    {t.uploaded}
                  </Text>
                ) : null}
                {item.status === 'cancelled' ? (
                  <Text size="xs" c="dimmed">
                    {t.cancelled}
                  </Text>
                ) : null}
                {item.status === 'failed' ? (
                  <Text size="sm" c={errorColor} role="alert" data-testid="upload-error">
                    {item.error || t.uploadFailed}
                  </Text>
                ) : null}
              </Stack>
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={() => onRemove(item.id)}
                aria-label={format(item.status === 'uploading' ? t.cancelUpload : t.dismiss, {
                  name: item.name,
                })}
              >
                <span aria-hidden>×</span>
              </ActionIcon>
            </Group>
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
