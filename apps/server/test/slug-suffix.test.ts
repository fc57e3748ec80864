// The free suffix of a taken slug (issue 37): a base shared by many items (fact-checks made in the
// same minute, an editor's slug given twice) gets -2, -3 … — the smallest free number from 2, a
// gap left by a deleted or renamed item reused — chosen in one indexed statement instead of reading
// every sibling. These tests pin the choices (the same before and after that change), on PGlite
// and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../src/plugins/actor.ts';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';
import { buildArticle, buildFactcheck, create } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const slugOf = (res: { document: Record<string, unknown> }) => String(res.document.slug);

async function factcheckWithSlug(slug: string) {
  return slugOf(await create(t.app, 'factcheck', buildFactcheck({ slug })));
}

describe('slug suffixes', () => {
  it('numbers fact-checks made in the same minute 2, 3 … in order (40 of them)', async () => {
    const slugs: string[] = [];
    for (let i = 0; i < 40; i++) {
      const created = await t.app.services.resources.create({
        actor: SYSTEM_ACTOR,
        resource: 'factcheck',
        input: { ...buildFactcheck(), createdAt: '2026-03-05T07:09:30Z' },
        options: { preserveTimestamps: true },
      });
      slugs.push(String(created.document.slug));
    }
    expect(slugs).toEqual(['2603050709', ...Array.from({ length: 39 }, (_, i) => `2603050709-${i + 2}`)]);
  });

  it('gives an editor-given slug that is taken the next number', async () => {
    expect(await factcheckWithSlug('same-claim')).toBe('same-claim');
    expect(await factcheckWithSlug('same-claim')).toBe('same-claim-2');
    expect(await factcheckWithSlug('same-claim')).toBe('same-claim-3');
  });

  it('takes the smallest free number: a gap is reused', async () => {
    for (const slug of ['gap', 'gap-2', 'gap-3', 'gap-5', 'gap-6'])
      expect(await factcheckWithSlug(slug)).toBe(slug);
    expect(await factcheckWithSlug('gap')).toBe('gap-4');
    expect(await factcheckWithSlug('gap')).toBe('gap-7');
  });

  it('keeps the bare base when it is free, whatever numbered slugs exist', async () => {
    expect(await factcheckWithSlug('bare-2')).toBe('bare-2');
    expect(await factcheckWithSlug('bare-3')).toBe('bare-3');
    expect(await factcheckWithSlug('bare')).toBe('bare');
    expect(await factcheckWithSlug('bare')).toBe('bare-4');
  });

  it('counts only -<number> siblings: other suffixes, leading zeros and longer names do not take a number', async () => {
    for (const slug of ['odd', 'odd-x', 'odd-02', 'odd-2x', 'odd-3-1', 'odd-', 'odder-2']) {
      expect(await factcheckWithSlug(slug)).toBe(slug);
    }
    expect(await factcheckWithSlug('odd')).toBe('odd-2');
    expect(await factcheckWithSlug('odd')).toBe('odd-3');
  });

  it('treats LIKE wildcards in a slug as plain characters', async () => {
    expect(await factcheckWithSlug('a_b')).toBe('a_b');
    expect(await factcheckWithSlug('axb-2')).toBe('axb-2');
    expect(await factcheckWithSlug('a_b')).toBe('a_b-2');
    expect(await factcheckWithSlug('50%')).toBe('50%');
    expect(await factcheckWithSlug('50%-3')).toBe('50%-3');
    expect(await factcheckWithSlug('50x-2')).toBe('50x-2');
    expect(await factcheckWithSlug('50%')).toBe('50%-2');
    expect(await factcheckWithSlug('50%')).toBe('50%-4');
  });

  it('handles Arabic slugs and large numbers', async () => {
    expect(await factcheckWithSlug('تحقق')).toBe('تحقق');
    expect(await factcheckWithSlug('تحقق-99')).toBe('تحقق-99');
    expect(await factcheckWithSlug('تحقق')).toBe('تحقق-2');
    expect(await factcheckWithSlug('big')).toBe('big');
    expect(await factcheckWithSlug('big-2147483647')).toBe('big-2147483647');
    expect(await factcheckWithSlug('big-99999999999999')).toBe('big-99999999999999');
    expect(await factcheckWithSlug('big')).toBe('big-2');
  });

  it('keeps an item its own slug on save, and numbers a slug changed to a taken one', async () => {
    expect(await factcheckWithSlug('own')).toBe('own');
    const second = await create(t.app, 'factcheck', buildFactcheck({ slug: 'own' }));
    expect(slugOf(second)).toBe('own-2');
    const patched = await call(t.app, 'PATCH', `/api/factcheck/${second._id}`, [
      { op: 'replace', path: '/title', value: 'عنوان جديد' },
    ]);
    expect(patched.status).toBe(200);
    expect(slugOf(patched.body as { document: Record<string, unknown> })).toBe('own-2');
    const renamed = await call(t.app, 'PATCH', `/api/factcheck/${second._id}`, [
      { op: 'replace', path: '/slug', value: 'own' },
    ]);
    expect(slugOf(renamed.body as { document: Record<string, unknown> })).toBe('own-2');
    const third = await create(t.app, 'factcheck', buildFactcheck({ slug: 'own-3' }));
    const moved = await call(t.app, 'PATCH', `/api/factcheck/${third._id}`, [
      { op: 'replace', path: '/slug', value: 'own' },
    ]);
    // own and own-2 are taken by the others; its own old slug own-3 is free for it again.
    expect(slugOf(moved.body as { document: Record<string, unknown> })).toBe('own-3');
  });

  it('numbers articles, authors and media sources the same way', async () => {
    const article = async () =>
      slugOf(await create(t.app, 'article', buildArticle({ slug: 'same-article' })));
    expect([await article(), await article(), await article()]).toEqual([
      'same-article',
      'same-article-2',
      'same-article-3',
    ]);
    const author = async () => slugOf(await create(t.app, 'author', { name: 'كاتب', slug: 'same-writer' }));
    expect([await author(), await author()]).toEqual(['same-writer', 'same-writer-2']);
    const source = async () =>
      slugOf(
        await create(t.app, 'media-source', {
          name: 'مصدر',
          slug: 'same-source',
          link: 'https://example.org',
        }),
      );
    expect([await source(), await source()]).toEqual(['same-source', 'same-source-2']);
  });
});
