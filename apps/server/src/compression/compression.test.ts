import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { brotliText, gzipText, outputChunkBytes } from './compression.ts';

describe('text compression', () => {
  it('sizes the output chunk to half the body, between 16 KB and 1 MB', () => {
    expect([0, 1000, 32_768, 74_000, 1_000_000, 50_000_000].map(outputChunkBytes)).toEqual([
      16_384, 16_384, 16_384, 37_000, 500_000, 1_048_576,
    ]);
  });

  it('loses nothing when the compressed form outgrows its chunk', async () => {
    // Random bytes do not compress: 3 MB of them come out in several 1 MB chunks.
    const noise = Buffer.concat([Buffer.from('<p>تبيَّن</p>'.repeat(1000)), randomBytes(3_000_000)]);
    // A page: compresses into one chunk.
    const page = Buffer.from('<article><h1>تبيَّن</h1><p>fact-check</p></article>'.repeat(2000));
    for (const body of [noise, page, Buffer.alloc(0)]) {
      expect(brotliDecompressSync(await brotliText(body, 3)).equals(body)).toBe(true);
      expect(gunzipSync(await gzipText(body, 3)).equals(body)).toBe(true);
    }
    expect((await brotliText(page, 3)).length).toBeLessThan(page.length / 20);
  });

  it('holds no more memory than the compressed bytes (issue 34: cached forms kept their whole output chunk)', async () => {
    // Node hands back a single-chunk result as a view of its output chunk (half the body): a
    // 74 KB page's 15 KB brotli form kept 37 KB alive, uncounted by the page cache's bound.
    const page = Buffer.from(
      Array.from({ length: 900 }, (_, i) => `<p id="p${i}">تبيَّن ${i * 7919} fact-check</p>`).join(''),
    );
    for (const compressed of [
      await brotliText(page, 5),
      await gzipText(page, 6),
      await brotliText(page, 11),
    ]) {
      expect(compressed.length).toBeLessThan(page.length / 3);
      expect(compressed.buffer.byteLength).toBe(compressed.length);
    }
  });
});
