// Issue 14: values the database cannot take (a NUL character, an unpaired surrogate, a number or a
// date outside the column's range) are the caller's mistake: 400 with a catalogue code, never a
// 500, and nothing is written. Wherever input reaches SQL: filters, bodies (JSONB included), ids in
// paths, upload names and fields, auth inputs. On PGlite and on PostgreSQL (DATABASE_URL).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, request, type TestApp } from './build-test-app.ts';
import { buildFactcheck, create } from './factories.ts';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tabayyun-unstorable-'));
  t = await buildTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';

/** Sends `body` as JSON text, so escapes such as \u0000 and \ud800 reach the server as sent. */
async function send(method: 'POST' | 'PUT' | 'PATCH', url: string, json: string) {
  const res = await t.app.inject({
    method,
    url,
    headers: { 'x-test-actor': 'superAdmin', 'content-type': 'application/json' },
    payload: json,
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}
const countOf = async (resource: string) =>
  (await call(t.app, 'GET', `/api/${resource}/count`)).body.data as number;

describe('filters', () => {
  it.each([
    ['a wildcard with NUL', '/api/factcheck?title=*%00*'],
    ['an equality with NUL', '/api/factcheck?slug=a%00b'],
    ['a list with NUL', '/api/factcheck?tags={in}a,%00'],
    ['a joined field with NUL', '/api/factcheck?author.name=%00'],
    ['a count with NUL', '/api/factcheck/count?title=%00'],
    ['a select with NUL', '/api/factcheck?select=title,%00'],
    ['a whole number beyond the column', '/api/factcheck?reads={gt}99999999999'],
    ['a date before the database calendar', '/api/factcheck?publishedAt={gt}-8000000000000000'],
    ['a stats filter with NUL', '/api/stats/factcheck?by=category&title=%00'],
  ])('%s is 400 INVALID_QUERY', async (_, url) => {
    const res = await call(t.app, 'GET', url);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.code).toBe('INVALID_QUERY');
  });
});

describe('ids in paths', () => {
  it.each([
    ['GET', '/api/factcheck/a%00b'],
    ['GET', '/api/category/a%00b'],
    ['DELETE', '/api/factcheck/a%00b'],
    ['GET', '/api/user/a%00b'],
    ['DELETE', '/storage/docs/a%00b.txt'],
  ] as const)('%s %s is 400 INVALID_ID', async (method, url) => {
    const res = await call(t.app, method, url);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.code).toBe('INVALID_ID');
  });
});

describe('bodies', () => {
  it.each([
    ['NUL in a text field', { title: `a${NUL}b` }, 'title'],
    ['NUL in rich text', { content: `<p>${NUL}</p>` }, 'content'],
    ['NUL in a list item', { tags: ['ok', `x${NUL}`] }, 'tags.1'],
    ['NUL in JSONB', { meta: { title: `x${NUL}` } }, 'meta.title'],
    ['NUL in a JSONB key', { meta: { [`k${NUL}`]: 'v' } }, 'meta'],
    ['NUL in a file record', { images: [{ path: `storage/a${NUL}.jpg` }] }, 'images.0.path'],
    ['an unpaired surrogate', { title: `a${LONE_SURROGATE}` }, 'title'],
    ['an unpaired surrogate in JSONB', { meta: { title: LONE_SURROGATE } }, 'meta.title'],
  ])('%s is 400 VALIDATION_FAILED naming the field, nothing written', async (_, fields, key) => {
    const before = await countOf('factcheck');
    const res = await send('POST', '/api/factcheck', JSON.stringify(buildFactcheck(fields)));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.body.details as object)).toContain(key);
    expect(await countOf('factcheck')).toBe(before);
  });

  it('refuses NUL in PUT and PATCH, keeping the stored record', async () => {
    const { _id } = await create(t.app, 'factcheck', buildFactcheck({ title: 'قبل' }));
    const put = await send('PUT', `/api/factcheck/${_id}`, JSON.stringify(buildFactcheck({ title: NUL })));
    expect(put.status).toBe(400);
    expect(put.body.code).toBe('VALIDATION_FAILED');
    const patch = await send(
      'PATCH',
      `/api/factcheck/${_id}`,
      JSON.stringify([{ op: 'replace', path: '/description', value: `x${NUL}` }]),
    );
    expect(patch.status).toBe(400);
    expect(patch.body.code).toBe('VALIDATION_FAILED');
    const got = await call(t.app, 'GET', `/api/factcheck/${_id}`);
    expect((got.body.data as { title: string }[])[0]!.title).toBe('قبل');
  });

  it('refuses numbers and dates outside their column with 400 VALIDATION_FAILED', async () => {
    const big = await call(t.app, 'POST', '/api/media-source', { name: 'مصدر', falseClaims: 3_000_000_000 });
    expect(big.status, JSON.stringify(big.body)).toBe(400);
    expect(big.body.code).toBe('VALIDATION_FAILED');
    expect(big.body.details).toHaveProperty('falseClaims');
    const ancient = await call(
      t.app,
      'POST',
      '/api/factcheck',
      buildFactcheck({ disabledAt: -8_000_000_000_000_000 }),
    );
    expect(ancient.status, JSON.stringify(ancient.body)).toBe(400);
    expect(ancient.body.code).toBe('VALIDATION_FAILED');
    expect(ancient.body.details).toHaveProperty('disabledAt');
  });

  it('refuses NUL in the contact form and read counter', async () => {
    const contact = await send(
      'POST',
      '/api/contract',
      JSON.stringify({ name: `x${NUL}`, email: 'a@example.org', subject: 's' }),
    );
    expect(contact.status, JSON.stringify(contact.body)).toBe(400);
    expect(contact.body.code).toBe('VALIDATION_FAILED');
    const read = await send('POST', '/api/count/read', JSON.stringify({ _id: `a${NUL}` }));
    expect(read.status, JSON.stringify(read.body)).toBe(400);
  });
});

describe('files', () => {
  it('refuses NUL in a multipart field, storing nothing', async () => {
    const form = new FormData();
    form.append('caption', `x${NUL}y`);
    form.append('file', new Blob([new Uint8Array(Buffer.from('hello'))], { type: 'text/plain' }), 'a.txt');
    const res = new Response(form);
    const out = await t.app.inject({
      method: 'POST',
      url: '/storage/docs',
      headers: { 'x-test-actor': 'superAdmin', 'content-type': res.headers.get('content-type')! },
      payload: Buffer.from(await res.arrayBuffer()),
    });
    expect(out.statusCode, out.body).toBe(400);
    expect(out.json().code).toBe('VALIDATION_FAILED');
    expect((await call(t.app, 'GET', '/api/storage?destination=storage/docs')).body.total).toBe(0);
  });

  it('refuses a multipart file name with NUL, storing nothing', async () => {
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(Buffer.from('hello'))], { type: 'text/plain' }),
      `b${NUL}c.txt`,
    );
    const res = new Response(form);
    const out = await t.app.inject({
      method: 'POST',
      url: '/storage/names',
      headers: { 'x-test-actor': 'superAdmin', 'content-type': res.headers.get('content-type')! },
      payload: Buffer.from(await res.arrayBuffer()),
    });
    expect(out.statusCode, out.body).toBe(400);
    expect(out.json().code).toBe('VALIDATION_FAILED');
    expect((await call(t.app, 'GET', '/api/storage?destination=storage/names')).body.total).toBe(0);
  });

  it('refuses NUL in a JSON content upload name with 400', async () => {
    const res = await send(
      'POST',
      '/storage/docs',
      JSON.stringify({ files: [{ name: `d${NUL}.txt`, content: 'hi' }] }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.details).toHaveProperty(['files.0.name']);
  });

  it('keeps NUL inside the bytes of a content upload (they never reach the database)', async () => {
    const res = await send(
      'POST',
      '/storage/bytes',
      JSON.stringify({ files: [{ name: 'nul.txt', content: `a${NUL}b` }] }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe('auth inputs', () => {
  it.each([
    ['/auth', { email: `a${NUL}@example.org`, password: 'Passw0rd!' }],
    ['/auth', { username: `a${NUL}`, password: 'Passw0rd!' }],
    ['/auth/check-user', { usernameOrEmailOrPhone: `a${NUL}` }],
    ['/auth/forgot-password', { email: `a${NUL}@example.org` }],
    ['/auth/verify', { name: 'email', value: `a${NUL}@example.org`, code: '123456' }],
  ])('%s with NUL is 400 VALIDATION_FAILED', async (url, body) => {
    const res = await request(t.app, 'POST', url, { body });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });
});
