import {
  confirmDelete,
  type DataAdapter,
  type FileRecord,
  type FormDefinition,
  type FormValues,
  showSuccessToast,
} from '@tabayyun/forms';
import { useCallback, useMemo } from 'react';
import { useWrite } from '../../components/mutations.ts';
import { COMMON_TEXTS } from '../../i18n/common.ts';
import { usePanelLanguage, useTexts } from '../../i18n/i18n.tsx';
import { apiClient, type Doc } from '../../lib/api-client.ts';
import { openDeskFormDialog } from './desk-dialog.tsx';

/** A stored file's address: its `path` is relative to the site root (`storage/authors/x.jpg`). */
export function fileUrl(path: string | undefined | null): string | undefined {
  return path ? `/${path.replace(/^\/+/, '')}` : undefined;
}

/** The first image of a record's file list, as an address. */
export function firstImage(files: unknown): string | undefined {
  const first = Array.isArray(files) ? (files[0] as FileRecord | undefined) : undefined;
  return fileUrl(first?.path);
}

const rooted = (record: FileRecord): FileRecord => ({ ...record, path: fileUrl(record.path) ?? record.path });
const unrooted = (record: FileRecord): FileRecord => ({ ...record, path: record.path.replace(/^\/+/, '') });

/**
 * The file widget shows `path` as the image address as it is; a stored path is relative, which
 * would resolve under the current /panel address. Forms get rooted paths (this adapter roots the
 * uploads too) and `storedFiles` gives them back as the server keeps them.
 */
export function deskAdapter(): DataAdapter {
  const client = apiClient();
  return {
    list: (resource, params) => client.list(resource, params),
    upload: async (destination, file, opts) => rooted(await client.upload(destination, file, opts)),
    deleteFile: (path) => client.deleteFile(path),
  };
}

export function formFiles(files: unknown): FileRecord[] {
  return Array.isArray(files) ? (files as FileRecord[]).filter((f) => f?.path).map(rooted) : [];
}

export function storedFiles(files: unknown): FileRecord[] {
  return Array.isArray(files) ? (files as FileRecord[]).filter((f) => f?.path).map(unrooted) : [];
}

/** Only the keys a resource accepts (its input schema is strict), with `_id` when editing. */
export function pickInput(values: Doc, keys: readonly string[]): Doc {
  const out: Doc = {};
  for (const key of keys) if (key in values && values[key] !== undefined) out[key] = values[key];
  return out;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO date from the API as the date widget's text (local time: `yyyy-mm-dd HH:mm:ss`). */
export function toDateField(value: unknown): string | null {
  if (!value) return null;
  const d = new Date(String(value));
  if (Number.isNaN(d.getTime())) return null;
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  return time === '00:00:00' ? day : `${day} ${time}`;
}

/** The date widget's text as the API takes it (ISO with offset), or null. */
export function fromDateField(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  const text = value.trim();
  const d = /^\d{4}-\d{2}-\d{2}$/.test(text)
    ? new Date(`${text}T00:00:00`)
    : new Date(text.replace(' ', 'T'));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** Text fields: empty means none. */
export const emptyToNull = (value: unknown) => (typeof value === 'string' && !value.trim() ? null : value);

export interface RecordDialog {
  title: string;
  definition: FormDefinition;
  initialValues: FormValues;
  /** The values as the record to send (only the keys the resource accepts). */
  toRecord: (values: FormValues) => Doc;
  /** POST (a new record, even with a user-given _id) or PUT by _id. */
  isNew: boolean;
  small?: boolean;
}

/**
 * Create and edit in a form dialog (the dialog stays open when the save fails: the toast says why),
 * and delete after the spec's confirmation; both refresh the resource's lists.
 */
export function useRecordDialogs(resource: string) {
  const write = useWrite();
  const { language, dir } = usePanelLanguage();
  const common = useTexts(COMMON_TEXTS);
  const adapter = useMemo(deskAdapter, []);
  const edit = useCallback(
    (dialog: RecordDialog) =>
      openDeskFormDialog({
        title: dialog.title,
        definition: dialog.definition,
        initialValues: dialog.initialValues,
        adapter,
        locale: language,
        dir,
        ...(dialog.small ? { small: true } : {}),
        onSubmit: async (values) => {
          const doc = dialog.toRecord(values);
          const client = apiClient();
          const answer = await write(resource, () =>
            dialog.isNew ? client.create(resource, doc) : client.replace(resource, doc),
          );
          return Boolean(answer);
        },
      }),
    [adapter, language, dir, write, resource],
  );
  const remove = useCallback(
    async (id: string): Promise<boolean> => {
      if (!(await confirmDelete({ locale: language }))) return false;
      const done = await write(
        resource,
        async () => {
          await apiClient().remove(resource, id);
          return true;
        },
        () => showSuccessToast(common.deleted),
      );
      return Boolean(done);
    },
    [language, write, resource, common.deleted],
  );
  return { edit, remove };
}

/** Text colour of a destructive action, AA on the light and the dark background. */
