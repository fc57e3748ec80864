// The files of a page as a list (65 px thumbnails) or a grid (220 px). Each file is one button:
// Tab and the arrow keys (Home, End; rows in the grid) move through them, focusing one shows it in
// the side panel, Enter or a click opens the panel; a click on an image's thumbnail opens the viewer.
import { Box, Text, UnstyledButton } from '@mantine/core';
import { type KeyboardEvent, type MouseEvent, useRef } from 'react';
import { format, usePanelLanguage, useTexts } from '../../i18n/i18n.tsx';
import { FileImage } from './file-image.tsx';
import {
  type FileRecord,
  fileBadge,
  fileTypeClass,
  formatFileDate,
  formatFileSize,
  GRID_THUMBNAIL,
  LIST_THUMBNAIL,
} from './file-utils.ts';
import classes from './files.module.css';
import { FILE_TEXTS, typeLabel } from './texts.ts';

export type FileView = 'list' | 'grid';

export interface FileItemsProps {
  rows: FileRecord[];
  view: FileView;
  label: string;
  selectedId: string | undefined;
  /** Focus (desktop): show the file in the side panel without moving focus. */
  onFocusFile(file: FileRecord): void;
  /** Enter or click: open the panel; `byKeyboard` moves focus into it. */
  onOpenFile(file: FileRecord, byKeyboard: boolean): void;
  onViewImage(file: FileRecord): void;
}

function Thumbnail({ file, size }: { file: FileRecord; size: number | '100%' }) {
  const kind = fileTypeClass(file.mimetype, file.filename);
  const box = {
    width: size,
    height: size === '100%' ? GRID_THUMBNAIL : size,
    flexShrink: 0,
    borderRadius: 4,
    overflow: 'hidden',
  } as const;
  if (kind === 'image') {
    return (
      <Box style={box} data-thumb-image bg="var(--mantine-color-default-hover)">
        <FileImage
          path={file.path}
          mimetype={file.mimetype}
          thumbnail
          alt=""
          style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      </Box>
    );
  }
  return (
    <Box
      style={{ ...box, display: 'grid', placeItems: 'center', fontWeight: 700, fontSize: 13 }}
      bg="var(--mantine-color-default-hover)"
      c="var(--mantine-color-text)"
      data-file-type={kind}
      aria-hidden
    >
      <span dir="ltr">{fileBadge(file)}</span>
    </Box>
  );
}

/** Columns of the grid as laid out: the items on the first row. */
function columnsOf(items: HTMLElement[]): number {
  const top = items[0]?.offsetTop;
  const count = items.filter((item) => item.offsetTop === top).length;
  return Math.max(1, count);
}

export function FileItems(props: FileItemsProps) {
  const t = useTexts(FILE_TEXTS);
  const { language, dir } = usePanelLanguage();
  const container = useRef<HTMLUListElement>(null);
  const isGrid = props.view === 'grid';

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(container.current?.querySelectorAll<HTMLElement>('[data-file-item]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (index < 0) return;
    const columns = isGrid ? columnsOf(items) : 1;
    const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    let next: number;
    if (event.key === 'ArrowDown') next = index + columns;
    else if (event.key === 'ArrowUp') next = index - columns;
    else if (event.key === forward) next = index + 1;
    else if (event.key === backward) next = index - 1;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    else return;
    event.preventDefault();
    items[Math.max(0, Math.min(items.length - 1, next))]?.focus();
  };

  const onClick = (file: FileRecord) => (event: MouseEvent<HTMLButtonElement>) => {
    const onImage = (event.target as HTMLElement).closest('[data-thumb-image]');
    // detail 0: activated by the keyboard (Enter or Space), not by a pointer.
    if (onImage && event.detail > 0) {
      props.onViewImage(file);
      return;
    }
    props.onOpenFile(file, event.detail === 0);
  };

  return (
    <Box
      component="ul"
      ref={container}
      aria-label={props.label}
      onKeyDown={onKeyDown}
      data-testid="file-items"
      data-view={props.view}
      m={0}
      p={0}
      style={{
        listStyle: 'none',
        display: 'grid',
        gap: isGrid ? 12 : 6,
        gridTemplateColumns: isGrid
          ? `repeat(auto-fill, minmax(min(${GRID_THUMBNAIL}px, 100%), 1fr))`
          : '1fr',
      }}
    >
      {props.rows.map((file) => {
        const kind = fileTypeClass(file.mimetype, file.filename);
        const selected = props.selectedId === file._id;
        const meta = [
          typeLabel(t, kind),
          formatFileSize(file.size, language),
          formatFileDate(file.date, language),
        ]
          .filter(Boolean)
          .join(' · ');
        return (
          <li key={file._id} style={{ minWidth: 0 }}>
            <UnstyledButton
              data-file-item
              data-file-id={file._id}
              data-file-name={file.originalname}
              aria-current={selected ? 'true' : undefined}
              onFocus={() => props.onFocusFile(file)}
              onClick={onClick(file)}
              className={classes.item}
              w="100%"
              p={isGrid ? 'xs' : 6}
              style={{
                display: 'flex',
                flexDirection: isGrid ? 'column' : 'row',
                alignItems: isGrid ? 'stretch' : 'center',
                gap: isGrid ? 8 : 12,
              }}
            >
              <Thumbnail file={file} size={isGrid ? '100%' : LIST_THUMBNAIL} />
              <Box style={{ minWidth: 0, flex: 1 }}>
                <Text fw={600} size="sm" truncate="end" title={file.originalname}>
                  <bdi>{file.originalname}</bdi>
                </Text>
                <Text size="xs" c="dimmed" truncate="end">
                  {meta}
                </Text>
              </Box>
            </UnstyledButton>
          </li>
        );
      })}
    </Box>
  );
}

/** The accessible name of the list: 'Files in Root'. */
export const filesListLabel = (template: string, folderName: string) =>
  format(template, { folder: folderName });
