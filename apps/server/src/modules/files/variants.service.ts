// Image variants (URL scheme in variants.ts): encoded with sharp once per content version, stored
// through the driver next to nothing the user sees (`_v/<folder>/<name>/<sha12>-<kind>.<ext>`), and
// shared by concurrent first requests (one encode in flight per variant). Originals are never touched.
import { pipeline } from 'node:stream/promises';
import { loadSharp } from './load-sharp.ts';
import type { StorageDriver } from './storage-driver.ts';
import { SOCIAL_IMAGE, VARIANT_WIDTHS, type VariantFormat, type VariantWidth } from './variants.ts';

/** A responsive width (WebP unless `format` says AVIF), or the social image. */
export type VariantKind = { width: VariantWidth; format?: VariantFormat } | { social: true };

export interface VariantObject {
  key: string;
  contentType: string;
}

export const VARIANTS_PREFIX = '_v';

/** Every variant of one original lives under this prefix (deleted with it). */
export const variantsPrefixOf = (originalKey: string) => `${VARIANTS_PREFIX}/${originalKey}/`;

export const isVariantWidth = (w: number): w is VariantWidth =>
  (VARIANT_WIDTHS as readonly number[]).includes(w);

export function createVariantService(driver: StorageDriver) {
  const inFlight = new Map<string, Promise<void>>();
  let encodes = 0;

  async function encode(originalKey: string, key: string, kind: VariantKind): Promise<void> {
    const source = await driver.get(originalKey);
    if (!source) throw new Error(`The original '${originalKey}' is missing`);
    encodes++;
    const sharp = await loadSharp();
    // rotate(): honour EXIF orientation; metadata is stripped by default; GIFs give their first frame.
    const image = sharp({ failOn: 'error', limitInputPixels: 100_000_000 }).rotate();
    const transform =
      'social' in kind
        ? image
            .resize(SOCIAL_IMAGE.width, SOCIAL_IMAGE.height, { fit: 'cover', position: 'attention' })
            .flatten({ background: '#ffffff' })
            .jpeg({ quality: 82, mozjpeg: true })
        : kind.format === 'avif'
          ? // effort 2 of 9: a fraction of the default's CPU, a few per cent larger (issue 36 §4).
            image.resize({ width: kind.width, withoutEnlargement: true }).avif({ quality: 55, effort: 2 })
          : image.resize({ width: kind.width, withoutEnlargement: true }).webp({ quality: 80 });
    const written = driver.put(key, transform);
    await Promise.all([pipeline(source, transform), written]);
  }

  return {
    /** The stored variant, encoding it first if it does not exist yet. */
    async ensure(originalKey: string, sha256: string, kind: VariantKind): Promise<VariantObject> {
      const format = 'social' in kind ? 'jpeg' : (kind.format ?? 'webp');
      const name = 'social' in kind ? 'social.jpg' : `${kind.width}.${format}`;
      const key = `${variantsPrefixOf(originalKey)}${sha256.slice(0, 12)}-${name}`;
      const contentType = `image/${format}`;
      // The existence check runs inside the single flight: a request either joins the encode in
      // progress or starts after it finished (and then finds the file), never a second encode.
      let pending = inFlight.get(key);
      if (!pending) {
        pending = (async () => {
          if (!(await driver.exists(key))) await encode(originalKey, key, kind);
        })().finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      await pending;
      return { key, contentType };
    },
    /** Removes every variant of an original (on delete and overwrite). */
    async removeAll(originalKey: string): Promise<void> {
      for await (const key of driver.list(variantsPrefixOf(originalKey))) await driver.delete(key);
    },
    /** How many encodes ran since start (tests assert caching with it). */
    encodeCount: () => encodes,
  };
}

export type VariantService = ReturnType<typeof createVariantService>;
