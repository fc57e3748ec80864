import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';
import {
  buildArticle,
  buildFactcheck,
  buildPublishableFactcheck,
  create,
  createCriteria,
} from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await createCriteria(t.app);
});
afterAll(() => t.close());

describe('fact-checks', () => {
  it('creates a draft with derived fields: slug YYMMDDHHmm, search text, score, evaluation categories', async () => {
    const before = new Date();
    const { _id, document } = await create(
      t.app,
      'factcheck',
      buildFactcheck({
        title: 'صورة مُفبرَكة لمستشفى في إدلب',
        claims: '<p>يزعم المنشور أنّ المستشفى <b>أُغلق</b></p>',
        againstClaim: '<p>الصورة قديمة</p>',
        conclusion: '<p>الادعاء زائف</p>',
        content: '<p>تفاصيل التحقق</p>',
        category: 'fraud',
        evaluation: [
          { category: 'fabricated', description: 'مفبرك', score: -2 },
          { category: 'manipulated', description: 'معدل', score: -1 },
        ],
      }),
    );
    expect(_id).toMatch(/^[0-9a-f]{24}$/);
    expect(document.status).toBe('draft');
    expect(document.score).toBe(-3 - 2 - 1);
    expect(document.slug).toMatch(/^\d{10}$/);
    const created = new Date(String(document.createdAt));
    const pad = (n: number) => String(n).padStart(2, '0');
    const expected = `${pad(created.getUTCFullYear() % 100)}${pad(created.getUTCMonth() + 1)}${pad(created.getUTCDate())}${pad(created.getUTCHours())}${pad(created.getUTCMinutes())}`;
    expect(document.slug).toBe(expected);
    expect(created.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(document.claimsNormalized).toBe('يزعم المنشور ان المستشفي اغلق');
    expect(document.againstClaimNormalized).toBe('الصوره قديمه');
    expect(document.publishedAt).toBeNull();
    // Internal columns never reach clients.
    expect(document).not.toHaveProperty('titleNormalized');
    expect(document).not.toHaveProperty('evaluationCategories');
  });

  it('gives a second fact-check created in the same minute a distinct slug', async () => {
    const a = await create(t.app, 'factcheck', buildFactcheck());
    const b = await create(t.app, 'factcheck', buildFactcheck());
    expect(a.document.slug).not.toBe(b.document.slug);
  });

  it('sets publishedAt on the first publish and keeps it afterwards', async () => {
    const { _id } = await create(t.app, 'factcheck', buildPublishableFactcheck());
    const published = await call(t.app, 'PATCH', `/api/factcheck/${_id}`, [
      { op: 'replace', path: '/status', value: 'published' },
    ]);
    expect(published.status).toBe(200);
    const first = (published.body.document as Record<string, unknown>).publishedAt;
    expect(first).toEqual(expect.any(String));
    // Unpublished (with its reason: ADR 039), then published again.
    await call(t.app, 'PATCH', `/api/factcheck/${_id}`, [
      { op: 'replace', path: '/status', value: 'draft' },
      { op: 'add', path: '/statusReason', value: 'تصحيح' },
    ]);
    const again = await call(t.app, 'PATCH', `/api/factcheck/${_id}`, [
      { op: 'replace', path: '/status', value: 'published' },
    ]);
    expect((again.body.document as Record<string, unknown>).publishedAt).toBe(first);
  });

  it('recomputes the score when the evaluation changes', async () => {
    const { _id, document } = await create(t.app, 'factcheck', buildFactcheck({ category: 'confirmed' }));
    expect(document.score).toBe(3);
    const res = await call(t.app, 'PATCH', `/api/factcheck/${_id}`, [
      { op: 'add', path: '/evaluation/-', value: { category: 'fabricated', description: 'x', score: 1.5 } },
    ]);
    expect((res.body.document as Record<string, unknown>).score).toBe(4.5);
  });

  it('refuses evaluation rows naming unknown categories', async () => {
    const res = await call(
      t.app,
      'POST',
      '/api/factcheck',
      buildFactcheck({ evaluation: [{ category: 'nope', score: 1 }] }),
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.details).toHaveProperty('evaluation');
  });

  it('requires title and description, naming each missing field', async () => {
    const res = await call(t.app, 'POST', '/api/factcheck', { status: 'draft' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.body.details as object)).toEqual(expect.arrayContaining(['title', 'description']));
  });

  it('rejects an unknown status and unknown fields without writing anything', async () => {
    const before = await call(t.app, 'GET', '/api/factcheck/count');
    const bad = await call(t.app, 'POST', '/api/factcheck', buildFactcheck({ status: 'live' }));
    expect(bad.status).toBe(400);
    const unknown = await call(t.app, 'POST', '/api/factcheck', buildFactcheck({ colour: 'red' }));
    expect(unknown.status).toBe(400);
    const after = await call(t.app, 'GET', '/api/factcheck/count');
    expect(after.body.data).toBe(before.body.data);
  });

  it('ignores read-only fields a client sends back (score, reads, createdAt)', async () => {
    const { _id, document } = await create(t.app, 'factcheck', buildFactcheck({ category: 'fraud' }));
    const res = await call(t.app, 'PUT', `/api/factcheck/${_id}`, {
      ...document,
      score: 99,
      reads: 1000,
      createdAt: '2000-01-01T00:00:00Z',
    });
    expect(res.status).toBe(200);
    const doc = res.body.document as Record<string, unknown>;
    expect(doc.score).toBe(-3);
    expect(doc.reads).toBe(0);
    expect(doc.createdAt).toBe(document.createdAt);
  });

  it('sanitises rich text on write', async () => {
    const { document } = await create(
      t.app,
      'factcheck',
      buildFactcheck({
        content: '<p onclick="x()">نص</p><script>alert(1)</script><a href="javascript:alert(1)">r</a>',
      }),
    );
    expect(document.content).not.toMatch(/script|onclick|javascript:/);
    expect(document.content).toContain('<p>نص</p>');
  });

  it('answers 409 when POSTing over an existing id and 404 for a missing one', async () => {
    const { _id } = await create(t.app, 'factcheck', buildFactcheck());
    const again = await call(t.app, 'POST', '/api/factcheck', buildFactcheck({ _id }));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CANNOT_POST_OVER_EXISTING_DOCUMENT');
    const missing = await call(t.app, 'GET', '/api/factcheck/0123456789abcdef01234567');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
  });

  it('gets by id as a one-element list, replaces with PUT (path or body id), and deletes', async () => {
    const { _id, document } = await create(t.app, 'factcheck', buildFactcheck());
    const got = await call(t.app, 'GET', `/api/factcheck/${_id}`);
    expect((got.body.data as unknown[]).length).toBe(1);
    const put = await call(t.app, 'PUT', '/api/factcheck', { ...document, title: 'عنوان جديد' });
    expect(put.status).toBe(200);
    expect((put.body.document as Record<string, unknown>).title).toBe('عنوان جديد');
    const del = await call(t.app, 'DELETE', `/api/factcheck/${_id}`);
    expect(del.status).toBe(200);
    expect(del.body._id).toBe(_id);
    expect((await call(t.app, 'GET', `/api/factcheck/${_id}`)).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/factcheck/${_id}`)).status).toBe(404);
  });

  it('rejects a bad JSON Patch as a whole, naming the operation', async () => {
    const { _id } = await create(t.app, 'factcheck', buildFactcheck({ title: 'قبل' }));
    const res = await call(t.app, 'PATCH', `/api/factcheck/${_id}`, [
      { op: 'replace', path: '/title', value: 'بعد' },
      { op: 'remove', path: '/missing/deep' },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_PATCH');
    expect(res.body.details).toEqual({ index: 1 });
    const got = await call(t.app, 'GET', `/api/factcheck/${_id}`);
    expect((got.body.data as Record<string, unknown>[])[0]!.title).toBe('قبل');
    const notList = await call(t.app, 'PATCH', `/api/factcheck/${_id}`, { title: 'x' });
    expect(notList.body.code).toBe('INVALID_PATCH');
  });
});

describe('articles', () => {
  it('derives a slug from the creation date when empty and keeps a hand-written one', async () => {
    const auto = await create(t.app, 'article', buildArticle());
    expect(String(auto.document.slug)).toMatch(/^\d{10}(-\d+)?$/);
    const manual = await create(t.app, 'article', buildArticle({ slug: 'my-slug' }));
    expect(manual.document.slug).toBe('my-slug');
    const clash = await create(t.app, 'article', buildArticle({ slug: 'my-slug' }));
    expect(clash.document.slug).toBe('my-slug-2');
    expect(auto.document.status).toBe('draft');
    expect(auto.document.contentNormalized).toBe('نص المقال');
  });
});

describe('categories', () => {
  it('maintains level and path, and moves a subtree with its parent', async () => {
    await create(t.app, 'category', { _id: 'region', slug: 'region', name: 'منطقة' });
    await create(t.app, 'category', { _id: 'north', slug: 'north', name: 'الشمال', parent: 'region' });
    const leaf = await create(t.app, 'category', {
      _id: 'aleppo',
      slug: 'aleppo',
      name: 'حلب',
      parent: 'north',
    });
    expect(leaf.document).toMatchObject({ path: '/region/north/aleppo', level: 2 });
    await create(t.app, 'category', { _id: 'syria-r', slug: 'syria-r', name: 'سوريا' });
    const moved = await call(t.app, 'PATCH', '/api/category/north', [
      { op: 'replace', path: '/parent', value: 'syria-r' },
    ]);
    expect(moved.status).toBe(200);
    const got = await call(t.app, 'GET', '/api/category/aleppo');
    expect((got.body.data as Record<string, unknown>[])[0]).toMatchObject({
      path: '/syria-r/north/aleppo',
      level: 2,
    });
  });

  it('refuses cycles, unknown parents, id changes and deleting a parent', async () => {
    const cycle = await call(t.app, 'PATCH', '/api/category/syria-r', [
      { op: 'replace', path: '/parent', value: 'aleppo' },
    ]);
    expect(cycle.status).toBe(400);
    const orphan = await call(t.app, 'POST', '/api/category', {
      _id: 'x1',
      slug: 'x1',
      name: 'x',
      parent: 'ghost',
    });
    expect(orphan.status).toBe(400);
    const rename = await call(t.app, 'PUT', '/api/category/north', {
      _id: 'south',
      slug: 'north',
      name: 'n',
    });
    expect(rename.status).toBe(400);
    const del = await call(t.app, 'DELETE', '/api/category/syria-r');
    expect(del.status).toBe(409);
    expect(del.body.code).toBe('CONSTRAINT_VIOLATION');
  });

  it('requires _id, slug and name', async () => {
    const res = await call(t.app, 'POST', '/api/category', { description: 'x' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.details as object)).toEqual(expect.arrayContaining(['_id', 'slug', 'name']));
  });
});

describe('the other resources', () => {
  it.each([
    ['author', { name: 'سلمى الحلبي', bio: 'محررة' }, { name: 'سلمى ح.' }],
    ['media-source', { name: 'صفحة أخبار الشمال', link: 'https://example.com/n' }, { score: 40 }],
    ['media-source-run', { mediaSource: '0b0000000000000000000001' }, { status: 'done' }],
    ['scraping-report', { status: 'success', itemsFound: 3, itemsAdded: 1 }, { message: 'ok' }],
    ['contact', { name: 'قارئ', email: 'reader@example.org', subject: 'شكراً' }, { subject: 'شكراً جزيلاً' }],
    ['feed', { title: 'خبر جديد', status: 'new' }, { description: 'وصف' }],
  ])('%s: create, list, count, get, patch, delete', async (resource, doc, change) => {
    const created = await create(t.app, resource, doc);
    const list = await call(t.app, 'GET', `/api/${resource}?per_page=100`);
    expect(list.status).toBe(200);
    expect((list.body.data as { _id: string }[]).some((d) => d._id === created._id)).toBe(true);
    expect(list.body.total).toBeGreaterThanOrEqual(1);
    const count = await call(t.app, 'GET', `/api/${resource}/count`);
    expect(count.body.data).toBe(list.body.total);
    const ops = Object.entries(change).map(([k, v]) => ({ op: 'replace', path: `/${k}`, value: v }));
    const patched = await call(t.app, 'PATCH', `/api/${resource}/${created._id}`, ops);
    expect(patched.status).toBe(200);
    expect(patched.body.document).toMatchObject(change);
    expect((await call(t.app, 'DELETE', `/api/${resource}/${created._id}`)).status).toBe(200);
    expect((await call(t.app, 'GET', `/api/${resource}/${created._id}`)).status).toBe(404);
  });

  it('derives author and media source slugs from the name', async () => {
    const a = await create(t.app, 'author', { name: 'Omar Haddad' });
    expect(a.document.slug).toBe('omar-haddad');
    const b = await create(t.app, 'author', { name: 'Omar Haddad' });
    expect(b.document.slug).toBe('omar-haddad-2');
  });

  it('validates a contact e-mail', async () => {
    const res = await call(t.app, 'POST', '/api/contact', { name: 'x', email: 'not-an-email', subject: 'y' });
    expect(res.status).toBe(400);
    expect(res.body.details).toHaveProperty('email');
  });
});

describe('slugs of names in other scripts', () => {
  it('fall back to a readable base instead of an empty slug', async () => {
    const a = await create(t.app, 'author', { name: 'Иван Петров' });
    const b = await create(t.app, 'author', { name: 'Мария' });
    expect(a.document.slug).toBe('author');
    expect(b.document.slug).toBe('author-2');
    const s = await create(t.app, 'media-source', { name: 'Канал' });
    expect(s.document.slug).toBe('source');
  });
});
