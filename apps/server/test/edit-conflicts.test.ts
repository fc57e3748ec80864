// Issue 12, optimistic concurrency: every record answers its version as an ETag (and `_version`);
// a write carrying an older If-Match is 409 EDIT_CONFLICT naming who changed what, and writes
// nothing. On PGlite and on PostgreSQL (DATABASE_URL).
import { revision, sql } from '@tabayyun/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { buildTestApp, call, request, signIn, type TestApp } from './build-test-app.ts';
import { buildFactcheck, create, createCriteria } from './factories.ts';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signIn>>;
let bob: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  t = await buildTestApp();
  await createCriteria(t.app);
  alice = await signIn(t, ['editor']);
  bob = await signIn(t, ['editor']);
});
afterAll(() => t.close());

type Doc = Record<string, unknown>;
const load = async (resource: string, id: string, token?: string) => {
  const res = token
    ? await request(t.app, 'GET', `/api/${resource}/${id}`, { token })
    : await call(t.app, 'GET', `/api/${resource}/${id}`);
  expect(res.status).toBe(200);
  const doc = (res.body.data as Doc[])[0]!;
  return { doc, etag: String(res.headers.etag) };
};
const revisionCount = async (id: string) => {
  const rows = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(revision)
    .where(sql`${revision.recordId} = ${id}`);
  return rows[0]!.n;
};
const bodyOf = (doc: Doc, changes: Doc) => ({
  title: doc.title,
  description: doc.description,
  status: doc.status,
  category: doc.category,
  conclusion: doc.conclusion,
  ...changes,
});

describe('versions', () => {
  it('GET answers a strong ETag, the same as the document _version, on every instance', async () => {
    const { _id } = await create(t.app, 'factcheck', buildFactcheck());
    const { doc, etag } = await load('factcheck', _id);
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(etag).toBe(`"${doc._version}"`);
    expect(doc).not.toHaveProperty('version');
    const list = await call(t.app, 'GET', `/api/factcheck?_id=${_id}&select=title,_version`);
    expect((list.body.data as Doc[])[0]).toEqual({ _id, title: doc.title, _version: doc._version });
    // Like any field, `_version` follows select.
    const narrow = await call(t.app, 'GET', `/api/factcheck?_id=${_id}&select=title`);
    expect((narrow.body.data as Doc[])[0]).toEqual({ _id, title: doc.title });
    const without = await call(t.app, 'GET', `/api/factcheck/${_id}?select=!_version`);
    expect((without.body.data as Doc[])[0]).not.toHaveProperty('_version');
    const other = await buildApp({ config: t.config, database: t.database, logger: false });
    try {
      await other.ready();
      // The second instance resolves no test actors: an editor reads through a real token.
      const there = await request(other, 'GET', `/api/factcheck/${_id}`, { token: alice.access_token });
      expect(there.status).toBe(200);
      expect(there.headers.etag).toBe(etag);
    } finally {
      await other.close();
    }
  });

  it('changes on every write: PUT, PATCH, a feed action, the feed link of Investigate', async () => {
    const { _id } = await create(t.app, 'factcheck', buildFactcheck());
    const seen = new Set([(await load('factcheck', _id)).etag]);
    const first = await load('factcheck', _id);
    expect(
      (await call(t.app, 'PUT', `/api/factcheck/${_id}`, bodyOf(first.doc, { title: 'جديد' }))).status,
    ).toBe(200);
    seen.add((await load('factcheck', _id)).etag);
    const patch = await call(t.app, 'PATCH', `/api/factcheck/${_id}`, [
      { op: 'replace', path: '/status', value: 'review' },
    ]);
    expect(patch.status).toBe(200);
    expect(patch.headers.etag).toBe(`"${(patch.body.document as Doc)._version}"`);
    seen.add((await load('factcheck', _id)).etag);
    expect(seen.size).toBe(3);

    const feed = await create(t.app, 'feed', { title: 'خبر', description: 'وصف' });
    const feedTags = new Set([(await load('feed', feed._id)).etag]);
    expect((await call(t.app, 'POST', `/api/feed/${feed._id}/review`)).status).toBe(200);
    feedTags.add((await load('feed', feed._id)).etag);
    expect((await call(t.app, 'POST', `/api/feed/${feed._id}/investigate`)).status).toBe(200);
    feedTags.add((await load('feed', feed._id)).etag);
    expect(feedTags.size).toBe(3);
  });

  it('a refused write leaves the version as it was', async () => {
    const { _id } = await create(t.app, 'factcheck', buildFactcheck());
    const before = await load('factcheck', _id);
    const bad = await call(t.app, 'PUT', `/api/factcheck/${_id}`, { title: '' });
    expect(bad.status).toBe(400);
    expect((await load('factcheck', _id)).etag).toBe(before.etag);
  });
});

describe('If-Match', () => {
  it('two editors load; the first saves; the second’s stale PUT and PATCH are 409 and write nothing', async () => {
    const created = await request(t.app, 'POST', '/api/factcheck', {
      token: alice.access_token,
      body: buildFactcheck({ category: 'fraud', conclusion: '<p>خلاصة</p>' }),
    });
    const id = String(created.body._id);
    const a = await load('factcheck', id, alice.access_token);
    const b = await load('factcheck', id, bob.access_token);
    expect(b.etag).toBe(a.etag);

    const saved = await request(t.app, 'PUT', `/api/factcheck/${id}`, {
      token: alice.access_token,
      headers: { 'if-match': a.etag },
      body: bodyOf(a.doc, { title: 'عنوان أليس', category: 'confirmed' }),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const current = await load('factcheck', id);
    expect(saved.headers.etag).toBe(current.etag);
    expect(current.etag).not.toBe(a.etag);
    const revisionsBefore = await revisionCount(id);

    const stalePut = await request(t.app, 'PUT', `/api/factcheck/${id}`, {
      token: bob.access_token,
      headers: { 'if-match': b.etag },
      body: bodyOf(b.doc, { conclusion: '<p>خلاصة بوب</p>' }),
    });
    expect(stalePut.status).toBe(409);
    expect(stalePut.body).toMatchObject({
      statusCode: 409,
      code: 'EDIT_CONFLICT',
      details: {
        resource: 'factcheck',
        id,
        yourVersion: b.doc._version,
        currentVersion: current.doc._version,
        changedBy: { _id: alice.sub, name: 'Test editor' },
        changedAt: current.doc.updatedAt,
        fieldsFrom: 'revision',
      },
    });
    // What Alice changed since Bob loaded: the title, the rating and the score it gives.
    expect((stalePut.body.details as { fields: string[] }).fields.sort()).toEqual([
      'category',
      'score',
      'title',
    ]);

    const stalePatch = await request(t.app, 'PATCH', `/api/factcheck/${id}`, {
      token: bob.access_token,
      headers: { 'if-match': b.etag },
      body: [{ op: 'replace', path: '/title', value: 'عنوان بوب' }],
    });
    expect(stalePatch.status).toBe(409);
    expect(stalePatch.body.code).toBe('EDIT_CONFLICT');
    expect((stalePatch.body.details as { changedBy: Doc }).changedBy).toEqual({
      _id: alice.sub,
      name: 'Test editor',
    });

    const after = await load('factcheck', id);
    expect(after.etag).toBe(current.etag);
    expect(after.doc).toMatchObject({ title: 'عنوان أليس', conclusion: '<p>خلاصة</p>' });
    expect(await revisionCount(id)).toBe(revisionsBefore);

    // Reloaded, Bob saves with the current ETag; a client without If-Match keeps today's behaviour.
    const retry = await request(t.app, 'PATCH', `/api/factcheck/${id}`, {
      token: bob.access_token,
      headers: { 'if-match': current.etag },
      body: [{ op: 'replace', path: '/title', value: 'عنوان بوب' }],
    });
    expect(retry.status).toBe(200);
    const blind = await request(t.app, 'PATCH', `/api/factcheck/${id}`, {
      token: bob.access_token,
      body: [{ op: 'replace', path: '/status', value: 'review' }],
    });
    expect(blind.status).toBe(200);
    expect((await load('factcheck', id)).doc).toMatchObject({
      title: 'عنوان بوب',
      status: 'review',
      updatedBy: bob.sub,
    });
  });

  it('names only what the other editor changed, not who edited last (lastEditedBy is bookkeeping)', async () => {
    const created = await request(t.app, 'POST', '/api/factcheck', {
      token: bob.access_token,
      body: buildFactcheck({ category: 'fraud' }),
    });
    const id = String(created.body._id);
    const b = await load('factcheck', id, bob.access_token);
    const saved = await request(t.app, 'PATCH', `/api/factcheck/${id}`, {
      token: alice.access_token,
      headers: { 'if-match': b.etag },
      body: [{ op: 'replace', path: '/title', value: 'عنوان أليس الجديد' }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const stale = await request(t.app, 'PATCH', `/api/factcheck/${id}`, {
      token: bob.access_token,
      headers: { 'if-match': b.etag },
      body: [{ op: 'replace', path: '/description', value: 'وصف بوب' }],
    });
    expect(stale.status).toBe(409);
    expect((stale.body.details as { fields: string[] }).fields).toEqual(['title']);
  });

  it('accepts the tag without quotes, in a list, or *; a weak tag never matches', async () => {
    const { _id } = await create(t.app, 'factcheck', buildFactcheck());
    const patch = (ifMatch: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/factcheck/${_id}`,
        headers: { 'x-test-actor': 'superAdmin', 'content-type': 'application/json', 'if-match': ifMatch },
        payload: JSON.stringify([{ op: 'replace', path: '/description', value: `وصف ${Math.random()}` }]),
      });
    let { doc } = await load('factcheck', _id);
    expect((await patch(String(doc._version))).statusCode).toBe(200);
    ({ doc } = await load('factcheck', _id));
    expect((await patch(`"1.zz", "${doc._version}"`)).statusCode).toBe(200);
    expect((await patch('*')).statusCode).toBe(200);
    ({ doc } = await load('factcheck', _id));
    expect((await patch(`W/"${doc._version}"`)).statusCode).toBe(409);
    expect((await patch('"not-a-version"')).statusCode).toBe(409);
  });

  it('of two concurrent saves with the same ETag, exactly one wins', async () => {
    const { _id } = await create(t.app, 'factcheck', buildFactcheck());
    const { doc, etag } = await load('factcheck', _id);
    const results = await Promise.all(
      ['أ', 'ب'].map((title) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/factcheck/${_id}`,
          headers: { 'x-test-actor': 'superAdmin', 'content-type': 'application/json', 'if-match': etag },
          payload: JSON.stringify(bodyOf(doc, { title })),
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await revisionCount(_id)).toBe(2);
  });

  it('DELETE with a stale ETag is 409 and keeps the record; with the current one it deletes', async () => {
    const { _id } = await create(t.app, 'factcheck', buildFactcheck());
    const { etag } = await load('factcheck', _id);
    await call(t.app, 'PATCH', `/api/factcheck/${_id}`, [{ op: 'replace', path: '/title', value: 'تغيير' }]);
    const del = (tag: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/factcheck/${_id}`,
        headers: { 'x-test-actor': 'superAdmin', 'if-match': tag },
      });
    const stale = await del(etag);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().details).toMatchObject({ fields: ['title'], fieldsFrom: 'revision' });
    const current = await load('factcheck', _id);
    expect((await del(current.etag)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/factcheck/${_id}`)).status).toBe(404);
  });

  it('on a resource without revisions the conflict names the fields the save would change', async () => {
    const author = await request(t.app, 'POST', '/api/author', {
      token: alice.access_token,
      body: { name: 'كاتب', bio: 'سيرة' },
    });
    const id = String(author.body._id);
    const a = await load('author', id);
    const first = await request(t.app, 'PUT', `/api/author/${id}`, {
      token: alice.access_token,
      headers: { 'if-match': a.etag },
      body: { name: 'كاتب', bio: 'سيرة جديدة' },
    });
    expect(first.status).toBe(200);
    const stale = await request(t.app, 'PUT', `/api/author/${id}`, {
      token: bob.access_token,
      headers: { 'if-match': a.etag },
      body: { name: 'اسم آخر', bio: 'سيرة' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.details).toMatchObject({
      resource: 'author',
      changedBy: { _id: alice.sub, name: 'Test editor' },
      fieldsFrom: 'submitted',
    });
    expect((stale.body.details as { fields: string[] }).fields.sort()).toEqual(['bio', 'name']);
    expect((await load('author', id)).doc).toMatchObject({ name: 'كاتب', bio: 'سيرة جديدة' });
  });

  it('server-owned fields in a body are ignored, not written', async () => {
    const { _id } = await create(t.app, 'factcheck', buildFactcheck());
    const { doc } = await load('factcheck', _id);
    const res = await call(
      t.app,
      'PUT',
      `/api/factcheck/${_id}`,
      bodyOf(doc, { _version: '99.zz', updatedBy: 'someone', needsUpdate: true, translations: [] }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const document = res.body.document as Doc;
    expect(document._version).not.toBe('99.zz');
    expect(document.updatedBy).toBe('0f0000000000000000000001');
  });
});

describe('OpenAPI', () => {
  it('documents If-Match, the ETag, the 409 and the new routes', async () => {
    const res = await call(t.app, 'GET', '/api/docs/json');
    expect(res.status).toBe(200);
    const paths = (res.body as { paths: Record<string, Record<string, Doc>> }).paths;
    const put = paths['/api/factcheck/{id}']!.put!;
    expect((put.parameters as Doc[]).some((p) => p.in === 'header' && p.name === 'if-match')).toBe(true);
    expect(put.responses).toHaveProperty('409');
    expect((paths['/api/factcheck/{id}']!.get!.responses as Record<string, Doc>)['200']).toHaveProperty(
      'headers.ETag',
    );
    for (const path of [
      '/api/factcheck/{id}/revisions',
      '/api/factcheck/{id}/revisions/{n}',
      '/api/factcheck/{id}/revisions/{n}/restore',
      '/api/article/{id}/revisions',
      '/api/presence',
    ]) {
      expect(Object.keys(paths), path).toContain(path);
    }
    expect(Object.keys(paths['/api/presence']!).sort()).toEqual(['delete', 'get', 'post']);
  });
});
