// The side panel of a file (platform §2): a preview (image; video, audio and PDF as the browser can),
// the details (name, type, size, date 'dd MMM yyyy', folder, uploader), Copy URL, open, delete.
import { Box, Button, CloseButton, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode, type Ref } from 'react';
import { format, useFormatters, usePanelLanguage, useTexts } from '../../i18n/i18n.tsx';
import { apiClient } from '../../lib/api-client.ts';
import { apiPath, useCan } from '../../lib/permissions.ts';
import { useSession } from '../../lib/use-session.ts';
import { FileImage } from './file-image.tsx';
import {
  type FileRecord,
  fileAddress,
  fileBadge,
  fileTypeClass,
  folderOfDestination,
  formatFileDate,
  formatFileSize,
} from './file-utils.ts';
import { FILE_TEXTS, typeLabel } from './texts.ts';

export interface FileDetailsProps {
  file: FileRecord;
  prefix: string;
  canDelete: boolean;
  /** Hidden in the drawer, which has its own title and close button. */
  withHeader: boolean;
  onClose(): void;
  onCopyUrl(file: FileRecord): void;
  onDelete(file: FileRecord): void;
  onViewImage(file: FileRecord): void;
  headingRef?: Ref<HTMLHeadingElement>;
}

function Uploader({ id }: { id: string | null | undefined }) {
  const t = useTexts(FILE_TEXTS);
  const { claims } = useSession();
  const can = useCan();
  const own = Boolean(id && claims?.sub === id);
  const mayRead = can('Read', apiPath('user'));
  const user = useQuery({
    queryKey: ['file-uploader', id],
    enabled: Boolean(id) && !own && mayRead,
    staleTime: 300_000,
    queryFn: ({ signal }) =>
      apiClient().get<{ name?: string; email?: string }>(
        'user',
        String(id),
        { select: 'name,email' },
        signal,
      ),
  });
  if (!id) return t.unknownUser;
  if (own) return `${claims?.name || claims?.email || ''} (${t.you})`;
  const name = user.data?.name || user.data?.email;
  return name ? <bdi>{name}</bdi> : t.unknownUser;
}

function Preview({ file, onViewImage }: { file: FileRecord; onViewImage(file: FileRecord): void }) {
  const t = useTexts(FILE_TEXTS);
  const kind = fileTypeClass(file.mimetype, file.filename);
  const src = fileAddress(file.path);
  const frame = {
    width: '100%',
    maxHeight: 260,
    borderRadius: 6,
    display: 'block',
    background: 'var(--mantine-color-default-hover)',
  } as const;
  if (kind === 'image') {
    return (
      <UnstyledButton
        onClick={() => onViewImage(file)}
        aria-label={format(t.viewImageOf, { name: file.originalname })}
        data-testid="file-preview-image"
        style={{ borderRadius: 6 }}
      >
        <FileImage
          path={file.path}
          mimetype={file.mimetype}
          alt={file.originalname}
          style={{ ...frame, objectFit: 'contain', height: 220 }}
        />
      </UnstyledButton>
    );
  }
  if (kind === 'video') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: newsroom footage has no caption track to offer here.
      <video
        src={src}
        controls
        preload="metadata"
        style={frame}
        aria-label={format(t.previewOf, { name: file.originalname })}
      />
    );
  }
  if (kind === 'audio') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: uploaded recordings carry no caption track.
      <audio
        src={src}
        controls
        preload="metadata"
        style={{ width: '100%' }}
        aria-label={format(t.previewOf, { name: file.originalname })}
      />
    );
  }
  if (kind === 'pdf') {
    return (
      <iframe
        src={src}
        title={format(t.previewOf, { name: file.originalname })}
        style={{ ...frame, height: 260, border: 0 }}
        data-testid="file-preview-pdf"
      />
    );
  }
  return (
    <Stack gap={4} align="center" py="md" bg="var(--mantine-color-default-hover)" style={{ borderRadius: 6 }}>
      <Text fw={700} size="xl" aria-hidden dir="ltr">
        {fileBadge(file)}
      </Text>
      <Text size="sm" c="dimmed">
        {t.noPreview}
      </Text>
    </Stack>
  );
}

export function FileDetails(props: FileDetailsProps) {
  const t = useTexts(FILE_TEXTS);
  const { language } = usePanelLanguage();
  const fmt = useFormatters();
  const { file } = props;
  const kind = fileTypeClass(file.mimetype, file.filename);
  const folder = folderOfDestination(props.prefix, file.destination);
  const rows: [string, ReactNode][] = [
    [t.name, <bdi key="name">{file.originalname}</bdi>],
    [
      t.type,
      <Fragment key="type">
        {typeLabel(t, kind)}
        {file.mimetype ? ' ' : null}
        {file.mimetype ? (
          <Text span c="dimmed" size="sm">
            (<bdi dir="ltr">{file.mimetype}</bdi>)
          </Text>
        ) : null}
      </Fragment>,
    ],
    [
      t.size,
      <Fragment key="size">
        {formatFileSize(file.size, language)}{' '}
        <Text span c="dimmed" size="sm">
          ({format(t.bytes, { count: fmt.number(file.size ?? 0) })})
        </Text>
      </Fragment>,
    ],
    [t.date, formatFileDate(file.date, language)],
    [
      t.folder,
      folder ? (
        <bdi key="folder" dir="ltr">
          {folder}
        </bdi>
      ) : (
        t.root
      ),
    ],
    [t.uploader, <Uploader key="uploader" id={file.user} />],
  ];
  return (
    <Stack gap="sm" data-testid="file-details" data-file-id={file._id}>
      {props.withHeader ? (
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={2} size="h4" ref={props.headingRef} tabIndex={-1} style={{ outlineOffset: 2 }}>
            {t.details}
          </Title>
          <CloseButton onClick={props.onClose} aria-label={t.closeDetails} />
        </Group>
      ) : null}
      <Preview file={file} onViewImage={props.onViewImage} />
      <Box component="dl" m={0} style={{ display: 'grid', gap: 6 }}>
        {rows.map(([label, value]) => (
          <div key={label} style={{ minWidth: 0 }}>
            <Text component="dt" size="xs" fw={700} c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </div>
        ))}
      </Box>
      <Group gap="xs" wrap="wrap">
        <Button size="sm" onClick={() => props.onCopyUrl(file)} data-testid="copy-url">
          {t.copyUrl}
        </Button>
        {kind === 'image' ? (
          <Button size="sm" variant="default" onClick={() => props.onViewImage(file)}>
            {t.viewImage}
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="default"
          component="a"
          href={fileAddress(file.path)}
          target="_blank"
          rel="noopener"
          aria-label={format(t.openFileOf, { name: file.originalname })}
        >
          {t.openFile}
        </Button>
        {props.canDelete ? (
          <Button size="sm" color="red.9" onClick={() => props.onDelete(file)} data-testid="delete-file">
            {t.delete}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
