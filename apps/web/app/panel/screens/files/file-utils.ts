// The file browser's pure helpers: folders (from the records' `destination`), sizes (bytes to PB,
// base 1024, 2 decimals), the 'dd MMM yyyy' date, type classes, addresses of files and variants.
// The type classes are the form engine's, so the browser and the file widget agree.
import { type FileTypeClass, fileTypeClass } from '@tabayyun/forms';

/** The page size of the file browser (platform §9). */
export const FILES_PER_PAGE = 50;
export const LIST_THUMBNAIL = 65;
export const GRID_THUMBNAIL = 220;
export const FILE_SELECT =
  '_id,fieldname,originalname,filename,size,encoding,mimetype,destination,path,date,status,user,meta';

export interface FileRecord {
  _id: string;
  fieldname?: string | null;
  originalname: string;
  filename: string;
  size: number;
  encoding?: string | null;
  mimetype?: string | null;
  destination: string;
  path: string;
  date: string;
  status?: string | null;
  user?: string | null;
  meta?: Record<string, unknown> | null;
  [key: string]: unknown;
}

// A folder segment as the server accepts it (file-names.ts parseFolder).
const SEGMENT = /^[\p{L}\p{N}][\p{L}\p{N}\p{M}._-]*$/u;
const MAX_DEPTH = 8;

/** A folder from the address: '' for the root; undefined when the server would refuse it. */
export function parseFolder(raw: string | null | undefined): string | undefined {
  const trimmed = (raw ?? '').normalize('NFC').replace(/^\/+|\/+$/g, '');
  if (trimmed === '') return '';
  const segments = trimmed.split('/');
  if (segments.length > MAX_DEPTH) return undefined;
  return segments.every((s) => SEGMENT.test(s) && new TextEncoder().encode(s).length <= 100)
    ? segments.join('/')
    : undefined;
}

/** The prefix of every destination: the files base without its slash (`storage`). */
export const storagePrefix = (storageBase: string) => storageBase.replace(/^\/+|\/+$/g, '');

/** `storage` for the root, `storage/news-feed` for a folder. */
export const destinationOf = (prefix: string, folder: string) => (folder ? `${prefix}/${folder}` : prefix);

/** The folder of a record's destination, relative to the files base ('' for the root). */
export function folderOfDestination(prefix: string, destination: string): string {
  if (destination === prefix) return '';
  return destination.startsWith(`${prefix}/`) ? destination.slice(prefix.length + 1) : destination;
}

/** The immediate child folders of `folder` among destinations below it, sorted. */
export function childFolders(prefix: string, folder: string, destinations: Iterable<string>): string[] {
  const base = `${destinationOf(prefix, folder)}/`;
  const names = new Set<string>();
  for (const destination of destinations) {
    if (!destination.startsWith(base)) continue;
    const name = destination.slice(base.length).split('/')[0];
    if (name) names.add(name);
  }
  return [...names].sort((a, b) => a.localeCompare(b));
}

/** The breadcrumbs of a folder: [{ name, folder }] from the first segment down. */
export function folderTrail(folder: string): { name: string; folder: string }[] {
  if (!folder) return [];
  const segments = folder.split('/');
  return segments.map((name, index) => ({ name, folder: segments.slice(0, index + 1).join('/') }));
}

const SIZE_UNITS = {
  en: ['bytes', 'KB', 'MB', 'GB', 'TB', 'PB'],
  ar: ['بايت', 'ك.ب', 'م.ب', 'غ.ب', 'ت.ب', 'ب.ب'],
} as const;

/** Bytes to PB, base 1024, at most 2 decimals: `1.5 KB` (`1.5 ك.ب` in Arabic). */
export function formatFileSize(bytes: number | undefined | null, language: 'ar' | 'en' = 'en'): string {
  const units = SIZE_UNITS[language];
  if (!bytes || bytes <= 0) return `0 ${units[0]}`;
  const unit = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1);
  return `${Number.parseFloat((bytes / 1024 ** unit).toFixed(2))} ${units[unit]}`;
}

const DATE_LOCALES = { ar: 'ar-SY-u-nu-latn', en: 'en-GB' } as const;
const fileDateFormats = new Map<'ar' | 'en', Intl.DateTimeFormat>();

/** 'dd MMM yyyy' in the interface language (Latin digits, the newsroom's habit); '' when invalid. */
export function formatFileDate(value: unknown, language: 'ar' | 'en' = 'en'): string {
  if (value === undefined || value === null || value === '') return '';
  const date = new Date(value as string);
  if (Number.isNaN(date.getTime())) return '';
  // One formatter per language for every row (building one costs milliseconds).
  let formatter = fileDateFormats.get(language);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(DATE_LOCALES[language], {
      day: '2-digit',
      month: 'short',
      year: 'numeric',
    });
    fileDateFormats.set(language, formatter);
  }
  return formatter.format(date);
}

export { type FileTypeClass, fileTypeClass };

/** A file's extension in capitals for the type badge (`PDF`), or the class. */
export function fileBadge(record: Pick<FileRecord, 'filename' | 'mimetype'>): string {
  const dot = record.filename.lastIndexOf('.');
  const ext = dot > 0 ? record.filename.slice(dot + 1) : '';
  return (ext || fileTypeClass(record.mimetype, record.filename)).slice(0, 5).toUpperCase();
}

// Types the server makes width variants of (?w=320); SVG and the rest are served as they are.
const VARIANT_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);

/** The address a file is served at (`/storage/x/y.jpg`), optionally a 320 px variant. */
export function fileAddress(
  path: string,
  opts: { thumbnail?: boolean; mimetype?: string | null } = {},
): string {
  const url = `/${path
    .replace(/^\/+/, '')
    .split('/')
    .map((part) => encodeURIComponent(part))
    .join('/')}`;
  return opts.thumbnail && VARIANT_TYPES.has((opts.mimetype ?? '').toLowerCase()) ? `${url}?w=320` : url;
}

/** The absolute address for "Copy URL". */
export const absoluteFileUrl = (origin: string, path: string) => `${origin}${fileAddress(path)}`;
