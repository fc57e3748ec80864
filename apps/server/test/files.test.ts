// Files through HTTP: uploads (multipart and JSON content), validation that leaves nothing behind,
// serving (types, cache headers, Range, protected folders and access_token), overwrite, delete,
// listings. Each file gets its own DATA_DIR, so what is on disk is exactly what these tests did.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTORS, type ActorName, buildTestApp, signIn, type TestApp } from './build-test-app.ts';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

let t: TestApp;
let app: FastifyInstance;
let dataDir: string;
let filesDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tabayyun-files-'));
  filesDir = join(dataDir, 'files');
  t = await buildTestApp({
    env: {
      DATA_DIR: dataDir,
      FILES_FOLDER_RULES: JSON.stringify({
        small: { maxSize: 1000 },
        docs: { accept: ['application/pdf', '.txt'] },
      }),
      FILES_PROTECTED: 'private',
    },
  });
  app = t.app;
});

afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface FilePart {
  field?: string;
  name: string;
  data: Buffer;
  type?: string;
}

async function multipartBody(fields: Record<string, string>, files: FilePart[]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) {
    form.append(
      f.field ?? 'file',
      new Blob([new Uint8Array(f.data)], { type: f.type ?? 'image/jpeg' }),
      f.name,
    );
  }
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    contentType: res.headers.get('content-type')!,
  };
}

async function upload(
  url: string,
  files: FilePart[],
  opts: { fields?: Record<string, string>; actor?: ActorName; token?: string } = {},
) {
  const body = await multipartBody(opts.fields ?? {}, files);
  const res = await app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': body.contentType,
      ...(opts.token
        ? { authorization: `Bearer ${opts.token}` }
        : { 'x-test-actor': opts.actor ?? 'superAdmin' }),
    },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

type FileRecord = { _id: string; path: string; filename: string; size: number; mimetype: string } & Record<
  string,
  unknown
>;

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { 'x-test-actor': 'superAdmin', ...headers } });

/** Every file under DATA_DIR/files (staging included), relative. */
function filesOnDisk(): string[] {
  try {
    return (readdirSync(filesDir, { recursive: true }) as string[]).filter((p) =>
      statSync(join(filesDir, p)).isFile(),
    );
  } catch {
    return [];
  }
}

async function recordsIn(destination: string): Promise<FileRecord[]> {
  const res = await get(`/api/storage?destination=${encodeURIComponent(destination)}&per_page=500`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe('uploading', () => {
  it('stores a multipart upload with its extra fields and answers [fileRecord]', async () => {
    const photo = fixture('photo-2000x1200.jpg');
    const res = await upload('/storage/news-feed', [{ name: 'photo.jpg', data: photo }], {
      fields: { status: 'draft', caption: 'Aleppo' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    const [record] = res.body as FileRecord[];
    expect(record).toMatchObject({
      fieldname: 'file',
      originalname: 'photo.jpg',
      filename: 'photo.jpg',
      size: photo.length,
      mimetype: 'image/jpeg',
      destination: 'storage/news-feed',
      path: 'storage/news-feed/photo.jpg',
      status: 'draft',
      user: ACTORS.superAdmin.sub,
      meta: { caption: 'Aleppo', sha256: sha256(photo), width: 2000, height: 1200 },
    });
    expect(record!._id).toMatch(/^[0-9a-f]{24}$/);
    expect(typeof record!.date).toBe('string');
    expect(readFileSync(join(filesDir, 'news-feed', 'photo.jpg')).equals(photo)).toBe(true);

    const served = await get('/storage/news-feed/photo.jpg');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(photo)).toBe(true);
  });

  it('keeps Arabic names readable and serves them at their percent-encoded path', async () => {
    const res = await upload('/storage/reports', [
      { name: 'تقرير الحادثة (1).png', data: fixture('alpha-400x300.png') },
    ]);
    expect(res.status).toBe(200);
    const [record] = res.body as FileRecord[];
    expect(record!.originalname).toBe('تقرير الحادثة (1).png');
    expect(record!.filename).toBe('تقرير-الحادثة-(1).png');
    expect(record!.mimetype).toBe('image/png');
    const url = `/${record!.path.split('/').map(encodeURIComponent).join('/')}`;
    expect((await get(url)).statusCode).toBe(200);
  });

  it('uploads JSON content (text, base64, data: URL) with extra fields', async () => {
    const gif = fixture('tiny-16x16.gif');
    const res = await app.inject({
      method: 'POST',
      url: '/storage/content',
      headers: { 'x-test-actor': 'superAdmin' },
      payload: {
        status: 'ready',
        source: 'editor',
        files: [
          { name: 'notes.txt', content: 'ملاحظات التحقق' },
          { name: 'dot.gif', content: gif.toString('base64'), encoding: 'base64' },
          { name: 'pasted', content: `data:image/gif;base64,${gif.toString('base64')}` },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const records = res.json() as FileRecord[];
    expect(records.map((r) => [r.filename, r.mimetype, r.size])).toEqual([
      ['notes.txt', 'text/plain', Buffer.byteLength('ملاحظات التحقق')],
      ['dot.gif', 'image/gif', gif.length],
      // No extension: the sniffed one is added.
      ['pasted.gif', 'image/gif', gif.length],
    ]);
    expect(records[0]).toMatchObject({ fieldname: 'files', status: 'ready', meta: { source: 'editor' } });
    const text = await get('/storage/content/notes.txt');
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.body).toBe('ملاحظات التحقق');
  });

  it("answers the rich-text editor's upload with originalname and path, and refuses it without a token", async () => {
    const png = fixture('alpha-400x300.png');
    const anonymous = await upload('/storage/editor', [{ name: 'inline.png', data: png }], {
      actor: 'anonymous',
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('UNAUTHORIZED');
    expect(filesOnDisk().filter((f) => f.startsWith('editor'))).toEqual([]);

    const editor = await signIn(t, ['editor']);
    const res = await upload('/storage/editor', [{ name: 'inline.png', data: png }], {
      token: editor.access_token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({
        originalname: 'inline.png',
        path: 'storage/editor/inline.png',
        user: editor.sub,
      }),
    ]);
    // A signed-in user without an upload permission is refused, and nothing is stored.
    const reader = await signIn(t, []);
    const refused = await upload('/storage/editor', [{ name: 'other.png', data: png }], {
      token: reader.access_token,
    });
    expect(refused.status).toBe(403);
    expect(filesOnDisk().filter((f) => f.startsWith('editor'))).toEqual(['editor/inline.png']);
  });

  it('refuses a request without files (400) and an unknown content type (415)', async () => {
    const empty = await upload('/storage/news-feed', [], { fields: { a: 'b' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('No file uploaded');
    const xml = await app.inject({
      method: 'POST',
      url: '/storage/news-feed',
      headers: { 'x-test-actor': 'superAdmin', 'content-type': 'application/xml' },
      payload: '<x/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('validation leaves nothing behind', () => {
  it('refuses a file over the default 10 MB limit with 413 and keeps nothing on disk', async () => {
    const before = filesOnDisk();
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 7);
    fixture('photo-2000x1200.jpg').copy(big); // a JPEG head, so only the size is wrong
    const res = await upload('/storage/big', [{ name: 'big.jpg', data: big }]);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: { maxSize: 10 * 1024 * 1024 } });
    expect(filesOnDisk()).toEqual(before);
    expect(await recordsIn('storage/big')).toEqual([]);
  });

  it('accepts exactly the limit and applies per-folder limits', async () => {
    const exact = Buffer.alloc(1000, 'a');
    expect(
      (await upload('/storage/small', [{ name: 'ok.txt', data: exact, type: 'text/plain' }])).status,
    ).toBe(200);
    const over = await upload('/storage/small/nested', [{ name: 'no.txt', data: Buffer.alloc(1001, 'a') }]);
    expect(over.status).toBe(413);
    expect(filesOnDisk().filter((f) => f.includes('no.txt'))).toEqual([]);
  });

  it('refuses a renamed executable posing as an image (415), whatever the client claims', async () => {
    const before = filesOnDisk();
    for (const [folder, name] of [
      ['news-feed', 'elf-executable.jpg'],
      ['anything', 'elf-executable.jpg'],
      ['anything', 'mz-executable.png'],
    ] as const) {
      const res = await upload(`/storage/${folder}`, [{ name, data: fixture(name), type: 'image/jpeg' }]);
      expect(res.status, `${folder}/${name}`).toBe(415);
      expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    expect(filesOnDisk()).toEqual(before);
    expect(await recordsIn('storage/anything')).toEqual([]);
  });

  it('checks accept lists against the sniffed type: a PNG named .pdf or a PNG in a PDF folder is refused', async () => {
    const png = fixture('alpha-400x300.png');
    expect(
      (await upload('/storage/docs', [{ name: 'scan.png', data: png, type: 'application/pdf' }])).status,
    ).toBe(415);
    expect(
      (await upload('/storage/docs', [{ name: 'scan.pdf', data: png, type: 'application/pdf' }])).status,
    ).toBe(415);
    // news-feed takes image/*: text is refused even when called .jpg.
    const text = await upload('/storage/news-feed', [
      { name: 'x.jpg', data: Buffer.from('hello'), type: 'image/jpeg' },
    ]);
    expect(text.status).toBe(415);
    expect(
      (await upload('/storage/docs', [{ name: 'ok.txt', data: Buffer.from('hi'), type: 'text/plain' }]))
        .status,
    ).toBe(200);
    expect(await recordsIn('storage/docs')).toHaveLength(1);
  });

  it('refuses a whole request when one of its files is refused (all or nothing)', async () => {
    const res = await upload('/storage/batch', [
      { name: 'good.png', data: fixture('alpha-400x300.png') },
      { name: 'bad.jpg', data: fixture('elf-executable.jpg') },
    ]);
    expect(res.status).toBe(415);
    expect(await recordsIn('storage/batch')).toEqual([]);
    expect(filesOnDisk().filter((f) => f.startsWith('batch') || f.startsWith('.staging'))).toEqual([]);
  });

  it('strips directory parts from names and refuses folders that climb out (../../x)', async () => {
    const viaJson = await app.inject({
      method: 'POST',
      url: '/storage/safe',
      headers: { 'x-test-actor': 'superAdmin' },
      payload: {
        files: [
          { name: '../../x.txt', content: 'x' },
          { name: '..\\..\\win.txt', content: 'y' },
        ],
      },
    });
    expect(viaJson.statusCode).toBe(200);
    expect((viaJson.json() as FileRecord[]).map((r) => r.path)).toEqual([
      'storage/safe/x.txt',
      'storage/safe/win.txt',
    ]);
    const viaMultipart = await upload('/storage/safe', [
      { name: '../../evil.png', data: fixture('alpha-400x300.png') },
    ]);
    expect((viaMultipart.body as FileRecord[])[0]!.path).toBe('storage/safe/evil.png');

    for (const url of [
      '/storage/..%2F..%2Fetc',
      '/storage/a/..%2F..%2F..',
      '/storage/_v/x',
      '/storage/.staging',
    ]) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { 'x-test-actor': 'superAdmin' },
        payload: { files: [{ name: 'x.txt', content: 'x' }] },
      });
      expect(res.statusCode, url).toBe(400);
    }
    expect(readdirSync(dataDir)).not.toContain('etc');
    expect(filesOnDisk().filter((f) => !f.startsWith('safe/') && f.includes('x.txt'))).toEqual([]);
  });

  it('never serves or deletes anything outside the storage root', async () => {
    writeFileSync(join(dataDir, 'secret.txt'), 'secret');
    for (const url of [
      '/storage/..%2Fsecret.txt',
      '/storage/%2E%2E/secret.txt',
      '/storage/safe/..%2F..%2Fsecret.txt',
      '/storage/.staging/x',
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
      const del = await app.inject({ method: 'DELETE', url, headers: { 'x-test-actor': 'superAdmin' } });
      expect(del.statusCode, url).toBe(404);
    }
    expect(readFileSync(join(dataDir, 'secret.txt'), 'utf8')).toBe('secret');
    rmSync(join(dataDir, 'secret.txt'));
  });

  it('leaves no partial file or record when the client aborts mid-upload', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const body = await multipartBody({}, [{ name: 'aborted.jpg', data: fixture('photo-2000x1200.jpg') }]);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /storage/aborted HTTP/1.1\r\nHost: x\r\nX-Test-Actor: superAdmin\r\nContent-Type: ${body.contentType}\r\nContent-Length: ${body.payload.length}\r\n\r\n`,
        );
        socket.write(body.payload.subarray(0, 80_000), () => setTimeout(() => socket.destroy(), 100));
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    // The server notices the close asynchronously.
    for (let i = 0; i < 50 && filesOnDisk().some((f) => f.startsWith('.staging')); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(filesOnDisk().filter((f) => f.startsWith('.staging') || f.startsWith('aborted'))).toEqual([]);
    expect(await recordsIn('storage/aborted')).toEqual([]);
  });
});

describe('names, overwrite and concurrency', () => {
  it('gives a clashing name a numbered suffix, and replaces it in place with ?overwrite=true', async () => {
    const first = await upload('/storage/clash', [{ name: 'a.png', data: fixture('alpha-400x300.png') }]);
    const second = await upload('/storage/clash', [{ name: 'a.gif', data: fixture('tiny-16x16.gif') }]);
    const third = await upload('/storage/clash', [{ name: 'a.png', data: fixture('alpha-400x300.png') }]);
    expect((first.body as FileRecord[])[0]!.filename).toBe('a.png');
    expect((second.body as FileRecord[])[0]!.filename).toBe('a.gif');
    expect((third.body as FileRecord[])[0]!.filename).toBe('a-1.png');

    const replacement = Buffer.from('plain text now');
    const ok = await upload('/storage/clash?overwrite=true', [
      { name: 'a.png', data: Buffer.concat([fixture('alpha-400x300.png'), replacement]) },
    ]);
    expect(ok.status).toBe(200);
    const record = (ok.body as FileRecord[])[0]!;
    expect(record._id).toBe((first.body as FileRecord[])[0]!._id);
    expect(record.path).toBe('storage/clash/a.png');
    expect(record.size).toBe(fixture('alpha-400x300.png').length + replacement.length);
    const served = await get('/storage/clash/a.png');
    expect(served.rawPayload.subarray(-replacement.length).toString()).toBe('plain text now');
    expect(await recordsIn('storage/clash')).toHaveLength(3);
  });

  it('keeps every one of ten concurrent uploads of the same name, each with its own content', async () => {
    const contents = Array.from({ length: 10 }, (_, i) =>
      Buffer.concat([fixture('tiny-16x16.gif'), Buffer.from(`#${i}`)]),
    );
    const results = await Promise.all(
      contents.map((data) => upload('/storage/race', [{ name: 'same.gif', data }])),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const records = results.map((r) => (r.body as FileRecord[])[0]!);
    expect(new Set(records.map((r) => r.path)).size).toBe(10);
    expect(records.map((r) => r.path)).toContain('storage/race/same.gif');
    for (const [i, record] of records.entries()) {
      const served = await get(`/${record.path}`);
      expect(served.rawPayload.equals(contents[i]!)).toBe(true);
    }
    expect(await recordsIn('storage/race')).toHaveLength(10);
    expect(filesOnDisk().filter((f) => f.startsWith('race'))).toHaveLength(10);
  });
});

describe('serving', () => {
  let photo: FileRecord;
  beforeAll(async () => {
    photo = (
      (await upload('/storage/serve', [{ name: 'p.jpg', data: fixture('photo-2000x1200.jpg') }]))
        .body as FileRecord[]
    )[0]!;
  });

  it('serves public files to anyone with long cache headers, an ETag and nosniff', async () => {
    const res = await get('/storage/serve/p.jpg', { 'x-test-actor': 'anonymous' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(Number(res.headers['content-length'])).toBe(photo.size);
    const version = String((photo.meta as { sha256: string }).sha256).slice(0, 12);
    const versioned = await get(`/storage/serve/p.jpg?v=${version}`);
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const stale = await get('/storage/serve/p.jpg?v=000000000000');
    expect(stale.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800');
    const again = await get('/storage/serve/p.jpg', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers Range requests (video and audio seeking)', async () => {
    // A minimal MP4: an ftyp box, then data.
    const ftyp = Buffer.from('000000186674797069736f6d0000020069736f6d6d703431', 'hex');
    const video = Buffer.concat([ftyp, Buffer.alloc(5000, 1)]);
    const [clip] = (await upload('/storage/video', [{ name: 'clip.mp4', data: video, type: 'video/mp4' }]))
      .body as FileRecord[];
    expect(clip!.mimetype).toBe('video/mp4');

    const part = await get('/storage/video/clip.mp4', { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
    expect(part.headers['content-length']).toBe('100');
    expect(part.rawPayload.equals(video.subarray(100, 200))).toBe(true);

    const tail = await get('/storage/video/clip.mp4', { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(video.subarray(-10))).toBe(true);

    const open = await get('/storage/video/clip.mp4', { range: 'bytes=5000-' });
    expect(open.headers['content-range']).toBe(`bytes 5000-${video.length - 1}/${video.length}`);

    const unsatisfiable = await get('/storage/video/clip.mp4', { range: 'bytes=999999-' });
    expect(unsatisfiable.statusCode).toBe(416);
    expect(unsatisfiable.headers['content-range']).toBe(`bytes */${video.length}`);

    const ignored = await get('/storage/video/clip.mp4', { range: 'bytes=0-1,5-6' });
    expect(ignored.statusCode).toBe(200);
    expect(ignored.rawPayload.length).toBe(video.length);
  });

  it('serves SVG as a sandboxed attachment, never inline on our origin', async () => {
    const [svg] = (
      await upload('/storage/logos', [
        { name: 'logo.svg', data: fixture('script.svg'), type: 'image/svg+xml' },
      ])
    ).body as FileRecord[];
    expect(svg!.mimetype).toBe('image/svg+xml');
    const res = await get('/storage/logos/logo.svg');
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="logo.svg"/);
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('protects configured folders: 401 without a token, 200 with a bearer header or access_token', async () => {
    const [doc] = (
      await upload('/storage/private/ids', [{ name: 'id.png', data: fixture('alpha-400x300.png') }])
    ).body as FileRecord[];
    const url = `/${doc!.path}`;
    const anonymous = await app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHORIZED');
    expect((await app.inject({ method: 'GET', url: `${url}?access_token=not-a-token` })).statusCode).toBe(
      401,
    );

    const editor = await signIn(t, ['editor']);
    const withQuery = await app.inject({ method: 'GET', url: `${url}?access_token=${editor.access_token}` });
    expect(withQuery.statusCode).toBe(200);
    expect(withQuery.headers['content-type']).toBe('image/png');
    expect(withQuery.headers['cache-control']).toBe('private, no-cache');
    expect(withQuery.rawPayload.equals(fixture('alpha-400x300.png'))).toBe(true);
    const withHeader = await app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${editor.access_token}` },
    });
    expect(withHeader.statusCode).toBe(200);
    // Variants of a protected image are protected too.
    expect((await app.inject({ method: 'GET', url: `${url}?w=320` })).statusCode).toBe(401);
    // A public folder needs no token.
    expect((await app.inject({ method: 'GET', url: '/storage/serve/p.jpg' })).statusCode).toBe(200);
  });

  it('answers 404 for files that do not exist', async () => {
    expect((await get('/storage/serve/missing.jpg')).statusCode).toBe(404);
    expect((await get('/storage/nowhere/p.jpg')).json().code).toBe('NOT_FOUND');
  });
});

describe('deleting', () => {
  it('deletes by path, then answers 404; anonymous callers cannot delete', async () => {
    const [record] = (await upload('/storage/trash', [{ name: 'gone.gif', data: fixture('tiny-16x16.gif') }]))
      .body as FileRecord[];
    const url = `/${record!.path}`;
    const anonymous = await app.inject({ method: 'DELETE', url });
    expect(anonymous.statusCode).toBe(401);
    expect((await get(url)).statusCode).toBe(200);

    const res = await app.inject({ method: 'DELETE', url, headers: { 'x-test-actor': 'superAdmin' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: record!._id, document: { path: 'storage/trash/gone.gif' } });
    expect((await get(url)).statusCode).toBe(404);
    expect(filesOnDisk().filter((f) => f.startsWith('trash'))).toEqual([]);
    expect(await recordsIn('storage/trash')).toEqual([]);
    const again = await app.inject({ method: 'DELETE', url, headers: { 'x-test-actor': 'superAdmin' } });
    expect(again.statusCode).toBe(404);
  });
});

describe('listing', () => {
  beforeAll(async () => {
    await upload('/storage/library/2024', [{ name: 'تقرير.png', data: fixture('alpha-400x300.png') }]);
    await upload('/storage/library', [
      { name: 'report.gif', data: fixture('tiny-16x16.gif'), field: 'attachment' },
    ]);
    await upload('/storage/library', [{ name: 'other.gif', data: fixture('tiny-16x16.gif') }]);
  });

  it('lists a folder with GET /api/storage?destination=storage{path}', async () => {
    const res = await get('/api/storage?destination=storage/library');
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(2);
    expect(
      res
        .json()
        .data.map((r: FileRecord) => r.filename)
        .sort(),
    ).toEqual(['other.gif', 'report.gif']);
  });

  it("runs the file browser's query: select, destination prefix, search on originalname or fieldname", async () => {
    const select =
      'select=_id,fieldname,originalname,filename,size,encoding,mimetype,destination,path,date,status,user,meta';
    for (const base of ['/api/storage', '/storage']) {
      const all = await get(`${base}?${select}&destination=storage/library*&per_page=50`);
      expect(all.statusCode, base).toBe(200);
      expect(all.json().total).toBe(3);
      expect(Object.keys(all.json().data[0]).sort()).toEqual(
        [
          '_id',
          'fieldname',
          'originalname',
          'filename',
          'size',
          'encoding',
          'mimetype',
          'destination',
          'path',
          'date',
          'status',
          'user',
          'meta',
        ].sort(),
      );
      const byName = await get(
        `${base}?destination=storage/library*&originalname=*${encodeURIComponent('تقرير')}*|fieldname=*${encodeURIComponent('تقرير')}*`,
      );
      expect(byName.json().data.map((r: FileRecord) => r.originalname)).toEqual(['تقرير.png']);
      const byField = await get(
        `${base}?destination=storage/library*&originalname=*attach*|fieldname=*attach*`,
      );
      expect(byField.json().data.map((r: FileRecord) => r.originalname)).toEqual(['report.gif']);
    }
  });

  it('pages 50 by default, reads one record by id, and refuses anonymous callers and unknown fields', async () => {
    const page = await get('/api/storage');
    expect(page.json().data.length).toBeLessThanOrEqual(50);
    expect(page.json().total).toBeGreaterThan(25);
    expect(page.json().data.length).toBe(Math.min(50, page.json().total));
    const one = page.json().data[0] as FileRecord;
    const byId = await get(`/api/storage/${one._id}`);
    expect(byId.json().data[0].path).toBe(one.path);
    expect((await get('/api/storage', { 'x-test-actor': 'anonymous' })).statusCode).toBe(401);
    expect((await get('/storage', { 'x-test-actor': 'anonymous' })).statusCode).toBe(401);
    const bad = await get('/api/storage?password=x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INVALID_QUERY', details: { key: 'password' } });
    // Records change through uploads only.
    const post = await app.inject({
      method: 'POST',
      url: '/api/storage',
      headers: { 'x-test-actor': 'superAdmin' },
      payload: { path: 'storage/x' },
    });
    expect(post.statusCode).toBe(404);
  });
});
