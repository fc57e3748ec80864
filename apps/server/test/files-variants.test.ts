// Image variants on real images (test/fixtures, made with sharp once): responsive WebP widths that
// never upscale, the 1200×630 social image, encoded once and cached on disk, concurrent first
// requests sharing one encode, originals untouched, variants removed with their original.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialImageUrl, variantSrcSet, variantUrl } from '../src/modules/files/variants.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));

type FileRecord = { _id: string; path: string; mimetype: string; meta: { sha256: string } };

let t: TestApp;
let app: FastifyInstance;
let dataDir: string;
const uploaded: Record<string, FileRecord> = {};

async function uploadFixture(folder: string, name: string): Promise<FileRecord> {
  const data = fixture(name);
  const res = await app.inject({
    method: 'POST',
    url: `/storage/${folder}`,
    headers: { 'x-test-actor': 'superAdmin' },
    payload: { files: [{ name, content: data.toString('base64'), encoding: 'base64' }] },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as FileRecord[])[0]!;
}

const get = (url: string) => app.inject({ method: 'GET', url, headers: { 'x-test-actor': 'anonymous' } });
const encodes = () => app.files.variants.encodeCount();

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tabayyun-variants-'));
  t = await buildTestApp({ env: { DATA_DIR: dataDir } });
  app = t.app;
  for (const name of ['photo-2000x1200.jpg', 'alpha-400x300.png', 'tiny-16x16.gif', 'script.svg']) {
    uploaded[name] = await uploadFixture('news-feed', name);
  }
});

afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('image variants', () => {
  it('makes a WebP of each responsive width from a 2000×1200 photo', async () => {
    for (const width of [320, 640, 1024, 1600]) {
      const res = await get(variantUrl(uploaded['photo-2000x1200.jpg']!, width));
      expect(res.statusCode, String(width)).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
      expect(meta.height).toBe(Math.round((width * 1200) / 2000));
    }
  });

  it('makes an AVIF of a width on request, smaller than the WebP (issue 36 §4)', async () => {
    const photo = uploaded['photo-2000x1200.jpg']!;
    const avif = await get(variantUrl(photo, 640, 'avif'));
    expect(avif.statusCode).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(avif.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(avif.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['heif', 640, 384]);
    const webp = await get(variantUrl(photo, 640));
    expect(avif.rawPayload.length).toBeLessThan(webp.rawPayload.length);
    // Its own ETag, so a cache never answers one format for the other.
    expect(avif.headers.etag).not.toBe(webp.headers.etag);
    expect(variantSrcSet(photo, 'avif')).toContain('?w=320&format=avif&v=');
    const bad = await get(`/${photo.path}?w=640&format=jxl`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });

  it('encodes once: a second request is served from the cache on disk', async () => {
    const url = variantUrl(uploaded['photo-2000x1200.jpg']!, 640);
    const before = encodes();
    const first = await get(url);
    const second = await get(url);
    expect(encodes()).toBe(before);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const cached = readdirSync(join(dataDir, 'files', '_v', 'news-feed', 'photo-2000x1200.jpg'));
    expect(cached.sort()).toEqual(
      ['320.webp', '640.webp', '640.avif', '1024.webp', '1600.webp']
        .map((n) => `${uploaded['photo-2000x1200.jpg']!.meta.sha256.slice(0, 12)}-${n}`)
        .sort(),
    );
  });

  it('shares one encode among concurrent first requests for the same variant', async () => {
    const url = variantUrl(uploaded['alpha-400x300.png']!, 320);
    const before = encodes();
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(url)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(encodes()).toBe(before + 1);
    expect(new Set(answers.map((a) => a.rawPayload.toString('base64'))).size).toBe(1);
  });

  it('never upscales, and keeps transparency', async () => {
    const res = await get(variantUrl(uploaded['alpha-400x300.png']!, 1600));
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([400, 300, true]);
    const gif = await sharp((await get(variantUrl(uploaded['tiny-16x16.gif']!, 320))).rawPayload).metadata();
    expect([gif.format, gif.width]).toEqual(['webp', 16]);
  });

  it('makes the 1200×630 social image by cover crop', async () => {
    for (const name of ['photo-2000x1200.jpg', 'tiny-16x16.gif']) {
      const res = await get(socialImageUrl(uploaded[name]!));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    }
    const before = encodes();
    await get(socialImageUrl(uploaded['photo-2000x1200.jpg']!));
    expect(encodes()).toBe(before);
  });

  it('leaves originals untouched', async () => {
    for (const name of ['photo-2000x1200.jpg', 'alpha-400x300.png']) {
      const original = fixture(name);
      const served = await get(`/${uploaded[name]!.path}`);
      expect(served.rawPayload.equals(original)).toBe(true);
      expect(
        createHash('sha256')
          .update(readFileSync(join(dataDir, 'files', 'news-feed', name)))
          .digest('hex'),
      ).toBe(uploaded[name]!.meta.sha256);
    }
  });

  it('refuses unknown widths and non-raster files', async () => {
    const photo = `/${uploaded['photo-2000x1200.jpg']!.path}`;
    const odd = await get(`${photo}?w=500`);
    expect(odd.statusCode).toBe(400);
    expect(odd.json().code).toBe('VALIDATION_FAILED');
    expect((await get(`/${uploaded['script.svg']!.path}?w=320`)).statusCode).toBe(400);
  });

  it('builds srcset and URLs the site can use as they are', async () => {
    const photo = uploaded['photo-2000x1200.jpg']!;
    const version = photo.meta.sha256.slice(0, 12);
    expect(variantUrl(photo, 600)).toBe(`/storage/news-feed/photo-2000x1200.jpg?w=640&v=${version}`);
    expect(variantUrl('storage/news-feed/تقرير.jpg', 5000)).toBe(
      `/storage/news-feed/${encodeURIComponent('تقرير')}.jpg?w=1600`,
    );
    expect(socialImageUrl(photo)).toBe(`/storage/news-feed/photo-2000x1200.jpg?social=1&v=${version}`);
    const srcset = variantSrcSet(photo);
    expect(srcset.split(', ').map((s) => s.split(' ')[1])).toEqual(['320w', '640w', '1024w', '1600w']);
    for (const candidate of srcset.split(', '))
      expect((await get(candidate.split(' ')[0]!)).statusCode).toBe(200);
  });

  it('removes the variants with their original', async () => {
    const gif = await uploadFixture('news-feed', 'tiny-16x16.gif');
    await get(variantUrl(gif, 320));
    const dir = join(dataDir, 'files', '_v', 'news-feed', gif.path.split('/').pop()!);
    expect(readdirSync(dir)).toHaveLength(1);
    const res = await app.inject({
      method: 'DELETE',
      url: `/${gif.path}`,
      headers: { 'x-test-actor': 'superAdmin' },
    });
    expect(res.statusCode).toBe(200);
    expect(readdirSync(dir)).toEqual([]);
    expect((await get(variantUrl(gif, 320))).statusCode).toBe(404);
  });
});
