// Issue 14: PUT replaces the whole record, PATCH remove clears a field, list fields take a single
// value, and articles get fact-check style slugs. On PGlite and on PostgreSQL (DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';
import { buildArticle, buildFactcheck, create, createCriteria } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await createCriteria(t.app);
});
afterAll(() => t.close());

type Doc = Record<string, unknown>;
const documentOf = (res: { body: Record<string, unknown> }) => res.body.document as Doc;
const stored = async (resource: string, id: string) =>
  ((await call(t.app, 'GET', `/api/${resource}/${id}`)).body.data as Doc[])[0]!;

describe('PUT replaces the whole record', () => {
  it('clears a category description left out of the body', async () => {
    await create(t.app, 'category', {
      _id: 'put-cat',
      slug: 'put-cat',
      name: 'فئة',
      description: 'وصف قديم',
      color: '#123456',
      parent: 'topic',
    });
    const res = await call(t.app, 'PUT', '/api/category/put-cat', { slug: 'put-cat', name: 'فئة' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(documentOf(res)).toMatchObject({ description: null, color: null, parent: null, level: 0 });
    expect(await stored('category', 'put-cat')).toMatchObject({ description: null, path: '/put-cat' });
  });

  it.each([
    [
      'factcheck',
      buildFactcheck({
        claims: '<p>ادعاء</p>',
        tags: ['featured'],
        hideClaimsTitle: true,
        category: 'fraud',
      }),
      { title: 'عنوان', description: 'وصف' },
      { claims: null, tags: [], hideClaimsTitle: false, category: null, score: 0 },
    ],
    [
      'article',
      buildArticle({ topic: ['health'] }),
      { title: 'عنوان', description: 'وصف' },
      { content: null, topic: [], contentNormalized: undefined },
    ],
    [
      'author',
      { name: 'كاتب', bio: 'سيرة', hidden: true, email: 'a@example.org' },
      { name: 'كاتب' },
      { bio: null, hidden: false, email: null, active: true },
    ],
    [
      'media-source',
      { name: 'مصدر', description: 'وصف', falseClaims: 4, link: 'https://example.org' },
      { name: 'مصدر' },
      { description: null, falseClaims: 0, link: null },
    ],
    [
      'feed',
      { title: 'خبر', description: 'وصف', mediaSource: ['x'] },
      { title: 'خبر' },
      { description: null, mediaSource: [], status: 'new' },
    ],
  ])('%s: fields absent from the body take their default or null', async (resource, doc, put, expected) => {
    const { _id, document } = await create(t.app, resource, doc);
    const res = await call(t.app, 'PUT', `/api/${resource}/${_id}`, put);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await stored(resource, _id);
    for (const [key, value] of Object.entries(expected)) {
      if (value === undefined) continue;
      expect(after[key], key).toEqual(value);
    }
    // Server-owned fields are still derived or kept.
    expect(after.createdAt).toBe(document.createdAt);
    if ('slug' in document) expect(after.slug).toBe(document.slug);
  });

  it('still refuses a PUT without a required field, changing nothing', async () => {
    const { _id } = await create(t.app, 'factcheck', buildFactcheck({ description: 'باق' }));
    const res = await call(t.app, 'PUT', `/api/factcheck/${_id}`, { title: 'عنوان' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.details).toHaveProperty('description');
    expect((await stored('factcheck', _id)).description).toBe('باق');
  });
});

describe('PATCH remove', () => {
  it('clears an optional field', async () => {
    await create(t.app, 'category', { _id: 'patch-cat', slug: 'patch-cat', name: 'فئة', description: 'وصف' });
    const res = await call(t.app, 'PATCH', '/api/category/patch-cat', [
      { op: 'remove', path: '/description' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(documentOf(res).description).toBeNull();
    expect((await stored('category', 'patch-cat')).description).toBeNull();
  });

  it('resets a field with a default to that default', async () => {
    const { _id } = await create(t.app, 'author', { name: 'كاتب', hidden: true });
    const res = await call(t.app, 'PATCH', `/api/author/${_id}`, [{ op: 'remove', path: '/hidden' }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await stored('author', _id)).hidden).toBe(false);
  });

  it('refuses to remove a required field with 400 VALIDATION_FAILED', async () => {
    const { _id } = await create(t.app, 'factcheck', buildFactcheck({ description: 'باق' }));
    const res = await call(t.app, 'PATCH', `/api/factcheck/${_id}`, [{ op: 'remove', path: '/description' }]);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.details).toHaveProperty('description');
    expect((await stored('factcheck', _id)).description).toBe('باق');
  });
});

describe('list fields take a single value as a one-item list', () => {
  it('on create, replace and patch', async () => {
    const created = await call(
      t.app,
      'POST',
      '/api/factcheck',
      buildFactcheck({ topic: 'health', country: 'syria', tags: 'featured', mediaSource: 'm1' }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(documentOf(created)).toMatchObject({
      topic: ['health'],
      country: ['syria'],
      tags: ['featured'],
      mediaSource: ['m1'],
    });
    const id = String(created.body._id);
    const put = await call(t.app, 'PUT', `/api/factcheck/${id}`, buildFactcheck({ topic: 'politics' }));
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(documentOf(put).topic).toEqual(['politics']);
    const patched = await call(t.app, 'PATCH', `/api/factcheck/${id}`, [
      { op: 'replace', path: '/tags', value: 'slide' },
      { op: 'add', path: '/country', value: 'turkey' },
    ]);
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(documentOf(patched)).toMatchObject({ tags: ['slide'], country: ['turkey'] });
    const article = await call(t.app, 'POST', '/api/article', buildArticle({ topic: 'health' }));
    expect(article.status, JSON.stringify(article.body)).toBe(200);
    expect(documentOf(article).topic).toEqual(['health']);
  });

  it('still refuses values that are neither text nor a list of text', async () => {
    const res = await call(t.app, 'POST', '/api/factcheck', buildFactcheck({ topic: 7 }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.details).toHaveProperty('topic');
    const blank = await call(t.app, 'POST', '/api/factcheck', buildFactcheck({ topic: '  ' }));
    expect(blank.status).toBe(400);
  });
});

describe('article slugs', () => {
  it('are YYMMDDHHmm from the creation time, with a suffix on collision', async () => {
    const a = await create(t.app, 'article', buildArticle());
    const b = await create(t.app, 'article', buildArticle());
    const created = new Date(String(a.document.createdAt));
    const pad = (n: number) => String(n).padStart(2, '0');
    const expected = `${pad(created.getUTCFullYear() % 100)}${pad(created.getUTCMonth() + 1)}${pad(created.getUTCDate())}${pad(created.getUTCHours())}${pad(created.getUTCMinutes())}`;
    // Other articles of this file may have been made in the same minute: they took the bare slug.
    expect(String(a.document.slug)).toMatch(new RegExp(`^${expected}(-\\d+)?$`));
    expect(String(b.document.slug)).toMatch(/^\d{10}(-\d+)?$/);
    expect(b.document.slug).not.toBe(a.document.slug);
  });
});
