// The files routes on a server with STORAGE_DRIVER=s3, against a real S3-compatible server over
// HTTP (s3rver on a free port): upload, download (types, Range, ETag), variants, overwrite,
// refusals and delete. The bytes must be in the bucket, never in DATA_DIR/files.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { S3_TEST_KEYS, startS3Server, type TestS3Server } from './s3-test-server.ts';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

type FileRecord = { _id: string; path: string; filename: string; size: number; mimetype: string } & {
  meta: { sha256: string };
};

let s3: TestS3Server;
let raw: S3Client;
let bucket: string;
let t: TestApp;
let app: FastifyInstance;
let dataDir: string;

beforeAll(async () => {
  s3 = await startS3Server();
  bucket = await s3.createBucket('files');
  raw = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3_TEST_KEYS,
  });
  dataDir = mkdtempSync(join(tmpdir(), 'tabayyun-files-s3-'));
  t = await buildTestApp({ env: { DATA_DIR: dataDir, FILES_PROTECTED: 'private', ...s3.env(bucket) } });
  app = t.app;
});

afterAll(async () => {
  await t?.close();
  raw?.destroy();
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every object in the bucket, staging included. */
async function objects(): Promise<string[]> {
  const page = await raw.send(new ListObjectsV2Command({ Bucket: bucket }));
  return (page.Contents ?? []).map((o) => o.Key!).sort();
}
async function objectBytes(key: string): Promise<Buffer> {
  const answer = await raw.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return Buffer.from(await answer.Body!.transformToByteArray());
}

async function upload(folder: string, files: { name: string; data: Buffer }[], query = '') {
  const form = new FormData();
  form.append('status', 'draft');
  for (const f of files) form.append('file', new Blob([new Uint8Array(f.data)]), f.name);
  const res = new Response(form);
  const answer = await app.inject({
    method: 'POST',
    url: `/storage/${folder}${query}`,
    headers: { 'content-type': res.headers.get('content-type')!, 'x-test-actor': 'superAdmin' },
    payload: Buffer.from(await res.arrayBuffer()),
  });
  return { status: answer.statusCode, body: answer.json() };
}
const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { 'x-test-actor': 'anonymous', ...headers } });

describe('files on S3', () => {
  let photo: FileRecord;
  const photoBytes = fixture('photo-2000x1200.jpg');

  it('stores an upload in the bucket (not on disk) and answers its record', async () => {
    const res = await upload('news-feed', [{ name: 'صورة الحدث.jpg', data: photoBytes }]);
    expect(res.status).toBe(200);
    photo = (res.body as FileRecord[])[0]!;
    expect(photo.path).toBe('storage/news-feed/صورة-الحدث.jpg');
    expect(photo.size).toBe(photoBytes.length);
    expect(photo.mimetype).toBe('image/jpeg');
    expect(photo.meta.sha256).toBe(sha256(photoBytes));
    expect(await objects()).toEqual(['news-feed/صورة-الحدث.jpg']);
    expect((await objectBytes('news-feed/صورة-الحدث.jpg')).equals(photoBytes)).toBe(true);
    expect(existsSync(join(dataDir, 'files'))).toBe(false);
  });

  it('serves the bytes with type, length, ETag and nosniff, and answers 304 to its ETag', async () => {
    const res = await get(`/${encodeURI(photo.path)}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(photoBytes)).toBe(true);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(Number(res.headers['content-length'])).toBe(photoBytes.length);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['accept-ranges']).toBe('bytes');
    const etag = String(res.headers.etag);
    expect(etag).toBe(`"${photo.meta.sha256.slice(0, 32)}"`);
    expect((await get(`/${encodeURI(photo.path)}`, { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('answers Range requests from S3: a slice, the first byte, a suffix and 416 past the end', async () => {
    const url = `/${encodeURI(photo.path)}`;
    const slice = await get(url, { range: 'bytes=100-1099' });
    expect(slice.statusCode).toBe(206);
    expect(slice.headers['content-range']).toBe(`bytes 100-1099/${photoBytes.length}`);
    expect(slice.rawPayload.equals(photoBytes.subarray(100, 1100))).toBe(true);
    const first = await get(url, { range: 'bytes=0-0' });
    expect(first.statusCode).toBe(206);
    expect(first.rawPayload.equals(photoBytes.subarray(0, 1))).toBe(true);
    const suffix = await get(url, { range: 'bytes=-500' });
    expect(suffix.rawPayload.equals(photoBytes.subarray(photoBytes.length - 500))).toBe(true);
    const past = await get(url, { range: `bytes=${photoBytes.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${photoBytes.length}`);
  });

  it('encodes variants once into the bucket and serves them from there', async () => {
    const url = `/${encodeURI(photo.path)}?w=640`;
    const before = app.files.variants.encodeCount();
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    const meta = await sharp(first.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 640, 384]);
    const second = await get(url);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(app.files.variants.encodeCount()).toBe(before + 1);
    const social = await get(`/${encodeURI(photo.path)}?social=1`);
    expect(social.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(social.rawPayload).metadata()).width).toBe(1200);
    const variants = (await objects()).filter((k) => k.startsWith('_v/'));
    expect(variants).toHaveLength(2);
    const stored = variants.find((k) => k.endsWith('-640.webp'))!;
    expect((await objectBytes(stored)).equals(first.rawPayload)).toBe(true);
  });

  it('numbers a clashing name, replaces in place with ?overwrite=true, and keeps concurrent uploads apart', async () => {
    const a = await upload('docs', [{ name: 'note.txt', data: Buffer.from('first') }]);
    const b = await upload('docs', [{ name: 'note.txt', data: Buffer.from('second') }]);
    expect((a.body as FileRecord[])[0]!.filename).toBe('note.txt');
    expect((b.body as FileRecord[])[0]!.filename).toBe('note-1.txt');
    const over = await upload(
      'docs',
      [{ name: 'note.txt', data: Buffer.from('replaced') }],
      '?overwrite=true',
    );
    expect(over.status).toBe(200);
    expect((await get('/storage/docs/note.txt')).body).toBe('replaced');
    expect((await get('/storage/docs/note-1.txt')).body).toBe('second');

    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        upload('burst', [{ name: 'same.txt', data: Buffer.from(`body ${i}`) }]),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
    const served = await Promise.all(
      results.map(async (r) => (await get(`/${(r.body as FileRecord[])[0]!.path}`)).body),
    );
    expect(served.sort()).toEqual(Array.from({ length: 6 }, (_, i) => `body ${i}`));
    expect((await objects()).filter((k) => k.startsWith('burst/'))).toHaveLength(6);
  });

  it('refuses a disguised executable (415) and leaves nothing in the bucket, staging included', async () => {
    const before = await objects();
    const res = await upload('news-feed', [
      { name: 'ok.txt', data: Buffer.from('fine') },
      { name: 'holiday.jpg', data: fixture('elf-executable.jpg') },
    ]);
    expect(res.status).toBe(415);
    expect(await objects()).toEqual(before);
  });

  it('leaves nothing in the bucket when the client aborts mid-upload', async () => {
    const before = await objects();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photoBytes)]), 'aborted.jpg');
    const res = new Response(form);
    const payload = Buffer.from(await res.arrayBuffer());
    const { port } = new URL(address);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /storage/aborted HTTP/1.1\r\nHost: x\r\nX-Test-Actor: superAdmin\r\nContent-Type: ${res.headers.get('content-type')}\r\nContent-Length: ${payload.length}\r\n\r\n`,
        );
        socket.write(payload.subarray(0, 80_000), () => setTimeout(() => socket.destroy(), 100));
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    // The server notices the close asynchronously; the staged object (if any) is removed then.
    let after = await objects();
    for (let i = 0; i < 40 && after.length !== before.length; i++) {
      await new Promise((r) => setTimeout(r, 50));
      after = await objects();
    }
    expect(after).toEqual(before);
    const records = await app.inject({
      method: 'GET',
      url: '/api/storage?destination=storage/aborted',
      headers: { 'x-test-actor': 'superAdmin' },
    });
    expect(records.json().data).toEqual([]);
  });

  it('protects private folders on S3 too', async () => {
    const res = await upload('private', [{ name: 'source.txt', data: Buffer.from('secret source') }]);
    expect(res.status).toBe(200);
    expect((await get('/storage/private/source.txt')).statusCode).toBe(401);
    expect((await get('/storage/private/source.txt', { 'x-test-actor': 'superAdmin' })).body).toBe(
      'secret source',
    );
  });

  it('deletes the file and its variants from the bucket, then answers 404', async () => {
    const res = await app.inject({
      method: 'DELETE',
      url: `/${encodeURI(photo.path)}`,
      headers: { 'x-test-actor': 'superAdmin' },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { _id: string })._id).toBe(photo._id);
    const left = await objects();
    expect(left.filter((k) => k.includes('صورة'))).toEqual([]);
    expect((await get(`/${encodeURI(photo.path)}`)).statusCode).toBe(404);
    expect((await get(`/${encodeURI(photo.path)}?w=640`)).statusCode).toBe(404);
  });
});

describe('a server with STORAGE_DRIVER=s3', () => {
  it('does not start when the bucket is missing, and says which', async () => {
    await expect(buildTestApp({ env: { DATA_DIR: dataDir, ...s3.env('missing-bucket') } })).rejects.toThrow(
      /bucket 'missing-bucket' does not exist/,
    );
  });
});
