// Issue 12, revisions: every save of a fact-check or article stores the whole document in the
// save's transaction; history is listed, read and restored under the record's own permissions.
// On PGlite and on PostgreSQL (DATABASE_URL).
import { factcheck, revision, sql } from '@tabayyun/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistry } from '../src/modules/content/registry.ts';
import { createResourceService } from '../src/modules/resources/resources.service.ts';
import { ACTORS, buildTestApp, call, request, signIn, type TestApp } from './build-test-app.ts';
import { buildArticle, buildFactcheck, create, createCriteria } from './factories.ts';

let t: TestApp;
let editor: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  t = await buildTestApp();
  await createCriteria(t.app);
  editor = await signIn(t, ['editor']);
});
afterAll(() => t.close());

type Doc = Record<string, unknown>;
interface Summary {
  number: number;
  _version: string;
  action: string;
  restoredFrom: number | null;
  user: { _id: string; name: string | null } | null;
  createdAt: string;
  changed: string[];
}
const history = async (resource: string, id: string, query = '') => {
  const res = await request(t.app, 'GET', `/api/${resource}/${id}/revisions${query}`, {
    token: editor.access_token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as { data: Summary[]; total: number };
};
const as = (token: string) => ({
  post: (url: string, body: unknown) => request(t.app, 'POST', url, { token, body }),
  put: (url: string, body: unknown) => request(t.app, 'PUT', url, { token, body }),
  patch: (url: string, body: unknown) => request(t.app, 'PATCH', url, { token, body }),
  get: (url: string) => request(t.app, 'GET', url, { token }),
});

describe('every save stores a revision', () => {
  it('create, replace, patch (a status change) and restore each add one, newest first', async () => {
    const ed = as(editor.access_token);
    const created = await ed.post('/api/factcheck', buildFactcheck({ title: 'الأول', category: 'fraud' }));
    const id = String(created.body._id);
    const first = created.body.document as Doc;
    const put = await ed.put(`/api/factcheck/${id}`, {
      title: 'الثاني',
      description: first.description,
      category: 'fraud',
    });
    expect(put.status).toBe(200);
    const patch = await ed.patch(`/api/factcheck/${id}`, [
      { op: 'replace', path: '/status', value: 'review' },
    ]);
    expect(patch.status).toBe(200);

    const { data, total } = await history('factcheck', id);
    expect(total).toBe(3);
    expect(data.map((r) => [r.number, r.action])).toEqual([
      [3, 'update'],
      [2, 'update'],
      [1, 'create'],
    ]);
    expect(data[0]).toMatchObject({
      _version: (patch.body.document as Doc)._version,
      user: { _id: editor.sub, name: 'Test editor' },
      changed: ['status'],
      restoredFrom: null,
    });
    expect(data[1]!.changed).toEqual(['title']);
    expect(data[2]!.changed).toEqual([]);
    expect(Date.parse(data[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(data[2]!.createdAt));

    const one = await ed.get(`/api/factcheck/${id}/revisions/1`);
    expect(one.status).toBe(200);
    const rev = (one.body.data as (Summary & { document: Doc })[])[0]!;
    expect(rev).toMatchObject({ number: 1, action: 'create', user: { _id: editor.sub } });
    expect(rev.document).toMatchObject({
      _id: id,
      title: 'الأول',
      status: 'draft',
      _version: first._version,
    });

    const restored = await ed.post(`/api/factcheck/${id}/revisions/1/restore`, undefined);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    const doc = restored.body.document as Doc;
    // A restore brings back content; the status stays where the workflow has it (ADR 039).
    expect(doc).toMatchObject({ _id: id, title: 'الأول', status: 'review' });
    expect(restored.headers.etag).toBe(`"${doc._version}"`);
    const after = await history('factcheck', id);
    expect(after.total).toBe(4);
    expect(after.data[0]).toMatchObject({ number: 4, action: 'restore', restoredFrom: 1 });
    expect(after.data[0]!.changed.sort()).toEqual(['title']);
  });

  it('also for articles, and for fact-checks made by Investigate', async () => {
    const article = await create(t.app, 'article', buildArticle());
    await call(t.app, 'PATCH', `/api/article/${article._id}`, [
      { op: 'replace', path: '/content', value: '<p>ب</p>' },
    ]);
    expect((await history('article', article._id)).data.map((r) => r.changed)).toEqual([['content'], []]);

    const feed = await create(t.app, 'feed', { title: 'خبر', description: 'وصف' });
    await call(t.app, 'POST', `/api/feed/${feed._id}/review`);
    const investigated = await call(t.app, 'POST', `/api/feed/${feed._id}/investigate`);
    expect((await history('factcheck', String(investigated.body._id))).total).toBe(1);
  });

  it('pages: per_page and page, total counts all', async () => {
    const { _id } = await create(t.app, 'factcheck', buildFactcheck());
    for (const title of ['ب', 'ج', 'د', 'هـ']) {
      await call(t.app, 'PATCH', `/api/factcheck/${_id}`, [{ op: 'replace', path: '/title', value: title }]);
    }
    const page2 = await history('factcheck', _id, '?per_page=2&page=2');
    expect(page2.total).toBe(5);
    expect(page2.data.map((r) => r.number)).toEqual([3, 2]);
  });

  it('a write that fails after its revision is stored leaves neither the change nor the revision', async () => {
    const { _id } = await create(t.app, 'factcheck', buildFactcheck({ title: 'قبل' }));
    const base = t.app.services.registry.get('factcheck')!;
    const failing = createResourceService({
      db: t.database.db,
      registry: createRegistry([
        {
          ...base,
          async afterWrite() {
            throw new Error('boom after the revision insert');
          },
        },
      ]),
      guard: t.app.services.guard,
      apiBase: t.config.API_BASE,
    });
    const count = async (id?: string) =>
      (
        await t.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(revision)
          .where(id ? sql`${revision.recordId} = ${id}` : sql`true`)
      )[0]!.n;
    await expect(
      failing.patch({
        actor: ACTORS.superAdmin,
        resource: 'factcheck',
        id: _id,
        operations: [{ op: 'replace', path: '/title', value: 'بعد' }],
      }),
    ).rejects.toThrow('boom');
    expect(await count(_id)).toBe(1);
    const [row] = await t.database.db
      .select({ title: factcheck.title, version: factcheck.version })
      .from(factcheck)
      .where(sql`${factcheck._id} = ${_id}`);
    expect(row).toEqual({ title: 'قبل', version: 1 });

    const total = await count();
    await expect(
      failing.create({ actor: ACTORS.superAdmin, resource: 'factcheck', input: buildFactcheck() }),
    ).rejects.toThrow('boom');
    expect(await count()).toBe(total);
  });

  it('a revision exists for every successful save: numbers follow the record version', async () => {
    const { _id } = await create(t.app, 'factcheck', buildFactcheck());
    for (let i = 0; i < 3; i++) {
      await call(t.app, 'PATCH', `/api/factcheck/${_id}`, [
        { op: 'replace', path: '/description', value: `و${i}` },
      ]);
    }
    const current = (await call(t.app, 'GET', `/api/factcheck/${_id}`)).body.data as Doc[];
    const { data } = await history('factcheck', _id);
    expect(data.map((r) => r.number)).toEqual([4, 3, 2, 1]);
    expect(data[0]!._version).toBe(current[0]!._version);
  });
});

describe('bad input', () => {
  it('answers 400 or 404 with a catalogue code, never a 500', async () => {
    const { _id } = await create(t.app, 'factcheck', buildFactcheck());
    const ed = as(editor.access_token);
    expect((await ed.get(`/api/factcheck/${_id}/revisions/abc`)).body.code).toBe('VALIDATION_FAILED');
    expect((await ed.get(`/api/factcheck/${_id}/revisions/0`)).status).toBe(400);
    expect((await ed.get(`/api/factcheck/${_id}/revisions/99`)).body.code).toBe('NOT_FOUND');
    expect((await ed.post(`/api/factcheck/${_id}/revisions/99/restore`, undefined)).status).toBe(404);
    for (const q of ['?per_page=0', '?per_page=101', '?page=x', '?page=-1']) {
      const res = await ed.get(`/api/factcheck/${_id}/revisions${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.code).toBe('INVALID_QUERY');
    }
    expect((await ed.get('/api/factcheck/000000000000000000000000/revisions')).status).toBe(404);
    expect((await ed.get(`/api/author/${_id}/revisions`)).status).toBe(404);
  });

  it('restoring over a newer version with a stale If-Match is 409', async () => {
    const { _id, document } = await create(t.app, 'factcheck', buildFactcheck());
    await call(t.app, 'PATCH', `/api/factcheck/${_id}`, [{ op: 'replace', path: '/title', value: 'جديد' }]);
    const res = await request(t.app, 'POST', `/api/factcheck/${_id}/revisions/1/restore`, {
      token: editor.access_token,
      headers: { 'if-match': `"${document._version}"` },
    });
    expect(res.status).toBe(409);
    expect(res.body.details).toMatchObject({ fields: ['title'], fieldsFrom: 'revision' });
    expect((await history('factcheck', _id)).total).toBe(2);
  });
});

describe('the same permissions as the record', () => {
  it('anonymous readers see no history, even of a published item', async () => {
    const { _id } = await create(t.app, 'factcheck', buildFactcheck({ status: 'published' }));
    expect((await call(t.app, 'GET', `/api/factcheck/${_id}`, undefined, 'anonymous')).status).toBe(200);
    const res = await call(t.app, 'GET', `/api/factcheck/${_id}/revisions`, undefined, 'anonymous');
    expect(res.status).toBe(401);
    expect(
      (await call(t.app, 'GET', `/api/factcheck/${_id}/revisions/1`, undefined, 'anonymous')).status,
    ).toBe(401);
    expect(
      (await call(t.app, 'POST', `/api/factcheck/${_id}/revisions/1/restore`, undefined, 'anonymous')).status,
    ).toBe(401);
  });

  it('read selectors apply: a fact-checker who cannot read a record cannot read its history', async () => {
    const admin = await signIn(t, ['admin']);
    const checker = await signIn(t, ['fact-checker']);
    const ar = await create(t.app, 'factcheck', buildFactcheck({ language: 'ar' }));
    const en = await create(t.app, 'factcheck', buildFactcheck({ language: 'en' }));
    const rule = await as(admin.access_token).post('/api/permission', {
      name: 'fact-checkers read English fact-checks only',
      path: '/api/factcheck',
      actions: {
        Read: [
          { by: 'role', value: 'fact-checker', access: 'grant', selectors: { query: 'language=en' } },
          { by: 'role', value: 'editor', access: 'grant' },
        ],
      },
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    try {
      const fc = as(checker.access_token);
      expect((await fc.get(`/api/factcheck/${ar._id}`)).status).toBe(404);
      expect((await fc.get(`/api/factcheck/${ar._id}/revisions`)).status).toBe(404);
      expect((await fc.get(`/api/factcheck/${ar._id}/revisions/1`)).status).toBe(404);
      expect((await fc.get(`/api/factcheck/${en._id}/revisions`)).status).toBe(200);
      expect((await fc.get(`/api/factcheck/${en._id}/revisions/1`)).status).toBe(200);
    } finally {
      await request(t.app, 'DELETE', `/api/permission/${rule.body._id}`, { token: admin.access_token });
    }
  });

  it('restore needs Update and meets its payload selectors: a fact-checker cannot restore a published version', async () => {
    const checker = await signIn(t, ['fact-checker']);
    const { _id } = await create(t.app, 'factcheck', buildFactcheck({ status: 'published' }));
    // A second version; the item stays published (a restore keeps the status: ADR 039).
    await call(t.app, 'PATCH', `/api/factcheck/${_id}`, [
      { op: 'replace', path: '/description', value: 'وصف ثان' },
    ]);
    const fc = as(checker.access_token);
    expect((await fc.get(`/api/factcheck/${_id}/revisions`)).status).toBe(200);
    const res = await fc.post(`/api/factcheck/${_id}/revisions/1/restore`, undefined);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect((await history('factcheck', _id)).total).toBe(2);
    // A signed-in user without a staff grant has no history to see nor restore (issue 34).
    const reader = await signIn(t, []);
    const denied = await as(reader.access_token).post(`/api/factcheck/${_id}/revisions/2/restore`, undefined);
    expect(denied.status).toBe(403);
  });
});
