// /panel/media/list: the file browser (platform §2 "File browser screen", §4 Upload, §7 Files).
// The folder path as breadcrumbs (root by default, `?folder=` in the address), the child folders
// found in the records' destinations, a list or grid (remembered) of the folder's files, 50 a page
// with the total, searched on originalname and fieldname; uploads by button, drop or paste into
// the current folder; a side panel (a drawer on phones) for the focused file, and the image viewer.
import {
  Box,
  Breadcrumbs,
  Button,
  Drawer,
  FileButton,
  Group,
  Paper,
  SegmentedControl,
  Text,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { confirmDelete, showFailedToast, showSuccessToast } from '@tabayyun/forms';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { listQueryKey, ResourceTable } from '../../components/data-table/resource-table.tsx';
import { useWrite } from '../../components/mutations.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { format, usePanelLanguage, useTexts } from '../../i18n/i18n.tsx';
import { apiClient } from '../../lib/api-client.ts';
import { panelBases } from '../../lib/bases.ts';
import { useCan } from '../../lib/permissions.ts';
import { FileDetails } from './file-details.tsx';
import { FileItems, type FileView } from './file-items.tsx';
import {
  absoluteFileUrl,
  destinationOf,
  FILE_SELECT,
  FILES_PER_PAGE,
  type FileRecord,
  folderTrail,
  parseFolder,
  storagePrefix,
} from './file-utils.ts';
import { fetchChildFolders, foldersQueryKey } from './folders.ts';
import { ImageViewer } from './image-viewer.tsx';
import { FILE_TEXTS } from './texts.ts';
import { UploadList } from './upload-list.tsx';
import { useUploads } from './use-uploads.ts';

const VIEW_STORAGE_KEY = 'panelFilesView';
const BASE_PARAMS = { select: FILE_SELECT };
const SEARCH_FIELDS = ['originalname', 'fieldname'];
const SIDE_PANEL_WIDTH = 320;

function FolderIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M10 4H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2h-8l-2-2z"
      />
    </svg>
  );
}

/** Writes text to the clipboard; older or locked-down browsers get the selection fallback. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

export default function FileBrowser() {
  const t = useTexts(FILE_TEXTS);
  const { language } = usePanelLanguage();
  const can = useCan();
  const write = useWrite();
  const queryClient = useQueryClient();
  const storageBase = panelBases().storage;
  const prefix = storagePrefix(storageBase);
  const [params, setParams] = useSearchParams();
  const folder = parseFolder(params.get('folder')) ?? '';
  const canUpload = can('Create', storageBase);
  const canDelete = can('Delete', storageBase);
  const isNarrow = useMediaQuery('(max-width: 62em)', false);
  const [storedView, setView] = useLocalStorage<FileView>({
    key: VIEW_STORAGE_KEY,
    defaultValue: 'list',
    getInitialValueInEffect: false,
  });
  const view: FileView = storedView === 'grid' ? 'grid' : 'list';
  const [selected, setSelected] = useState<FileRecord | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [viewed, setViewed] = useState<FileRecord | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const folderName = folder ? (folder.split('/').at(-1) ?? folder) : t.root;

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: listQueryKey('storage') });
    await queryClient.invalidateQueries({ queryKey: foldersQueryKey() });
  }, [queryClient]);

  const uploads = useUploads({
    onUploaded: () => void refresh(),
    onFailed: (_name, message) => showFailedToast(format(t.uploadFailedToast, { message })),
  });
  const startUpload = useCallback(
    (files: File[]) => {
      if (canUpload && files.length > 0) uploads.start(files, folder);
    },
    [canUpload, uploads.start, folder],
  );

  const folders = useQuery({
    queryKey: foldersQueryKey(folder),
    queryFn: ({ signal }) => fetchChildFolders(prefix, folder, signal),
  });

  // Another folder: nothing of the previous one stays selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a folder change only.
  useEffect(() => {
    setSelected(null);
    setDrawerOpen(false);
  }, [folder]);

  // Ctrl/Cmd+V of files anywhere on the page uploads them into this folder.
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const files = Array.from(event.clipboardData?.files ?? []);
      if (files.length === 0 || !canUpload) return;
      event.preventDefault();
      startUpload(files);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [canUpload, startUpload]);

  const mapFilters = useCallback(() => ({ destination: destinationOf(prefix, folder) }), [prefix, folder]);

  const openFolder = (next: string) => setParams(next ? { folder: next } : {});

  const focusFile = (file: FileRecord) => {
    if (!isNarrow) setSelected(file);
  };
  const openFile = (file: FileRecord, byKeyboard: boolean) => {
    setSelected(file);
    if (isNarrow) setDrawerOpen(true);
    else if (byKeyboard) requestAnimationFrame(() => headingRef.current?.focus());
  };
  const closeDetails = () => {
    const id = selected?._id;
    setSelected(null);
    setDrawerOpen(false);
    if (id) document.querySelector<HTMLElement>(`[data-file-id="${CSS.escape(id)}"]`)?.focus();
  };
  const copyUrl = async (file: FileRecord) => {
    const ok = await copyText(absoluteFileUrl(window.location.origin, file.path));
    if (ok) showSuccessToast(t.urlCopied);
    else showFailedToast(t.copyFailed);
  };
  const deleteFile = async (file: FileRecord) => {
    if (!(await confirmDelete({ locale: language }))) return;
    const done = await write(
      'storage',
      async () => {
        await apiClient().deleteFile(file.path);
        return true;
      },
      () => showSuccessToast(t.deleted),
    );
    if (done) {
      setSelected(null);
      setDrawerOpen(false);
      await queryClient.invalidateQueries({ queryKey: foldersQueryKey() });
    }
  };

  const trail = folderTrail(folder);
  const childFolders = folders.data ?? [];
  const details = selected ? (
    <FileDetails
      file={selected}
      prefix={prefix}
      canDelete={canDelete}
      withHeader={!isNarrow}
      headingRef={headingRef}
      onClose={closeDetails}
      onCopyUrl={copyUrl}
      onDelete={deleteFile}
      onViewImage={setViewed}
    />
  ) : null;

  const renderRows = (rows: FileRecord[]) => (
    <FileItems
      rows={rows}
      view={view}
      label={format(t.filesIn, { folder: folderName })}
      selectedId={selected?._id}
      onFocusFile={focusFile}
      onOpenFile={openFile}
      onViewImage={setViewed}
    />
  );

  return (
    <>
      <PageHeader
        title={t.title}
        description={canUpload ? t.uploadHint : undefined}
        actions={
          canUpload ? (
            <FileButton multiple onChange={(files) => startUpload(files)}>
              {(props) => (
                <Button {...props} data-testid="upload-button">
                  {t.upload}
                </Button>
              )}
            </FileButton>
          ) : null
        }
      />
      <Box component="nav" aria-label={t.folderPath} mb="sm" data-testid="folder-path">
        <Breadcrumbs
          separator={<span aria-hidden>/</span>}
          styles={{ root: { flexWrap: 'wrap', rowGap: 4 } }}
        >
          {[{ name: t.root, folder: '' }, ...trail].map((crumb, index, all) =>
            index === all.length - 1 ? (
              <Text key={crumb.folder} size="sm" fw={700} aria-current="page">
                <bdi>{crumb.name}</bdi>
              </Text>
            ) : (
              <Text
                key={crumb.folder}
                component={Link}
                to={crumb.folder ? `?folder=${encodeURIComponent(crumb.folder)}` : '?'}
                size="sm"
                c="var(--mantine-color-anchor)"
                td="underline"
              >
                <bdi>{crumb.name}</bdi>
              </Text>
            ),
          )}
        </Breadcrumbs>
      </Box>
      <UploadList items={uploads.items} onRemove={uploads.remove} onClearFinished={uploads.clearFinished} />
      {childFolders.length > 0 ? (
        <Box component="section" aria-label={t.folders} mb="md" data-testid="child-folders">
          <Group gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {childFolders.map((name) => {
              const next = folder ? `${folder}/${name}` : name;
              return (
                <li key={name}>
                  <Button
                    variant="default"
                    size="sm"
                    leftSection={<FolderIcon />}
                    onClick={() => openFolder(next)}
                    aria-label={format(t.openFolder, { name })}
                    data-folder={next}
                  >
                    <bdi>{name}</bdi>
                  </Button>
                </li>
              );
            })}
          </Group>
        </Box>
      ) : null}
      <Box style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <ResourceTable<FileRecord>
            key={folder}
            resource="storage"
            columns={[]}
            baseParams={BASE_PARAMS}
            mapFilters={mapFilters}
            searchFields={SEARCH_FIELDS}
            searchLabel={t.searchFiles}
            perPage={FILES_PER_PAGE}
            rowName={(file) => file.originalname}
            renderRows={renderRows}
            testId="file-browser"
            toolbar={
              <SegmentedControl
                value={view}
                onChange={(next) => setView(next === 'grid' ? 'grid' : 'list')}
                data={[
                  { value: 'list', label: t.list },
                  { value: 'grid', label: t.grid },
                ]}
                aria-label={t.view}
                data-testid="view-toggle"
              />
            }
          />
        </Box>
        {!isNarrow ? (
          <Paper
            component="aside"
            aria-label={t.details}
            withBorder
            p="sm"
            w={SIDE_PANEL_WIDTH}
            style={{ flexShrink: 0, position: 'sticky', top: 72 }}
            data-testid="side-panel"
          >
            {details ?? (
              <Text size="sm" c="dimmed" py="md" ta="center">
                {t.selectHint}
              </Text>
            )}
          </Paper>
        ) : null}
      </Box>
      {isNarrow ? (
        <Drawer
          opened={drawerOpen && selected !== null}
          onClose={closeDetails}
          position="bottom"
          size="85%"
          title={t.details}
          closeButtonProps={{ 'aria-label': t.closeDetails }}
          data-testid="details-drawer"
        >
          {details}
        </Drawer>
      ) : null}
      <ImageViewer file={viewed} onClose={() => setViewed(null)} />
      {canUpload ? (
        <Dropzone.FullScreen
          onDrop={startUpload}
          multiple
          activateOnClick={false}
          inputProps={{ 'aria-label': t.upload, tabIndex: -1 }}
          data-testid="file-drop-zone"
        >
          <Group justify="center" align="center" mih="60vh" style={{ pointerEvents: 'none' }}>
            <Text size="xl" fw={700} ta="center">
              {format(t.dropHere, { folder: folderName })}
            </Text>
          </Group>
        </Dropzone.FullScreen>
      ) : null}
    </>
  );
}
