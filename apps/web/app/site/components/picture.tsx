import type { ImageView } from '../data/types.ts';
import { IMAGE_FALLBACK_ATTRIBUTE } from '../enhance/markers.ts';
import { imageErrorHref, placeholderHref } from '../site-assets.ts';

/**
 * An item's image, or (demo content has none) a placeholder tinted with the category colour.
 * A failed load falls back to the default error image (spec §8): the site script (site/enhance)
 * swaps in the image named by IMAGE_FALLBACK_ATTRIBUTE.
 */
export function Picture({
  image,
  color,
  label,
  sizes,
  isEager = false,
}: {
  image: ImageView | null;
  color: string;
  label: string;
  sizes?: string;
  isEager?: boolean;
}) {
  if (!image) {
    return (
      <span className="picture-placeholder" style={{ '--accent': color } as React.CSSProperties}>
        <img src={placeholderHref} alt="" width="64" height="64" loading="lazy" />
        {label ? <span>{label}</span> : null}
      </span>
    );
  }
  const img = (
    <img
      className="picture"
      src={image.src}
      alt={image.alt}
      width="1200"
      height="630"
      loading={isEager ? 'eager' : 'lazy'}
      // The page's first image is its largest paint: fetched first (issue 36 §4).
      fetchPriority={isEager ? 'high' : undefined}
      decoding="async"
      {...{ [IMAGE_FALLBACK_ATTRIBUTE]: imageErrorHref }}
    />
  );
  if (!image.srcSet) return img;
  // AVIF where the browser reads it, else WebP, each in the width the layout needs; the original
  // only for browsers with neither (issue 36 §4).
  return (
    <picture>
      {image.avifSrcSet ? <source type="image/avif" srcSet={image.avifSrcSet} sizes={sizes} /> : null}
      <source type="image/webp" srcSet={image.srcSet} sizes={sizes} />
      {img}
    </picture>
  );
}
