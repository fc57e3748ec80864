// The access seam: anonymous callers read published public content only, whatever they send,
// and may post only to the public endpoints; everything else is 401.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';
import { buildArticle, buildFactcheck, create, createCriteria } from './factories.ts';

let t: TestApp;
const hidden: string[] = [];
let publishedId = '';

beforeAll(async () => {
  t = await buildTestApp();
  await createCriteria(t.app);
  publishedId = (
    await create(
      t.app,
      'factcheck',
      buildFactcheck({ status: 'published', title: 'منشور', category: 'fraud', tags: ['featured'] }),
    )
  )._id;
  for (const status of ['draft', 'review']) {
    hidden.push(
      (
        await create(
          t.app,
          'factcheck',
          buildFactcheck({
            status,
            title: `سري ${status}`,
            category: 'fraud',
            tags: ['featured'],
            translation_id: publishedId,
          }),
        )
      )._id,
    );
    hidden.push((await create(t.app, 'article', buildArticle({ status, title: `مقال سري ${status}` })))._id);
  }
});
afterAll(() => t.close());

describe('anonymous readers', () => {
  it('see only published fact-checks and articles in lists, counts and by id', async () => {
    const list = await call(t.app, 'GET', '/api/factcheck', undefined, 'anonymous');
    expect(list.status).toBe(200);
    expect((list.body.data as { _id: string }[]).map((d) => d._id)).toEqual([publishedId]);
    expect((await call(t.app, 'GET', '/api/factcheck/count', undefined, 'anonymous')).body.data).toBe(1);
    expect((await call(t.app, 'GET', '/api/article/count', undefined, 'anonymous')).body.data).toBe(0);
    for (const id of hidden) {
      for (const r of ['factcheck', 'article']) {
        const res = await call(t.app, 'GET', `/api/${r}/${id}`, undefined, 'anonymous');
        expect(res.status).toBe(404);
      }
    }
  });

  it.each([
    'status=draft',
    'status=review',
    'status={ne}published',
    'status={in}draft,review',
    'status={exists}true',
    'status=draft|title=*سري*',
    'title=*سري*|status=published',
    'status=published|status=draft',
    'translation_id.status=draft',
    'lookup=translation_id',
    '_id={in}' + 'x',
  ])('cannot widen the published selector with %s', async (qs) => {
    const query = qs.startsWith('_id') ? `_id={in}${hidden.join(',')}` : qs;
    const res = await call(t.app, 'GET', `/api/factcheck?${query}&per_page=500`, undefined, 'anonymous');
    expect(res.status).toBeLessThan(500);
    const docs = (res.body.data ?? []) as Record<string, unknown>[];
    for (const doc of docs) {
      expect(doc.status).toBe('published');
      expect(hidden).not.toContain(doc._id);
      // A lookup never expands a draft either.
      expect(JSON.stringify(doc)).not.toContain('سري');
    }
  });

  it('cannot see drafts through any generated filter combination', async () => {
    const key = fc.constantFrom(
      'status',
      'title',
      'tags',
      'category',
      '_id',
      'language',
      'translation_id.status',
    );
    const value = fc.constantFrom(
      'draft',
      'review',
      'published',
      '*سري*',
      '{ne}published',
      '{exists}true',
      'featured',
      '{in}draft,review',
      'fraud',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(key, value, fc.boolean()), { minLength: 1, maxLength: 3 }),
        async (parts) => {
          const qs = parts
            .map(([k, v, or], i) =>
              or && i > 0 ? `|${k}=${v}` : `${i ? '&' : ''}${k}=${encodeURIComponent(v)}`,
            )
            .join('');
          const res = await call(t.app, 'GET', `/api/factcheck?${qs}`, undefined, 'anonymous');
          for (const doc of (res.body.data ?? []) as Record<string, unknown>[]) {
            if (doc.status !== 'published' || hidden.includes(String(doc._id))) return false;
          }
          return res.status < 500;
        },
      ),
      { numRuns: 60 },
    );
  });

  it('are refused every write and every non-public resource with 401', async () => {
    for (const [method, url] of [
      ['POST', '/api/factcheck'],
      ['PUT', `/api/factcheck/${publishedId}`],
      ['PATCH', `/api/factcheck/${publishedId}`],
      ['DELETE', `/api/factcheck/${publishedId}`],
      ['GET', '/api/feed'],
      ['GET', '/api/contact'],
      ['GET', '/api/scraping-report'],
      ['GET', '/api/media-source-run'],
      ['GET', '/api/stats/factcheck?by=category'],
      ['POST', '/api/category'],
    ] as const) {
      const res = await call(
        t.app,
        method,
        url,
        method === 'GET' || method === 'DELETE' ? undefined : {},
        'anonymous',
      );
      expect(res.status, `${method} ${url}`).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    }
    // Nothing was changed.
    const still = await call(t.app, 'GET', `/api/factcheck/${publishedId}`, undefined, 'anonymous');
    expect(still.status).toBe(200);
  });

  it('read public taxonomy, authors and media sources', async () => {
    expect((await call(t.app, 'GET', '/api/category?path=/criteria*', undefined, 'anonymous')).status).toBe(
      200,
    );
    expect((await call(t.app, 'GET', '/api/author', undefined, 'anonymous')).status).toBe(200);
    // Public wildcards take three characters at least (issue 34: shorter ones read a whole index).
    expect((await call(t.app, 'GET', '/api/media-source?name=*xyz*', undefined, 'anonymous')).status).toBe(
      200,
    );
  });
});

describe('signed-in users without a role', () => {
  it('get 403, not 401', async () => {
    const res = await call(t.app, 'POST', '/api/factcheck', buildFactcheck(), 'reader');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });
});
