// Issue 33 §3, corrections are records: POST /api/correction by the publish right only (editors,
// admins, the super-admin; not fact-checkers), read by anyone for published items only; a rating
// change takes its old verdict from the stored record and sets the new one; saving bumps the
// item's updatedAt (its dateModified), marks its translations "needs update" and is an audit entry;
// a correction is never changed nor deleted. On PGlite and on PostgreSQL (DATABASE_URL).
import { createTestDb, type TestDatabase } from '@tabayyun/db/testing';
import { ANONYMOUS_ACTOR } from '@tabayyun/permissions';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { call as callAs, testConfig } from './build-test-app.ts';
import { buildArticle, buildFactcheck, create, createCriteria } from './factories.ts';

type Doc = Record<string, unknown> & { _id: string };

let t: { app: FastifyInstance; database: TestDatabase };

/** Staff actors by role, each with its own id (`x-test-user: <role>:<n>`); the rest as build-test-app. */
const ROLE_OF = { editor: 'editor', admin: 'admin', factChecker: 'fact-checker' } as const;
let users = 0;
const userOf = (role: keyof typeof ROLE_OF) => ({
  sub: `0c00000000000000000000${String(++users).padStart(2, '0')}`,
  token: `${ROLE_OF[role]}:${users}`,
});
const tokens = {} as Record<keyof typeof ROLE_OF, string>;

beforeAll(async () => {
  const database = await createTestDb();
  const app = await buildApp({
    config: testConfig(),
    database,
    logger: false,
    resolveActor: (request) => {
      const user = request.headers['x-test-user'];
      if (typeof user === 'string') {
        const [role, n] = user.split(':');
        return { sub: `0c00000000000000000000${n!.padStart(2, '0')}`, roles: [role!], anonymous: false };
      }
      const name = request.headers['x-test-actor'];
      if (name === 'superAdmin')
        return { sub: '0f0000000000000000000001', roles: ['super-admin'], anonymous: false };
      return name === undefined ? undefined : ANONYMOUS_ACTOR;
    },
  });
  await app.ready();
  t = { app, database };
  await createCriteria(t.app);
  for (const role of Object.keys(ROLE_OF) as (keyof typeof ROLE_OF)[]) tokens[role] = userOf(role).token;
});
afterAll(async () => {
  await t.app.close();
  await t.database.drop();
});

const call = (...args: Parameters<typeof callAs>) => callAs(...args);
const signIn = async (_t: unknown, [role]: ['editor']) => {
  const user = userOf(role === 'editor' ? 'editor' : role);
  return { sub: user.sub, access_token: user.token };
};
/** An inject as a staff user (`token` from userOf). */
async function request(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  opts: { token: string; body?: unknown },
) {
  const res = await app.inject({
    method,
    url,
    headers: {
      'x-test-user': opts.token,
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(opts.body === undefined ? {} : { payload: JSON.stringify(opts.body) }),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> & { data?: unknown } };
}

const getOne = async (resource: string, id: string): Promise<Doc> =>
  ((await call(t.app, 'GET', `/api/${resource}/${id}`)).body.data as Doc[])[0]!;

async function publishedFactcheck(overrides: Record<string, unknown> = {}) {
  return (
    await create(
      t.app,
      'factcheck',
      buildFactcheck({ status: 'published', category: 'fraud', conclusion: '<p>خلاصة</p>', ...overrides }),
    )
  )._id;
}

const correctionOf = (item: string, overrides: Record<string, unknown> = {}) => ({
  item,
  itemType: 'factcheck',
  type: 'correction',
  note: 'صُحّح تاريخ الحادثة: وقعت في ٢٠٢٣ لا في ٢٠٢٢.',
  ...overrides,
});

describe('who adds a correction', () => {
  it('editors, admins and the super-admin add one; fact-checkers and anonymous callers do not', async () => {
    const item = await publishedFactcheck();
    for (const role of ['editor', 'admin'] as const) {
      const res = await request(t.app, 'POST', '/api/correction', {
        token: tokens[role],
        body: correctionOf(item, { type: 'clarification' }),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expect((await call(t.app, 'POST', '/api/correction', correctionOf(item))).status).toBe(200);
    const refused = await request(t.app, 'POST', '/api/correction', {
      token: tokens.factChecker,
      body: correctionOf(item),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    const anonymous = await call(t.app, 'POST', '/api/correction', correctionOf(item), 'anonymous');
    expect([401, 403]).toContain(anonymous.status);
    const list = await call(t.app, 'GET', `/api/correction?item=${item}`);
    expect(list.body.total).toBe(3);
  });

  it('records who and when, and the item’s language; a fact-checker reads the corrections', async () => {
    const item = await publishedFactcheck({ language: 'en', title: 'A claim in English' });
    const editor = await signIn(t, ['editor']);
    const res = await request(t.app, 'POST', '/api/correction', {
      token: editor.access_token,
      body: correctionOf(item, { type: 'update', note: 'Updated with the ministry’s answer.' }),
    });
    expect(res.status).toBe(200);
    const doc = (res.body as { document: Doc }).document;
    expect(doc).toMatchObject({ item, itemType: 'factcheck', type: 'update', language: 'en' });
    expect(doc.createdBy).toBe(editor.sub);
    expect(Number.isNaN(Date.parse(String(doc.createdAt)))).toBe(false);
    const read = await request(t.app, 'GET', `/api/correction?item=${item}`, { token: tokens.factChecker });
    expect(read.status).toBe(200);
    expect((read.body.data as Doc[]).map((c) => c._id)).toEqual([doc._id]);
  });

  it('refuses bad input with a clear error', async () => {
    const item = await publishedFactcheck();
    const draft = (await create(t.app, 'factcheck', buildFactcheck({ status: 'draft' })))._id;
    const cases: [Record<string, unknown>, string][] = [
      [correctionOf(item, { note: '   ' }), 'note'],
      [correctionOf(item, { type: 'erratum' }), 'type'],
      [correctionOf(item, { itemType: 'feed' }), 'itemType'],
      [correctionOf('0123456789abcdef01234567'), 'item'],
      [correctionOf(draft), 'item'],
      [correctionOf(item, { toCategory: 'confirmed' }), 'toCategory'],
      [correctionOf(item, { type: 'rating-change' }), 'toCategory'],
      [correctionOf(item, { type: 'rating-change', toCategory: 'health' }), 'toCategory'],
      [correctionOf(item, { type: 'rating-change', toCategory: 'fraud' }), 'toCategory'],
      [correctionOf(item, { createdBy: 'someone' }), 'createdBy'],
    ];
    for (const [body, key] of cases) {
      const res = await call(t.app, 'POST', '/api/correction', body);
      if (key === 'createdBy') {
        // Server-owned: ignored, the caller is recorded.
        expect(res.status).toBe(200);
        expect((res.body as { document: Doc }).document.createdBy).not.toBe('someone');
        continue;
      }
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.body.details as object), JSON.stringify(res.body)).toContain(key);
    }
    const article = (await create(t.app, 'article', buildArticle({ status: 'published' })))._id;
    const onArticle = await call(
      t.app,
      'POST',
      '/api/correction',
      correctionOf(article, { itemType: 'article', type: 'rating-change', toCategory: 'confirmed' }),
    );
    expect(onArticle.status).toBe(400);
    expect(Object.keys(onArticle.body.details as object)).toContain('type');
  });

  it('is on the record: no change, no delete, even by the super-admin', async () => {
    const item = await publishedFactcheck();
    const made = await call(t.app, 'POST', '/api/correction', correctionOf(item));
    const id = String(made.body._id);
    const patch = await call(t.app, 'PATCH', `/api/correction/${id}`, [
      { op: 'replace', path: '/note', value: 'rewritten' },
    ]);
    expect(patch.status).toBe(405);
    expect(patch.body.code).toBe('METHOD_NOT_ALLOWED');
    const put = await call(t.app, 'PUT', `/api/correction/${id}`, correctionOf(item, { note: 'rewritten' }));
    expect(put.status).toBe(405);
    const del = await call(t.app, 'DELETE', `/api/correction/${id}`);
    expect(del.status).toBe(405);
    for (const role of ['editor', 'admin'] as const) {
      const res = await request(t.app, 'DELETE', `/api/correction/${id}`, { token: tokens[role] });
      expect(res.status).toBe(403);
    }
    expect((await getOne('correction', id)).note).toBe(correctionOf(item).note);
  });
});

describe('who reads corrections', () => {
  it('anonymous callers read the corrections of published items only', async () => {
    const shown = await publishedFactcheck();
    const withdrawn = await publishedFactcheck();
    const article = (await create(t.app, 'article', buildArticle({ status: 'published' })))._id;
    for (const item of [shown, withdrawn]) {
      expect((await call(t.app, 'POST', '/api/correction', correctionOf(item))).status).toBe(200);
    }
    const onArticle = await call(
      t.app,
      'POST',
      '/api/correction',
      correctionOf(article, { itemType: 'article', note: 'A clarification.' }),
    );
    expect(onArticle.status).toBe(200);
    // The second fact-check and the article leave the public site.
    for (const [resource, id] of [
      ['factcheck', withdrawn],
      ['article', article],
    ]) {
      const res = await call(t.app, 'PATCH', `/api/${resource}/${id}`, [
        { op: 'replace', path: '/status', value: 'draft' },
        { op: 'add', path: '/statusReason', value: 'Retracted: the source recanted.' },
      ]);
      // Before the workflow (issue 33 §1) lands, statusReason is not a field yet: set the status alone.
      if (res.status !== 200) {
        const plain = await call(t.app, 'PATCH', `/api/${resource}/${id}`, [
          { op: 'replace', path: '/status', value: 'draft' },
        ]);
        expect(plain.status, JSON.stringify(plain.body)).toBe(200);
      }
    }
    const items = [shown, withdrawn, article].join(',');
    const anonymous = await call(t.app, 'GET', `/api/correction?item={in}${items}`, undefined, 'anonymous');
    expect(anonymous.status).toBe(200);
    expect((anonymous.body.data as Doc[]).map((c) => c.item)).toEqual([shown]);
    expect(anonymous.body.total).toBe(1);
    const one = await call(t.app, 'GET', `/api/correction/${onArticle.body._id}`, undefined, 'anonymous');
    expect(one.status).toBe(404);
    const staff = await request(t.app, 'GET', `/api/correction?item={in}${items}`, { token: tokens.editor });
    expect((staff.body.data as Doc[]).length).toBe(3);
    // Republished: its corrections are public again.
    expect(
      (
        await call(t.app, 'PATCH', `/api/factcheck/${withdrawn}`, [
          { op: 'replace', path: '/status', value: 'published' },
        ])
      ).status,
    ).toBe(200);
    const again = await call(t.app, 'GET', `/api/correction?item={in}${items}`, undefined, 'anonymous');
    expect((again.body.data as Doc[]).map((c) => c.item).sort()).toEqual([shown, withdrawn].sort());
  });
});

describe('what a correction does to its item', () => {
  it('a rating change takes the old verdict from the record and sets the new one', async () => {
    const item = await publishedFactcheck({ category: 'fraud' });
    const before = await getOne('factcheck', item);
    const res = await call(
      t.app,
      'POST',
      '/api/correction',
      // A forged old verdict is ignored: the server reads it from the stored record.
      correctionOf(item, { type: 'rating-change', toCategory: 'confirmed', fromCategory: 'manipulated' }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as { document: Doc }).document).toMatchObject({
      type: 'rating-change',
      fromCategory: 'fraud',
      toCategory: 'confirmed',
    });
    const after = await getOne('factcheck', item);
    expect(after.category).toBe('confirmed');
    // The score follows the verdict (fraud -3 → confirmed 3).
    expect(Number(after.score) - Number(before.score)).toBe(6);
    // A new version: an editor still holding the old verdict gets a conflict, not an overwrite.
    expect(after._version).not.toBe(before._version);
    const stale = await t.app.inject({
      method: 'PATCH',
      url: `/api/factcheck/${item}`,
      headers: {
        'x-test-actor': 'superAdmin',
        'content-type': 'application/json',
        'if-match': `"${before._version}"`,
      },
      payload: JSON.stringify([{ op: 'replace', path: '/title', value: 'stale edit' }]),
    });
    expect(stale.statusCode).toBe(409);
    const lookup = await call(
      t.app,
      'GET',
      `/api/correction?item=${item}&lookup=fromCategory;toCategory`,
      undefined,
      'anonymous',
    );
    const [listed] = lookup.body.data as Doc[];
    expect((listed!.fromCategory as Doc).name).toBe('زائف');
    expect((listed!.toCategory as Doc).name).toBe('صحيح');
  });

  it('bumps the item’s updatedAt (dateModified) but not its version for a plain correction', async () => {
    const item = await publishedFactcheck();
    const before = await getOne('factcheck', item);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await call(t.app, 'POST', '/api/correction', correctionOf(item))).status).toBe(200);
    const after = await getOne('factcheck', item);
    expect(Date.parse(String(after.updatedAt))).toBeGreaterThan(Date.parse(String(before.updatedAt)));
    expect(after._version).toBe(before._version);
    expect(after.publishedAt).toEqual(before.publishedAt);
  });

  it('marks the item’s translations "needs update", fact-checks and articles alike', async () => {
    const source = await publishedFactcheck();
    const translation = (
      await create(
        t.app,
        'factcheck',
        buildFactcheck({ language: 'en', title: 'Claim', translation_id: source, status: 'published' }),
      )
    )._id;
    expect((await getOne('factcheck', translation)).needsUpdate).toBe(false);
    expect((await call(t.app, 'POST', '/api/correction', correctionOf(source))).status).toBe(200);
    expect((await getOne('factcheck', translation)).needsUpdate).toBe(true);
    expect((await getOne('factcheck', source)).needsUpdate).toBe(false);

    const articleSource = (await create(t.app, 'article', buildArticle({ status: 'published' })))._id;
    const articleTranslation = (
      await create(t.app, 'article', buildArticle({ language: 'tr', translation_id: articleSource }))
    )._id;
    expect((await getOne('article', articleTranslation)).needsUpdate).toBe(false);
    const res = await call(
      t.app,
      'POST',
      '/api/correction',
      correctionOf(articleSource, { itemType: 'article', type: 'update' }),
    );
    expect(res.status).toBe(200);
    expect((await getOne('article', articleTranslation)).needsUpdate).toBe(true);
  });

  it('is an audit entry naming the item, the actor and the verdicts', async () => {
    const item = await publishedFactcheck({ category: 'confirmed' });
    const editor = await signIn(t, ['editor']);
    const res = await request(t.app, 'POST', '/api/correction', {
      token: editor.access_token,
      body: correctionOf(item, { type: 'rating-change', toCategory: 'fraud' }),
    });
    expect(res.status).toBe(200);
    const audit = await call(t.app, 'GET', `/api/audit?type=correction&target=${item}`);
    expect(audit.status).toBe(200);
    const [entry] = audit.body.data as Doc[];
    expect(entry).toMatchObject({
      type: 'correction',
      actor: editor.sub,
      target: item,
      targetType: 'factcheck',
    });
    expect(entry!.details).toMatchObject({
      correction: res.body._id,
      type: 'rating-change',
      fromCategory: 'confirmed',
      toCategory: 'fraud',
    });
  });

  it('a failed correction changes nothing on its item', async () => {
    const item = await publishedFactcheck();
    const before = await getOne('factcheck', item);
    const res = await call(
      t.app,
      'POST',
      '/api/correction',
      correctionOf(item, { type: 'rating-change', toCategory: 'topic' }),
    );
    expect(res.status).toBe(400);
    const after = await getOne('factcheck', item);
    expect(after.updatedAt).toEqual(before.updatedAt);
    expect(after.category).toBe(before.category);
  });
});
