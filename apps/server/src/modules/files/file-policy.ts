// What a folder accepts, decided on the bytes: the type is sniffed from the first bytes of the
// content (file-type), never taken from the client's Content-Type or the name alone.
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { AppError } from '../../errors.ts';

/** Bytes kept from the start of an upload to sniff its type (file-type needs ~4 KB; images' headers). */
export const SNIFF_BYTES = 64 * 1024;

export interface FolderRule {
  /** Bytes. */
  maxSize: number;
  /** `image/*`, `application/pdf`, `.pdf`; empty: everything except executables. */
  accept: readonly string[];
}

export interface FilePolicy {
  ruleFor(folder: string): FolderRule;
  isProtected(folder: string): boolean;
  /** The largest limit of any folder (the JSON content-upload body limit derives from it). */
  largestMaxSize: number;
}

const folderRulesSchema = z.record(
  z.string(),
  z
    .object({
      maxSize: z.number().int().min(1).optional(),
      accept: z.array(z.string().min(1)).optional(),
    })
    .strict(),
);

/** Built-in rules; FILES_FOLDER_RULES adds to and overrides them. */
const BUILT_IN_RULES: z.infer<typeof folderRulesSchema> = {
  // The feed item's featured image: images only (backoffice-and-site.md §3).
  'news-feed': { accept: ['image/*'] },
  // Readers' screenshots with "Is this true?" (issue 36 §1): images only, staff-only (below).
  'reader-tips': { accept: ['image/*'], maxSize: 5 * 1024 * 1024 },
};

/** Built-in protected folders (staff only); PROTECTED_FOLDERS adds to them. */
const BUILT_IN_PROTECTED = ['reader-tips'];

/** The rule of the deepest configured folder containing `folder` (`a/b/c` → `a/b` → `a` → default). */
function deepest<T>(map: Map<string, T>, folder: string): T | undefined {
  let current = folder;
  for (;;) {
    const hit = map.get(current);
    if (hit !== undefined) return hit;
    if (current === '') return undefined;
    const slash = current.lastIndexOf('/');
    current = slash < 0 ? '' : current.slice(0, slash);
  }
}

export function createFilePolicy(opts: {
  maxSize: number;
  folderRules: string;
  protectedFolders: string;
}): FilePolicy {
  let parsed: z.infer<typeof folderRulesSchema> = {};
  if (opts.folderRules.trim()) {
    const result = folderRulesSchema.safeParse(JSON.parse(opts.folderRules));
    if (!result.success) throw new Error(`FILES_FOLDER_RULES: ${result.error.message}`);
    parsed = result.data;
  }
  const rules = new Map<string, FolderRule>();
  for (const [folder, rule] of Object.entries({ ...BUILT_IN_RULES, ...parsed })) {
    rules.set(folder.replace(/^\/+|\/+$/g, ''), {
      maxSize: rule.maxSize ?? opts.maxSize,
      accept: rule.accept ?? [],
    });
  }
  const protectedSet = new Map(
    [...BUILT_IN_PROTECTED, ...opts.protectedFolders.split(',')]
      .map((f) => f.trim().replace(/^\/+|\/+$/g, ''))
      .filter(Boolean)
      .map((f) => [f, true] as const),
  );
  const fallback: FolderRule = { maxSize: opts.maxSize, accept: [] };
  return {
    ruleFor: (folder) => deepest(rules, folder) ?? fallback,
    isProtected: (folder) => deepest(protectedSet, folder) === true,
    largestMaxSize: Math.max(opts.maxSize, ...[...rules.values()].map((r) => r.maxSize)),
  };
}

export interface DetectedType {
  mime: string;
  /** The sniffed extension, or for text the name's own; '' when unknown. */
  ext: string;
}

// Executables are refused everywhere, whatever the accept list says.
const EXECUTABLE_MIMES = new Set([
  'application/x-elf',
  'application/x-msdownload',
  'application/x-mach-binary',
  'application/x-executable',
  'application/x-sharedlib',
  'application/vnd.microsoft.portable-executable',
  'application/x-dosexec',
]);
const EXECUTABLE_EXTS = new Set(['exe', 'dll', 'msi', 'com', 'scr', 'bat', 'cmd', 'ps1', 'sh', 'elf', 'so']);

// What a name's extension promises; the content must keep that promise.
const CLAIMED_FAMILY: Record<string, string> = {};
for (const ext of ['jpg', 'jpeg', 'jpe', 'png', 'gif', 'webp', 'avif', 'bmp', 'tif', 'tiff', 'heic', 'ico']) {
  CLAIMED_FAMILY[ext] = 'image';
}
for (const ext of [
  'mp4',
  'm4v',
  'mov',
  'webm',
  'mkv',
  'avi',
  'mp3',
  'm4a',
  'ogg',
  'oga',
  'wav',
  'flac',
  'aac',
]) {
  CLAIMED_FAMILY[ext] = 'media';
}
CLAIMED_FAMILY.pdf = 'pdf';
for (const ext of ['zip', 'docx', 'xlsx', 'pptx']) CLAIMED_FAMILY[ext] = 'zip';

function familyOf(mime: string): string {
  if (mime.startsWith('image/') && mime !== 'image/svg+xml') return 'image';
  if (mime.startsWith('video/') || mime.startsWith('audio/')) return 'media';
  if (mime === 'application/pdf') return 'pdf';
  if (mime === 'application/zip' || mime.includes('openxmlformats')) return 'zip';
  return mime;
}

const TEXT_TYPES: Record<string, string> = {
  txt: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
  json: 'application/json',
  svg: 'image/svg+xml',
  html: 'text/html',
  htm: 'text/html',
  xml: 'application/xml',
  vtt: 'text/vtt',
  srt: 'application/x-subrip',
};

/** Sniffs the content's type from its first bytes; `nameExt` only names text formats. */
export async function detectType(head: Uint8Array, nameExt: string): Promise<DetectedType> {
  const sniffed = await fileTypeFromBuffer(head);
  if (sniffed) return { mime: sniffed.mime, ext: sniffed.ext };
  const isBinary = head.includes(0);
  if (!isBinary) {
    const text = Buffer.from(head.subarray(0, 4096)).toString('utf8');
    if (
      /<svg[\s>]/i.test(text) &&
      (nameExt === 'svg' || /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg/i.test(text))
    ) {
      return { mime: 'image/svg+xml', ext: 'svg' };
    }
    const known = TEXT_TYPES[nameExt];
    if (known && known !== 'image/svg+xml') return { mime: known, ext: nameExt };
    return { mime: 'text/plain', ext: nameExt === '' ? 'txt' : nameExt };
  }
  return { mime: 'application/octet-stream', ext: '' };
}

/** True when `accept` (`image/*`, `application/pdf`, `.pdf`, `pdf`) lets the detected type in. */
export function isAccepted(accept: readonly string[], type: DetectedType): boolean {
  if (accept.length === 0) return true;
  return accept.some((entry) => {
    const a = entry.trim().toLowerCase();
    if (a === '*' || a === '*/*') return true;
    if (a.includes('/')) {
      return a.endsWith('/*') ? type.mime.startsWith(a.slice(0, -1)) : type.mime === a;
    }
    const ext = a.replace(/^\./, '');
    return ext === type.ext || (ext === 'jpeg' && type.ext === 'jpg');
  });
}

/** Refuses executables, content that contradicts its extension, and types the folder does not take. */
export function checkType(type: DetectedType, nameExt: string, rule: FolderRule, name: string): void {
  if (EXECUTABLE_MIMES.has(type.mime) || EXECUTABLE_EXTS.has(type.ext) || EXECUTABLE_EXTS.has(nameExt)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `'${name}' is an executable; executables are not accepted`, {
      file: name,
      detected: type.mime,
    });
  }
  const claimed = CLAIMED_FAMILY[nameExt];
  if (claimed && familyOf(type.mime) !== claimed) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `The content of '${name}' is ${type.mime}, not what its extension .${nameExt} says`,
      { file: name, detected: type.mime },
    );
  }
  if (!isAccepted(rule.accept, type)) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `'${name}' is ${type.mime}${type.ext ? ` (.${type.ext})` : ''}; this folder accepts ${rule.accept.join(', ')}`,
      { file: name, detected: type.mime, accept: rule.accept },
    );
  }
}

/** Types a browser would run as a page: served as attachments in a sandbox, never inline. */
export const isActiveContent = (mime: string) =>
  mime === 'image/svg+xml' ||
  mime === 'text/html' ||
  mime === 'application/xhtml+xml' ||
  mime === 'application/xml' ||
  mime === 'text/xml' ||
  mime.includes('javascript');

/** Raster images sharp can make variants of (SVG is never rasterised on the server). */
export const isRasterImage = (mime: string) =>
  ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/tiff'].includes(mime);
