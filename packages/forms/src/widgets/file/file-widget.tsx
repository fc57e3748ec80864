// The `file` widget: uploads through `adapter.upload` with progress and cancel; the value holds
// only the uploaded, error-free records (platform §5 "File select").
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type ControlAria, FieldShell } from '../../engine/field-shell.tsx';
import { translate } from '../../i18n/texts.ts';
import type { FileRecord, WidgetProps } from '../../types.ts';
import { FileItemsView, type FileViewItem } from './file-items-view.tsx';
import { checkFile, NO_FILE_UPLOADED, readFileSettings } from './file-rules.ts';

interface PendingItem extends FileViewItem {
  controller?: AbortController;
}

let nextItemId = 0;
const newItemId = () => `file-${++nextItemId}`;

/** The upload answer's record: the object itself, or the first of a list (platform §3). */
export function pickUploadedRecord(answer: unknown): FileRecord | null {
  const record = Array.isArray(answer) ? answer[0] : answer;
  return record && typeof record === 'object' && typeof (record as FileRecord).path === 'string'
    ? (record as FileRecord)
    : null;
}

function toViewItem(record: FileRecord, index: number): FileViewItem {
  return {
    id: `record-${index}-${record.path}`,
    name: record.originalname ?? record.name ?? record.filename ?? record.path,
    size: record.size,
    mimetype: record.mimetype,
    date: record.date,
    url: fileAddress(record.path),
    status: 'done',
    progress: 100,
  };
}

function isNotFound(reason: unknown): boolean {
  const status = (reason as { status?: unknown; statusCode?: unknown } | null)?.status;
  return status === 404 || (reason as { statusCode?: unknown } | null)?.statusCode === 404;
}

function FileControl({
  control,
  field,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  readOnly,
  dir,
  locale,
  adapter,
}: WidgetProps<FileRecord[] | null> & { control: ControlAria }): ReactNode {
  const settings = readFileSettings(field.inputs);
  const records = Array.isArray(value) ? value : [];
  const [pending, setPending] = useState<PendingItem[]>([]);
  const latest = useRef<FileRecord[]>(records);
  latest.current = records;
  const controllers = useRef(new Set<AbortController>());

  // Unmounting aborts uploads nobody is waiting for.
  useEffect(() => {
    const active = controllers.current;
    return () => {
      for (const controller of active) controller.abort();
    };
  }, []);

  const updatePending = (itemId: string, patch: Partial<PendingItem>) =>
    setPending((items) => items.map((item) => (item.id === itemId ? { ...item, ...patch } : item)));
  const uploadingCount = pending.filter((item) => item.status === 'uploading').length;
  const canAdd = !readOnly && !disabled && records.length + uploadingCount < settings.maxFiles;

  const upload = (file: File) => {
    const itemId = newItemId();
    const base: PendingItem = {
      id: itemId,
      name: file.name,
      size: file.size,
      mimetype: file.type,
      date: file.lastModified,
      status: 'uploading',
      progress: 0,
    };
    const problem = checkFile(file, settings);
    if (problem) {
      setPending((items) => [...items, { ...base, status: 'failed', error: problem }]);
      return;
    }
    if (!adapter?.upload) {
      setPending((items) => [
        ...items,
        { ...base, status: 'failed', error: translate(locale, 'dataAdapterNotProvided') },
      ]);
      return;
    }
    const controller = new AbortController();
    controllers.current.add(controller);
    setPending((items) => [...items, { ...base, controller }]);
    adapter
      .upload(settings.destination, file, {
        signal: controller.signal,
        fieldname: field.name,
        onProgress: (percent) =>
          updatePending(itemId, { progress: Math.min(100, Math.max(0, Math.round(percent))) }),
      })
      .then((answer) => {
        const record = pickUploadedRecord(answer);
        if (!record) {
          updatePending(itemId, { status: 'failed', error: NO_FILE_UPLOADED, controller: undefined });
          return;
        }
        setPending((items) => items.filter((item) => item.id !== itemId));
        const next = [...latest.current, record];
        latest.current = next;
        onChange(next);
      })
      .catch((reason: unknown) => {
        if (controller.signal.aborted) {
          updatePending(itemId, { status: 'cancelled', controller: undefined });
          return;
        }
        const message = reason instanceof Error ? reason.message : String(reason);
        updatePending(itemId, { status: 'failed', error: message, controller: undefined });
      })
      .finally(() => controllers.current.delete(controller));
  };

  const onFiles = (files: File[]) => {
    if (readOnly || disabled) return;
    const room = settings.maxFiles - records.length - uploadingCount;
    for (const file of files.slice(0, Math.max(0, room))) upload(file);
  };

  const onRemove = (item: FileViewItem) => {
    const pendingItem = pending.find((candidate) => candidate.id === item.id);
    if (pendingItem) {
      pendingItem.controller?.abort();
      setPending((items) => items.filter((candidate) => candidate.id !== item.id));
      return;
    }
    const record = records.find((candidate, index) => toViewItem(candidate, index).id === item.id);
    if (!record) return;
    const dropRecord = () => {
      const next = latest.current.filter((candidate) => candidate !== record);
      latest.current = next;
      onChange(next);
    };
    if (!adapter?.deleteFile) {
      dropRecord();
      return;
    }
    adapter
      .deleteFile(record.path)
      .then(dropRecord)
      .catch((reason: unknown) => {
        // Already gone on the server: the record goes too.
        if (isNotFound(reason)) dropRecord();
        else {
          const message = reason instanceof Error ? reason.message : String(reason);
          setPending((items) => [...items, { ...item, id: newItemId(), status: 'failed', error: message }]);
        }
      });
  };

  const items: FileViewItem[] = [...records.map(toViewItem), ...pending];
  return (
    <FileItemsView
      control={control}
      items={items}
      settings={settings}
      canAdd={canAdd}
      onFiles={onFiles}
      onRemove={onRemove}
      onBlur={onBlur}
      error={error}
      disabled={disabled}
      readOnly={readOnly}
      dir={dir}
      locale={locale}
    />
  );
}

export function FileWidget(props: WidgetProps<FileRecord[] | null>): ReactNode {
  return <FieldShell widget={props}>{(control) => <FileControl {...props} control={control} />}</FieldShell>;
}

/**
 * Where a stored file is served: its `path` is relative to the site root (`storage/news-feed/x.jpg`,
 * CONTRACT.md), so pages below the root need the leading slash; absolute and data URLs stay.
 */
export function fileAddress(path: string): string {
  return /^(\/|[a-z][a-z0-9+.-]*:)/i.test(path) ? path : `/${path}`;
}
