// Issue 36 §2, verdict share images: a published fact-check's 1200×630 and 1080×1080 PNGs, in the
// item's language, with the verdict in its colour; an unpublished or unknown item has none; an
// edit of the verdict draws a new image. On PGlite and on PostgreSQL (DATABASE_URL).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderShareImage } from '../src/modules/share/share-image.ts';
import { woffToSfnt } from '../src/modules/share/woff.ts';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';
import { buildFactcheck, create } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

/** How many pixels are within a small distance of the colour. */
async function pixelsOf(png: Buffer, hex: string): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [
    number,
    number,
    number,
  ];
  let count = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (Math.abs(data[i]! - r) + Math.abs(data[i + 1]! - g) + Math.abs(data[i + 2]! - b) < 24) count++;
  }
  return count;
}

const base = { siteName: 'تبيَّن', host: 'tabayyun.example' };

describe('the share image renderer', () => {
  it('draws an Arabic and an English image at their sizes, with the verdict colour', async () => {
    const ar = await renderShareImage({
      ...base,
      format: 'wide',
      language: 'ar',
      verdict: { name: 'زائف', color: '#e0203f' },
      claim: 'صورة تُظهر حشوداً في ساحة الأمويين بدمشق',
    });
    const en = await renderShareImage({
      ...base,
      siteName: 'Tabayyun',
      format: 'square',
      language: 'en',
      verdict: { name: 'True', color: '#2bb673' },
      claim: 'The ministry announced a polio vaccination campaign in Idlib',
    });
    expect(await sharp(ar).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    expect(await sharp(en).metadata()).toMatchObject({ format: 'png', width: 1080, height: 1080 });
    // The stripe and the verdict's pill: thousands of pixels of the verdict's colour, none of the other's.
    expect(await pixelsOf(ar, '#e0203f')).toBeGreaterThan(10_000);
    expect(await pixelsOf(ar, '#2bb673')).toBe(0);
    expect(await pixelsOf(en, '#2bb673')).toBeGreaterThan(10_000);
  });

  it('differs by verdict and draws text (not an empty pill) in the site typeface', async () => {
    const input = { ...base, format: 'wide' as const, language: 'ar' as const, claim: 'ادعاء عن حلب' };
    const a = await renderShareImage({ ...input, verdict: { name: 'زائف', color: '#e0203f' } });
    const b = await renderShareImage({ ...input, verdict: { name: 'صحيح', color: '#2bb673' } });
    expect(a.equals(b)).toBe(false);
    // Text is drawn in the ink colour (#16161d): the claim and the brand.
    expect(await pixelsOf(a, '#16161d')).toBeGreaterThan(500);
  });

  it('escapes the item text instead of reading it as markup', async () => {
    const png = await renderShareImage({
      ...base,
      format: 'wide',
      language: 'en',
      verdict: { name: 'False <b>', color: '#e0203f' },
      claim: 'A & B <span foreground="red">said</span> so',
    });
    expect((await sharp(png).metadata()).width).toBe(1200);
  });

  it('turns a WOFF font into a TrueType font and refuses anything else', () => {
    expect(() => woffToSfnt(Buffer.from('wOF2 is not WOFF 1.0 at all, it is brotli inside'))).toThrow(/WOFF/);
  });
});

describe('GET /share/factcheck/<slug>.png', () => {
  it('serves the wide and square images of a published fact-check, with an ETag', async () => {
    await create(t.app, 'factcheck', buildFactcheck({ status: 'published', slug: 'share-flood' }));
    const wide = await t.app.inject({ method: 'GET', url: '/share/factcheck/share-flood.png' });
    expect(wide.statusCode).toBe(200);
    expect(wide.headers['content-type']).toBe('image/png');
    expect(await sharp(wide.rawPayload).metadata()).toMatchObject({ width: 1200, height: 630 });
    // The factories' verdict is "fabricated" under "fraud", whose colour is #ff3657.
    expect(await pixelsOf(wide.rawPayload, '#ff3657')).toBeGreaterThan(10_000);
    const square = await t.app.inject({ method: 'GET', url: '/share/factcheck/share-flood-square.png' });
    expect(await sharp(square.rawPayload).metadata()).toMatchObject({ width: 1080, height: 1080 });
    const again = await t.app.inject({
      method: 'GET',
      url: '/share/factcheck/share-flood.png',
      headers: { 'if-none-match': String(wide.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 for a draft, an unknown slug and a wrong name', async () => {
    await create(t.app, 'factcheck', buildFactcheck({ slug: 'share-draft' }));
    for (const url of [
      '/share/factcheck/share-draft.png',
      '/share/factcheck/no-such-item.png',
      '/share/factcheck/share-flood.jpg',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('draws a new image when the verdict changes', async () => {
    const { _id } = await create(
      t.app,
      'factcheck',
      buildFactcheck({ status: 'published', slug: 'share-rerated' }),
    );
    const before = await t.app.inject({ method: 'GET', url: '/share/factcheck/share-rerated.png' });
    const res = await call(t.app, 'PATCH', `/api/factcheck/${_id}`, [
      { op: 'replace', path: '/category', value: 'confirmed' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/share/factcheck/share-rerated.png' });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(await pixelsOf(after.rawPayload, '#2bb673')).toBeGreaterThan(10_000);
    // The old verdict's colour (#ff3657, also the product mark's) is left in the 60×60 mark only.
    expect(await pixelsOf(before.rawPayload, '#ff3657')).toBeGreaterThan(10_000);
    expect(await pixelsOf(after.rawPayload, '#ff3657')).toBeLessThan(3_600);
  });
});
