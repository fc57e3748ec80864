// The file list shared by `file` and `local-file`: pick/paste files, list or grid view with
// thumbnails, progress, errors, a remove confirmation and an image viewer.
import {
  ActionIcon,
  Box,
  Button,
  FileButton,
  Group,
  Image,
  Modal,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { type ClipboardEvent, type ReactNode, useState } from 'react';
import type { ControlAria } from '../../engine/field-shell.tsx';
import { translate } from '../../i18n/texts.ts';
import type { WidgetProps } from '../../types.ts';
import {
  type FileSettings,
  type FileView,
  fileTypeClass,
  formatFileDate,
  formatFileSize,
  GRID_THUMBNAIL_SIZE,
  LIST_THUMBNAIL_SIZE,
} from './file-rules.ts';

export type FileItemStatus = 'uploading' | 'done' | 'failed' | 'cancelled';

/** One row of the view (platform §3 "View item": id, file, error). */
export interface FileViewItem {
  id: string;
  name: string;
  size?: number;
  mimetype?: string;
  date?: string | number;
  url?: string;
  status: FileItemStatus;
  progress: number;
  error?: string;
}

export interface FileItemsViewProps {
  control: ControlAria;
  items: FileViewItem[];
  settings: FileSettings;
  canAdd: boolean;
  /** Removing a done item asks first; uploading and failed items go at once. */
  onFiles(files: File[]): void;
  onRemove(item: FileViewItem): void;
  onBlur(): void;
  error?: string;
  disabled: boolean;
  readOnly: boolean;
  dir: WidgetProps['dir'];
  locale: WidgetProps['locale'];
}

function Thumbnail({ item, size, onOpen }: { item: FileViewItem; size: number; onOpen(): void }): ReactNode {
  const kind = fileTypeClass(item.mimetype, item.name);
  if (kind === 'image' && item.url) {
    return (
      <UnstyledButton onClick={onOpen} aria-label={`View ${item.name}`}>
        <Image src={item.url} alt={item.name} w={size} h={size} fit="cover" radius="sm" />
      </UnstyledButton>
    );
  }
  return (
    <Box
      data-file-type={kind}
      style={{
        width: size,
        height: size,
        display: 'grid',
        placeItems: 'center',
        borderRadius: 4,
        background: 'var(--mantine-color-gray-1)',
        fontWeight: 700,
        textTransform: 'uppercase',
        flexShrink: 0,
      }}
      aria-hidden="true"
    >
      {kind}
    </Box>
  );
}

export function FileItemsView({
  control,
  items,
  settings,
  canAdd,
  onFiles,
  onRemove,
  onBlur,
  error,
  disabled,
  readOnly,
  dir,
  locale,
}: FileItemsViewProps): ReactNode {
  const [view, setView] = useState<FileView>(settings.view);
  const [pendingRemoval, setPendingRemoval] = useState<FileViewItem | null>(null);
  const [viewed, setViewed] = useState<FileViewItem | null>(null);
  const isInteractive = !disabled && !readOnly;
  const thumbnail = view === 'grid' ? GRID_THUMBNAIL_SIZE : LIST_THUMBNAIL_SIZE;

  const onPaste = (event: ClipboardEvent<HTMLElement>) => {
    const files = Array.from(event.clipboardData?.files ?? []);
    if (files.length === 0 || !isInteractive || !canAdd) return;
    event.preventDefault();
    onFiles(files);
  };
  const requestRemove = (item: FileViewItem) => {
    if (item.status === 'done') setPendingRemoval(item);
    else onRemove(item);
  };

  const renderItem = (item: FileViewItem) => (
    <Paper key={item.id} withBorder p="xs" data-status={item.status} aria-label={item.name}>
      <Group wrap={view === 'grid' ? 'wrap' : 'nowrap'} align="flex-start" gap="sm">
        <Thumbnail item={item} size={thumbnail} onOpen={() => setViewed(item)} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={500} truncate>
            {item.name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatFileSize(item.size)}
            {item.date !== undefined ? ` · ${formatFileDate(item.date, locale)}` : ''}
          </Text>
          {item.status === 'uploading' ? (
            <Progress value={item.progress} size="sm" aria-label={`${item.name} ${item.progress}%`} />
          ) : null}
          {item.error ? (
            <Text size="sm" c="red" role="alert">
              {item.error}
            </Text>
          ) : null}
          {item.status === 'cancelled' ? (
            <Text size="xs" c="dimmed">
              {translate(locale, 'uploadCancelled')}
            </Text>
          ) : null}
        </Stack>
        {isInteractive ? (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={translate(locale, 'removeFile', { name: item.name })}
            onClick={() => requestRemove(item)}
          >
            ×
          </ActionIcon>
        ) : null}
      </Group>
    </Paper>
  );

  return (
    <Stack
      gap="xs"
      dir={dir}
      onPaste={onPaste}
      aria-invalid={Boolean(error)}
      data-readonly={readOnly || undefined}
      data-disabled={disabled || undefined}
    >
      <Group justify="space-between">
        <FileButton
          multiple={settings.maxFiles > 1}
          accept={settings.accept.join(',') || undefined}
          disabled={!isInteractive || !canAdd}
          onChange={(picked) => {
            const files = Array.isArray(picked) ? picked : picked ? [picked] : [];
            if (files.length > 0) onFiles(files);
          }}
        >
          {(props) => (
            <Button
              {...props}
              {...control}
              variant="light"
              disabled={!isInteractive || !canAdd}
              onBlur={onBlur}
            >
              {translate(locale, settings.maxFiles > 1 ? 'chooseFiles' : 'chooseFile')}
            </Button>
          )}
        </FileButton>
        {/* Two pressed/unpressed buttons: Mantine's SegmentedControl measures its indicator on mount,
            a forced layout of the whole form (≈ 55 ms in the fact-check editor with long rich text). */}
        <Button.Group aria-label={translate(locale, 'fileView')}>
          {(['list', 'grid'] as const).map((option) => (
            <Button
              key={option}
              size="compact-xs"
              variant={view === option ? 'filled' : 'default'}
              aria-pressed={view === option}
              disabled={disabled}
              onClick={() => setView(option)}
            >
              {translate(locale, option === 'list' ? 'viewList' : 'viewGrid')}
            </Button>
          ))}
        </Button.Group>
      </Group>
      {view === 'grid' ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs">
          {items.map(renderItem)}
        </SimpleGrid>
      ) : (
        <Stack gap="xs">{items.map(renderItem)}</Stack>
      )}
      <Modal
        opened={pendingRemoval !== null}
        onClose={() => setPendingRemoval(null)}
        title={translate(locale, 'confirmTitle')}
        dir={dir}
        centered
      >
        <Text mb="md">
          {settings.confirmText === 'Are you sure?' ? translate(locale, 'areYouSure') : settings.confirmText}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setPendingRemoval(null)}>
            {translate(locale, 'cancel')}
          </Button>
          <Button
            color="red"
            onClick={() => {
              if (pendingRemoval) onRemove(pendingRemoval);
              setPendingRemoval(null);
            }}
          >
            {translate(locale, 'proceed')}
          </Button>
        </Group>
      </Modal>
      <Modal
        opened={viewed !== null}
        onClose={() => setViewed(null)}
        title={viewed?.name}
        size="auto"
        centered
      >
        {viewed?.url ? <Image src={viewed.url} alt={viewed.name} mah="80vh" fit="contain" /> : null}
      </Modal>
    </Stack>
  );
}
