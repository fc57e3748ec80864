// Image addresses. File records keep `path` without the leading slash (`storage/news-feed/x.jpg`);
// the server makes resized WebP and AVIF variants of stored raster images and a 1200×630 social
// image (the URL scheme is @tabayyun/schemas/file-urls, which the server answers).
import {
  type FileRef,
  hasVariants,
  socialImageUrl,
  variantSrcSet,
  variantUrl,
  versionedFileUrl,
} from '@tabayyun/schemas/file-urls';

export interface ImageRecord {
  path: string;
  originalname?: string;
  mimetype?: string | null;
  meta?: Record<string, unknown> | null;
}

export function imageUrl(path: string): string {
  if (/^https?:\/\//.test(path) || path.startsWith('/')) return path;
  return `/${path}`;
}

/** A stored file the server makes variants of (not an outside address, not an SVG). */
const isStoredRaster = (image: ImageRecord) =>
  !/^https?:\/\//.test(image.path) && hasVariants(image as FileRef);

/**
 * What an <img>/<picture> needs: the original (for browsers without WebP), and `srcset`s of the
 * WebP and AVIF widths, or the address alone for files without variants.
 */
export function responsiveImage(image: ImageRecord): {
  src: string;
  srcSet?: string;
  avifSrcSet?: string;
  small?: string;
} {
  if (!isStoredRaster(image)) return { src: imageUrl(image.path) };
  return {
    src: versionedFileUrl(image as FileRef),
    srcSet: variantSrcSet(image as FileRef),
    avifSrcSet: variantSrcSet(image as FileRef, 'avif'),
    // Avatars and list headers are drawn at most ~112 px wide: the smallest WebP, not the original.
    small: variantUrl(image as FileRef, 320),
  };
}

/** The image for og:image and twitter:image: the 1200×630 social variant when there is one. */
export function socialImage(image: ImageRecord): string {
  return isStoredRaster(image) ? socialImageUrl(image as FileRef) : imageUrl(image.path);
}

/** The first image of a record's image list, if any. */
export function firstImage(value: unknown): ImageRecord | null {
  const list = Array.isArray(value) ? value : [];
  const first = list[0] as { path?: unknown } | undefined;
  return first && typeof first.path === 'string' && first.path ? (first as ImageRecord) : null;
}
