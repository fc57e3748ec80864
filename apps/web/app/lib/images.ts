// Image addresses. File records keep `path` without the leading slash (`storage/news-feed/x.jpg`).
// Responsive variants come from the files module later; until then `srcset` lists the original
// only, and switching means changing `variantUrl` here.
export const IMAGE_WIDTHS = [320, 640, 960, 1280] as const;

export interface ImageRecord {
  path: string;
  originalname?: string;
}

export function imageUrl(path: string): string {
  if (/^https?:\/\//.test(path) || path.startsWith('/')) return path;
  return `/${path}`;
}

/** The address of a resized variant; the original until the files module serves variants. */
export function variantUrl(path: string, _width: number): string {
  return imageUrl(path);
}

/** `srcset` for an image, or undefined while no variants exist (one candidate adds nothing). */
export function imageSrcSet(path: string, widths: readonly number[] = IMAGE_WIDTHS): string | undefined {
  const candidates = [...new Set(widths.map((w) => `${variantUrl(path, w)} ${w}w`))];
  const distinctUrls = new Set(widths.map((w) => variantUrl(path, w)));
  return distinctUrls.size > 1 ? candidates.join(', ') : undefined;
}

/** The first image of a record's image list, if any. */
export function firstImage(value: unknown): ImageRecord | null {
  const list = Array.isArray(value) ? value : [];
  const first = list[0] as { path?: unknown } | undefined;
  return first && typeof first.path === 'string' && first.path ? (first as ImageRecord) : null;
}
