// The site's typeface (IBM Plex Sans Arabic, regular and bold, Arabic and Latin subsets) as TrueType
// files that sharp's text renderer can load: converted once from the font package's WOFF files into
// a cache folder, and registered with sharp's fontconfig by a first tiny render of each.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { loadSharp } from '../files/load-sharp.ts';
import { woffToSfnt } from './woff.ts';

export const SHARE_FONT_FAMILY = 'IBM Plex Sans Arabic';

const FILES = ['arabic-400', 'arabic-700', 'latin-400', 'latin-700'] as const;

export interface ShareFonts {
  /** A font file for sharp's `fontfile`; every file of the family is registered, so any will do. */
  regular: string;
  bold: string;
}

let prepared: Promise<ShareFonts> | undefined;

/** Converts and registers the fonts once per process. */
export function shareFonts(): Promise<ShareFonts> {
  prepared ??= prepare();
  return prepared;
}

async function prepare(): Promise<ShareFonts> {
  const require = createRequire(import.meta.url);
  const packageDir = dirname(require.resolve('@fontsource/ibm-plex-sans-arabic/package.json'));
  const paths = new Map<string, string>();
  for (const name of FILES) {
    const woff = readFileSync(join(packageDir, 'files', `ibm-plex-sans-arabic-${name}-normal.woff`));
    const digest = createHash('sha256').update(woff).digest('hex').slice(0, 16);
    const dir = join(tmpdir(), 'tabayyun-share-fonts');
    const path = join(dir, `ibm-plex-sans-arabic-${name}-${digest}.ttf`);
    if (!existsSync(path)) {
      mkdirSync(dir, { recursive: true });
      // Written under a unique name first: two processes may convert at once.
      const partial = `${path}.${process.pid}.tmp`;
      writeFileSync(partial, woffToSfnt(woff));
      renameSync(partial, path);
    }
    paths.set(name, path);
    // sharp hands `fontfile` to fontconfig once per file; later renders find the family by name.
    const sharp = await loadSharp();
    await sharp({ text: { text: 'ا a', font: `${SHARE_FONT_FAMILY} 12`, fontfile: path } })
      .png()
      .toBuffer();
  }
  return { regular: paths.get('arabic-400')!, bold: paths.get('arabic-700')! };
}
