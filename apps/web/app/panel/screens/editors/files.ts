// File records as the server's schema takes them (packages/schemas fileRecord).
import type { FileRecord } from '@tabayyun/forms';
import { storedFiles } from '../feeds/desk-forms.ts';

const FILE_KEYS = [
  '_id',
  'fieldname',
  'originalname',
  'filename',
  'size',
  'encoding',
  'mimetype',
  'destination',
  'path',
  'date',
  'status',
  'user',
  'meta',
] as const;

/** File records as the schema takes them (its keys only; null is not a value of most of them). */
export function filesForServer(value: unknown): FileRecord[] {
  return storedFiles(value).map(
    (file) =>
      Object.fromEntries(
        FILE_KEYS.filter((key) => file[key] !== null && file[key] !== undefined).map((key) => [
          key,
          file[key],
        ]),
      ) as unknown as FileRecord,
  );
}
