// The URL scheme of stored files and their image variants, shared by the server (which answers
// them: modules/files) and the public site (which asks for them). Browser-safe: no Node imports.
//
//   /<path>?w=640                 WebP, 640 px wide (never wider than the original); widths 320 640 1024 1600
//   /<path>?w=640&format=avif     the same width as AVIF (issue 36 §4: about a third smaller again)
//   /<path>?social=1              the 1200×630 social image (JPEG, cover crop), for og:image / twitter:image
//   …&v=<12 hex>                  the content version (meta.sha256): with it, answers are cached for a year
//                                 as immutable; without it (or stale), for a day
//
// `<path>` is the file record's `path` (`storage/news-feed/x.jpg`). Pass the whole record where you
// have it, so the URL carries its version: `variantSrcSet(factcheck.images[0])`.

export const VARIANT_WIDTHS = [320, 640, 1024, 1600] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];
export const VARIANT_FORMATS = ['webp', 'avif'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];
export const SOCIAL_IMAGE = { width: 1200, height: 630 } as const;

/** A record's `path`, or the record itself (`{ path, mimetype?, meta: { sha256 } }`). */
export type FileRef =
  | string
  | { path: string; mimetype?: string | null; meta?: Record<string, unknown> | null };

const RASTER = /\.(jpe?g|png|webp|gif|avif|tiff?)$/i;

/** The content version carried in URLs: the first 12 hex digits of the file's SHA-256. */
export function fileVersion(file: FileRef): string | undefined {
  if (typeof file === 'string') return undefined;
  const sha = file.meta?.sha256;
  return typeof sha === 'string' && /^[0-9a-f]{12,}$/.test(sha) ? sha.slice(0, 12) : undefined;
}

/** `/storage/news-feed/x.jpg`, each segment percent-encoded (Arabic names, srcset-safe). */
export function fileUrl(file: FileRef): string {
  const path = typeof file === 'string' ? file : file.path;
  return `/${path.replace(/^\/+/, '').split('/').map(encodeURIComponent).join('/')}`;
}

const withQuery = (file: FileRef, params: Record<string, string>) => {
  const version = fileVersion(file);
  const query = new URLSearchParams({ ...params, ...(version ? { v: version } : {}) });
  return `${fileUrl(file)}?${query.toString()}`;
};

/** The original with its version (cached for a year when the version is known). */
export function versionedFileUrl(file: FileRef): string {
  return fileVersion(file) ? withQuery(file, {}) : fileUrl(file);
}

/** True when the server makes variants of this file (raster images; SVG and others are served as is). */
export function hasVariants(file: FileRef): boolean {
  if (typeof file !== 'string' && file.mimetype) {
    return /^image\/(jpeg|png|webp|gif|avif|tiff)$/.test(file.mimetype);
  }
  return RASTER.test(typeof file === 'string' ? file : file.path);
}

const formatParam = (format: VariantFormat): Record<string, string> => (format === 'webp' ? {} : { format });

/** The variant closest to `width` from above (or the widest), e.g. for `src`. WebP unless asked. */
export function variantUrl(file: FileRef, width: number, format: VariantFormat = 'webp'): string {
  const w = VARIANT_WIDTHS.find((v) => v >= width) ?? VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!;
  return withQuery(file, { w: String(w), ...formatParam(format) });
}

/** `srcset` over every variant width: `…?w=320 320w, …?w=640 640w, …`. WebP unless asked. */
export function variantSrcSet(file: FileRef, format: VariantFormat = 'webp'): string {
  return VARIANT_WIDTHS.map((w) => `${withQuery(file, { w: String(w), ...formatParam(format) })} ${w}w`).join(
    ', ',
  );
}

/** The 1200×630 social image, for og:image and twitter:image (prefix the site origin there). */
export function socialImageUrl(file: FileRef): string {
  return withQuery(file, { social: '1' });
}
