// Found by the durability test (issue 14): fact-checks and articles created at the same minute
// without a slug share the YYMMDDHHmm base; created concurrently on PostgreSQL, each read the
// same free slug and all but one failed with 409 CONSTRAINT_VIOLATION. Slug choice is now
// serialised per base inside the write transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';
import { buildArticle, buildFactcheck } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

describe('slugs under concurrent creates', () => {
  for (const [resource, build] of [
    ['factcheck', buildFactcheck],
    ['article', buildArticle],
  ] as const) {
    it(`gives ${resource}s created at once without a slug distinct slugs, none refused`, async () => {
      const results = await Promise.all(
        Array.from({ length: 12 }, () => call(t.app, 'POST', `/api/${resource}`, build())),
      );
      expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
      const slugs = results.map((r) => (r.body as { document: { slug: string } }).document.slug);
      expect(new Set(slugs).size).toBe(slugs.length);
    });
  }

  it('still numbers an editor-given slug that is taken', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(t.app, 'POST', '/api/author', { name: 'كاتب', slug: 'same-author' }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    const slugs = results.map((r) => (r.body as { document: { slug: string } }).document.slug).sort();
    expect(slugs).toEqual([
      'same-author',
      'same-author-2',
      'same-author-3',
      'same-author-4',
      'same-author-5',
      'same-author-6',
    ]);
  });
});
