// File checks, sizes, dates and type classes (platform §5 "File select", §9 "Files").
import dayjs from 'dayjs';
import 'dayjs/locale/ar';
import 'dayjs/locale/tr';
import type { FieldInputs } from '../../types.ts';

export const DEFAULT_MAX_FILE_SIZE = 10_485_760;
export const DEFAULT_MAX_FILES = 1;
export const LIST_THUMBNAIL_SIZE = 65;
export const GRID_THUMBNAIL_SIZE = 220;
export const FILE_DATE_FORMAT = 'DD MMM YYYY';
export const NO_FILE_UPLOADED = 'No file uploaded';

export type FileView = 'list' | 'grid';
export type FileTypeClass =
  | 'image'
  | 'video'
  | 'audio'
  | 'font'
  | 'txt'
  | 'pdf'
  | 'zip'
  | 'php'
  | 'ppt'
  | 'xls'
  | 'file';

export interface FileSettings {
  accept: string[];
  minSize: number;
  maxSize: number;
  minFiles: number;
  maxFiles: number;
  view: FileView;
  destination: string;
  confirmText: string;
}

const numberOr = (candidate: unknown, fallback: number) =>
  typeof candidate === 'number' && Number.isFinite(candidate) ? candidate : fallback;

/** Reads `inputs.accept` (list or comma text), minSize, maxSize, minFiles, maxFiles, view, destination. */
export function readFileSettings(inputs: FieldInputs | undefined): FileSettings {
  const source = inputs ?? {};
  const accept = Array.isArray(source.accept)
    ? source.accept.map(String)
    : typeof source.accept === 'string'
      ? source.accept.split(',')
      : [];
  return {
    accept: accept
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '' && entry !== '*' && entry !== '*/*'),
    minSize: Math.max(0, numberOr(source.minSize, 0)),
    maxSize: numberOr(source.maxSize, DEFAULT_MAX_FILE_SIZE),
    minFiles: Math.max(0, numberOr(source.minFiles, 0)),
    maxFiles: Math.max(1, numberOr(source.maxFiles, DEFAULT_MAX_FILES)),
    view: source.view === 'grid' ? 'grid' : 'list',
    destination: typeof source.destination === 'string' ? source.destination : '',
    confirmText: typeof source.confirmText === 'string' ? source.confirmText : 'Are you sure?',
  };
}

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/** True when the file's extension or mime type matches the accept list (`image/*`, `.pdf`, exact mime). */
export function isAccepted(file: { name: string; type: string }, accept: string[]): boolean {
  if (accept.length === 0) return true;
  const extension = fileExtension(file.name);
  const mime = file.type.toLowerCase();
  return accept.some((rule) => {
    const pattern = rule.toLowerCase();
    if (pattern.startsWith('.')) return extension === pattern;
    if (pattern.endsWith('/*')) return mime.startsWith(pattern.slice(0, -1));
    return mime === pattern;
  });
}

/** The file's error: an accept message naming the extension, 'max-size', 'min-size', or null. */
export function checkFile(
  file: { name: string; type: string; size: number },
  settings: FileSettings,
): string | null {
  if (!isAccepted(file, settings.accept)) {
    const extension = fileExtension(file.name) || file.type || file.name;
    return `${extension} is not allowed, accepted: ${settings.accept.join(', ')}`;
  }
  if (settings.maxSize > 0 && file.size > settings.maxSize) return 'max-size';
  if (file.size < settings.minSize) return 'min-size';
  return null;
}

const SIZE_UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB', 'PB'];

/** Bytes to PB, base 1024, at most 2 decimals: `1.5 KB`. */
export function formatFileSize(bytes: number | undefined): string {
  if (!bytes || bytes <= 0) return '0 bytes';
  const unit = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  return `${Number.parseFloat((bytes / 1024 ** unit).toFixed(2))} ${SIZE_UNITS[unit]}`;
}

/** 'dd MMM yyyy' in the reader's locale; an invalid date throws (platform §8). */
export function formatFileDate(date: string | number | Date, locale: string): string {
  const parsed = dayjs(date);
  if (!parsed.isValid()) throw new Error(`Invalid date: ${String(date)}`);
  return parsed.locale(locale).format(FILE_DATE_FORMAT);
}

const EXTENSION_CLASSES: Record<string, FileTypeClass> = {
  '.txt': 'txt',
  '.md': 'txt',
  '.csv': 'xls',
  '.pdf': 'pdf',
  '.zip': 'zip',
  '.rar': 'zip',
  '.7z': 'zip',
  '.gz': 'zip',
  '.tar': 'zip',
  '.php': 'php',
  '.ppt': 'ppt',
  '.pptx': 'ppt',
  '.key': 'ppt',
  '.xls': 'xls',
  '.xlsx': 'xls',
  '.ods': 'xls',
  '.ttf': 'font',
  '.otf': 'font',
  '.woff': 'font',
  '.woff2': 'font',
};

/** image, video, audio, font, txt, pdf, zip, php, ppt, xls, else file. */
export function fileTypeClass(mimetype: string | null | undefined, name = ''): FileTypeClass {
  const mime = (mimetype ?? '').toLowerCase();
  for (const kind of ['image', 'video', 'audio', 'font'] as const)
    if (mime.startsWith(`${kind}/`)) return kind;
  if (mime === 'text/plain') return 'txt';
  if (mime === 'application/pdf') return 'pdf';
  if (/zip|compressed|x-tar|gzip|x-7z|x-rar/.test(mime)) return 'zip';
  if (/php/.test(mime)) return 'php';
  if (/powerpoint|presentation/.test(mime)) return 'ppt';
  if (/excel|spreadsheet/.test(mime)) return 'xls';
  return EXTENSION_CLASSES[fileExtension(name)] ?? 'file';
}
