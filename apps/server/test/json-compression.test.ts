// JSON answers go compressed to clients that accept it; the same record comes out of every encoding.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding } from '../src/compression/content-encoding.ts';
import { JSON_COMPRESSION_MIN_BYTES } from '../src/plugins/json-compression.ts';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';

let t: TestApp;
let id: string;
const paragraph = '<p>أظهر البحث العكسي أن الصورة نُشرت عام 2016 في سياق مختلف، وأن المبنى في مدينة أخرى.</p>';

beforeAll(async () => {
  t = await buildTestApp();
  const created = await call(t.app, 'POST', '/api/factcheck', {
    title: 'صورة المستشفى قديمة',
    description: 'منشورة منذ 2016',
    status: 'draft',
    language: 'ar',
    content: paragraph.repeat(200),
  });
  expect(created.status).toBe(200);
  id = String((created.body as { _id: string })._id);
});
afterAll(() => t?.close());

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: {
      'x-test-actor': 'superAdmin',
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    },
  });

describe('compressed JSON answers', () => {
  it('sends a long record in brotli, else gzip, and the same record as without', async () => {
    const plain = await get(`/api/factcheck/${id}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(20_000);
    const br = await get(`/api/factcheck/${id}`, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.payload);
    expect(br.headers.etag).toBe(plain.headers.etag);
    const gz = await get(`/api/factcheck/${id}`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.payload);
  });

  it('leaves a short answer and a refused encoding alone, and follows the client’s preference', async () => {
    const short = await get(`/api/factcheck/${id}?select=_id`, 'br');
    expect(short.rawPayload.length).toBeLessThan(JSON_COMPRESSION_MIN_BYTES);
    expect(short.headers['content-encoding']).toBeUndefined();
    expect(short.headers.vary).toMatch(/accept-encoding/i);
    const gzipPreferred = await get(`/api/factcheck/${id}`, 'br;q=0.2, gzip;q=0.9');
    expect(gzipPreferred.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipPreferred.rawPayload).toString()).toBe((await get(`/api/factcheck/${id}`)).payload);
    const refused = await get(`/api/factcheck/${id}`, 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toMatchObject({ data: [{ _id: id }] });
  });

  it('gives an HTTP client (Node’s fetch asks for gzip and deflate) the JSON it decodes', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const answer = await fetch(`${address}/api/factcheck/${id}`, {
      headers: { 'x-test-actor': 'superAdmin' },
    });
    expect(answer.headers.get('content-encoding')).toBe('gzip');
    expect(((await answer.json()) as { data: { content: string }[] }).data[0]?.content).toContain(
      'مدينة أخرى',
    );
  });
});

describe('the encoding chosen', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['identity', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['GZIP', 'gzip'],
    // RFC 9110 §12.5.3: the client's weights rank the encodings; brotli wins only a tie.
    ['br;q=0.1, gzip', 'gzip'],
    ['x-gzip', 'gzip'],
  ] as const)('for %j: %s', (header, encoding) => {
    expect(chooseEncoding(header)).toBe(encoding);
  });
});
