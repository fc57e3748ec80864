// Issue 12, translations follow their source: when a source's rating fields (fact-checks) or
// content (articles) change after a translation was saved, the translation "needs update" until it
// is saved again; lists show each item's languages. On PGlite and on PostgreSQL (DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { buildTestApp, call, request, signIn, type TestApp } from './build-test-app.ts';
import { buildArticle, buildFactcheck, create, createCriteria } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await createCriteria(t.app);
});
afterAll(() => t.close());

type Doc = Record<string, unknown>;
const needsUpdate = async (resource: string, id: string) => {
  const one = await call(t.app, 'GET', `/api/${resource}/${id}`);
  const list = await call(t.app, 'GET', `/api/${resource}?_id=${id}&select=needsUpdate`);
  const fromGet = (one.body.data as Doc[])[0]!.needsUpdate;
  expect((list.body.data as Doc[])[0]!.needsUpdate).toBe(fromGet);
  return fromGet;
};
const patch = (resource: string, id: string, path: string, value: unknown) =>
  call(t.app, 'PATCH', `/api/${resource}/${id}`, [{ op: 'replace', path, value }]);

async function factcheckPair() {
  const source = await create(
    t.app,
    'factcheck',
    buildFactcheck({
      category: 'fraud',
      conclusion: '<p>الخلاصة</p>',
      evaluation: [{ category: 'fabricated', score: -2, description: 'سبب' }],
    }),
  );
  const translation = await create(
    t.app,
    'factcheck',
    buildFactcheck({
      language: 'en',
      title: 'Claim',
      translation_id: source._id,
      conclusion: '<p>Conclusion</p>',
    }),
  );
  return { source: source._id, translation: translation._id };
}

describe('needsUpdate on fact-check translations', () => {
  it('turns true when the source’s conclusion changes and false again when the translation is saved', async () => {
    const { source, translation } = await factcheckPair();
    expect(await needsUpdate('factcheck', translation)).toBe(false);
    expect(await needsUpdate('factcheck', source)).toBe(false);

    expect((await patch('factcheck', source, '/conclusion', '<p>خلاصة جديدة</p>')).status).toBe(200);
    expect(await needsUpdate('factcheck', translation)).toBe(true);
    // The source itself never needs an update.
    expect(await needsUpdate('factcheck', source)).toBe(false);
    const filtered = await call(t.app, 'GET', `/api/factcheck?needsUpdate=true&translation_id=${source}`);
    expect((filtered.body.data as Doc[]).map((d) => d._id)).toEqual([translation]);

    expect((await patch('factcheck', translation, '/conclusion', '<p>New conclusion</p>')).status).toBe(200);
    expect(await needsUpdate('factcheck', translation)).toBe(false);
  });

  it('stays false when only the source’s title (or another field it does not follow) changes', async () => {
    const { source, translation } = await factcheckPair();
    expect((await patch('factcheck', source, '/title', 'عنوان آخر')).status).toBe(200);
    expect((await patch('factcheck', source, '/description', 'وصف آخر')).status).toBe(200);
    // A PUT carrying the same rating fields (jsonb gives evaluation keys back in its own order).
    const doc = ((await call(t.app, 'GET', `/api/factcheck/${source}`)).body.data as Doc[])[0]!;
    const put = await call(t.app, 'PUT', `/api/factcheck/${source}`, {
      title: doc.title,
      description: doc.description,
      category: doc.category,
      conclusion: doc.conclusion,
      evaluation: [{ score: -2, description: 'سبب', category: 'fabricated' }],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(await needsUpdate('factcheck', translation)).toBe(false);
  });

  it.each([
    ['category', '/category', 'confirmed'],
    ['evaluation', '/evaluation', [{ category: 'manipulated', score: -1 }]],
  ])('turns true when the source’s %s (and so its score) changes', async (_name, path, value) => {
    const { source, translation } = await factcheckPair();
    expect((await patch('factcheck', source, path, value)).status).toBe(200);
    expect(await needsUpdate('factcheck', translation)).toBe(true);
    const saved = await call(t.app, 'PUT', `/api/factcheck/${translation}`, {
      ...buildFactcheck({ language: 'en', title: 'Claim' }),
      translation_id: source,
    });
    expect(saved.status).toBe(200);
    expect(await needsUpdate('factcheck', translation)).toBe(false);
  });

  it('is the same answer on another instance', async () => {
    const { source, translation } = await factcheckPair();
    await patch('factcheck', source, '/conclusion', '<p>تغيير</p>');
    const editor = await signIn(t, ['editor']);
    const other = await buildApp({ config: t.config, database: t.database, logger: false });
    try {
      await other.ready();
      const res = await request(other, 'GET', `/api/factcheck/${translation}`, {
        token: editor.access_token,
      });
      expect((res.body.data as Doc[])[0]!.needsUpdate).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe('needsUpdate on article translations', () => {
  it('follows the source’s content only', async () => {
    const source = await create(t.app, 'article', buildArticle());
    const translation = await create(
      t.app,
      'article',
      buildArticle({ language: 'tr', title: 'Makale', translation_id: source._id }),
    );
    await patch('article', source._id, '/title', 'عنوان جديد');
    expect(await needsUpdate('article', translation._id)).toBe(false);
    await patch('article', source._id, '/content', '<p>نص جديد</p>');
    expect(await needsUpdate('article', translation._id)).toBe(true);
    await patch('article', translation._id, '/title', 'Yeni');
    expect(await needsUpdate('article', translation._id)).toBe(false);
  });
});

describe('lookup=translations', () => {
  it('lists every language of each item’s group, as the caller may read them', async () => {
    const source = await create(
      t.app,
      'factcheck',
      buildFactcheck({ status: 'published', conclusion: '<p>أ</p>' }),
    );
    const en = await create(
      t.app,
      'factcheck',
      buildFactcheck({ status: 'published', language: 'en', translation_id: source._id }),
    );
    const tr = await create(
      t.app,
      'factcheck',
      buildFactcheck({ language: 'tr', translation_id: source._id }),
    );
    await patch('factcheck', source._id, '/conclusion', '<p>ب</p>');
    await patch('factcheck', en._id, '/title', 'Saved again');

    const list = await call(
      t.app,
      'GET',
      `/api/factcheck?_id={in}${source._id},${tr._id}&select=title&lookup=translations&sort_by=language`,
    );
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const expected = [
      { _id: source._id, language: 'ar', status: 'published', isSource: true, needsUpdate: false },
      { _id: en._id, language: 'en', status: 'published', isSource: false, needsUpdate: false },
      { _id: tr._id, language: 'tr', status: 'draft', isSource: false, needsUpdate: true },
    ];
    for (const doc of list.body.data as Doc[]) expect(doc.translations).toEqual(expected);

    const anonymous = await call(
      t.app,
      'GET',
      `/api/factcheck/${en._id}?lookup=translations`,
      undefined,
      'anonymous',
    );
    expect(((anonymous.body.data as Doc[])[0]!.translations as Doc[]).map((m) => m.language)).toEqual([
      'ar',
      'en',
    ]);

    const alone = await create(t.app, 'article', buildArticle());
    const single = await call(t.app, 'GET', `/api/article/${alone._id}?lookup=translations`);
    expect((single.body.data as Doc[])[0]!.translations).toEqual([
      { _id: alone._id, language: 'ar', status: 'draft', isSource: true, needsUpdate: false },
    ]);
    expect((await call(t.app, 'GET', '/api/author?lookup=translations')).body.code).toBe('INVALID_QUERY');
  });
});
