// Users, roles, stored permissions and the audit log as the back office calls them (backoffice
// §7), with real tokens; and the fact-checker's limits, enforced by payload and query selectors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { buildTestApp, request, signIn, TEST_PASSWORD, type TestApp } from './build-test-app.ts';
import { buildPublishableFactcheck, ensureCriteria } from './factories.ts';

let t: TestApp;
let root: Awaited<ReturnType<typeof signIn>>;
let admin: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  t = await buildTestApp();
  root = await signIn(t, ['super-admin']);
  admin = await signIn(t, ['admin']);
});
afterAll(() => t.close());

const as = (token: string | undefined) => ({
  get: (url: string) => request(t.app, 'GET', url, { token }),
  post: (url: string, body: unknown) => request(t.app, 'POST', url, { token, body }),
  put: (url: string, body: unknown) => request(t.app, 'PUT', url, { token, body }),
  patch: (url: string, body: unknown) => request(t.app, 'PATCH', url, { token, body }),
  del: (url: string) => request(t.app, 'DELETE', url, { token }),
});

describe('/api/user', () => {
  it('lists with select and like-search, page size 100, never a password hash', async () => {
    await signIn(t, ['editor'], { email: 'searchable.editor@example.org' });
    const res = await as(admin.access_token).get(
      '/api/user?select=_id,email,name,lastLogin,roles,disabled&per_page=100&name=*searchable*|email=*searchable*',
    );
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    const [doc] = res.body.data as Record<string, unknown>[];
    expect(Object.keys(doc!).sort()).toEqual(['_id', 'disabled', 'email', 'lastLogin', 'name', 'roles']);
    const all = await as(admin.access_token).get('/api/user?per_page=100');
    expect(JSON.stringify(all.body)).not.toMatch(/argon2|passwordHash|failedLogins|lockedUntil|refresh/);
    for (const qs of [
      'passwordHash=x',
      'select=passwordHash',
      'sort_by=failedLogins',
      'lockedUntil={exists}',
    ]) {
      expect((await as(admin.access_token).get(`/api/user?${qs}`)).body.code, qs).toBe('INVALID_QUERY');
    }
  });

  it('POST creates through sign-up (admin token, password policy)', async () => {
    const res = await as(admin.access_token).post('/api/user', {
      email: ' Via.Post@Example.org',
      password: TEST_PASSWORD,
      roles: ['editor'],
    });
    expect(res.status).toBe(200);
    expect(res.body.document).toMatchObject({ email: 'via.post@example.org', roles: ['editor'] });
    const editor = await signIn(t, ['editor']);
    expect(
      (await as(editor.access_token).post('/api/user', { email: 'x@example.org', password: TEST_PASSWORD }))
        .status,
    ).toBe(403);
  });

  it('PATCH replaces roles (effective at once, audited) or the name', async () => {
    const user = await signIn(t, ['editor']);
    expect((await as(user.access_token).get('/api/feed')).status).toBe(200);
    const res = await as(admin.access_token).patch(`/api/user/${user.sub}`, [
      { op: 'replace', path: '/roles', value: ['fact-checker'] },
    ]);
    expect(res.status).toBe(200);
    expect((res.body.document as { roles: string[] }).roles).toEqual(['fact-checker']);
    expect((await as(user.access_token).get('/api/contact')).status).toBe(403);
    const renamed = await as(admin.access_token).patch(`/api/user/${user.sub}`, [
      { op: 'replace', path: '/name', value: '  ليلى  ' },
    ]);
    expect((renamed.body.document as { name: string }).name).toBe('ليلى');
    await t.app.services.audit.flush();
    const audit = await as(admin.access_token).get(`/api/audit?type=role-change&target=${user.sub}`);
    expect(audit.body.data).toEqual([
      expect.objectContaining({ actor: admin.sub, details: { from: ['editor'], to: ['fact-checker'] } }),
    ]);
    const unknown = await as(admin.access_token).patch(`/api/user/${user.sub}`, [
      { op: 'replace', path: '/roles', value: ['ghost'] },
    ]);
    expect(unknown.body.code).toBe('VALIDATION_FAILED');
  });

  it('refuses escalation: only a super admin makes or edits a super admin', async () => {
    const user = await signIn(t, ['editor']);
    const escalate = await as(admin.access_token).patch(`/api/user/${admin.sub}`, [
      { op: 'replace', path: '/roles', value: ['admin', 'super-admin'] },
    ]);
    expect(escalate.status).toBe(403);
    expect(
      (
        await as(admin.access_token).patch(`/api/user/${root.sub}`, [
          { op: 'replace', path: '/name', value: 'x' },
        ])
      ).status,
    ).toBe(403);
    const disabled = await as(admin.access_token).patch(`/api/user/${user.sub}`, [
      { op: 'add', path: '/disabled', value: true },
    ]);
    expect((disabled.body.document as { disabled?: boolean } | undefined)?.disabled ?? false).toBe(false);
    const promoted = await as(root.access_token).patch(`/api/user/${user.sub}`, [
      { op: 'replace', path: '/roles', value: ['super-admin'] },
    ]);
    expect(promoted.status).toBe(200);
  });

  it('deletes users but never a super admin; a deleted user’s tokens stop working', async () => {
    const refused = await as(root.access_token).del(`/api/user/${root.sub}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You cannot delete a super admin user!');
    const user = await signIn(t, ['editor']);
    expect((await as(admin.access_token).del(`/api/user/${user.sub}`)).status).toBe(200);
    expect((await as(user.access_token).get('/api/feed')).status).toBe(401);
    expect(
      (
        await request(t.app, 'POST', '/auth', {
          body: { grant_type: 'refresh', refresh_token: user.refresh_token },
        })
      ).status,
    ).toBe(401);
  });

  it('GET /api/user/{sub}?select=picture reads your own record, not others', async () => {
    const user = await signIn(t, ['fact-checker']);
    const own = await as(user.access_token).get(`/api/user/${user.sub}?select=picture`);
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual([{ _id: user.sub, picture: null }]);
    expect((await as(user.access_token).get(`/api/user/${admin.sub}?select=picture`)).status).toBe(404);
    expect((await as(user.access_token).get('/api/user')).status).toBe(403);
    expect((await as(undefined).get(`/api/user/${user.sub}`)).status).toBe(401);
    expect((await as(admin.access_token).get(`/api/user/${user.sub}`)).status).toBe(200);
  });
});

describe('/api/role', () => {
  it('has the default roles; ids are chosen once; super-admin cannot be deleted', async () => {
    const list = await as(admin.access_token).get('/api/role?select=_id,name&per_page=100');
    expect((list.body.data as { _id: string }[]).map((r) => r._id).sort()).toEqual([
      'admin',
      'editor',
      'fact-checker',
      'super-admin',
    ]);
    const search = await as(admin.access_token).get('/api/role?select=_id,name&_id=*check*|name=*check*');
    expect(search.body.total).toBe(1);
    expect((await as(admin.access_token).post('/api/role', { _id: 'reviewer', name: 'مراجع' })).status).toBe(
      200,
    );
    const renamed = await as(admin.access_token).put('/api/role/reviewer', {
      _id: 'reviewer',
      name: 'Reviewer',
    });
    expect(renamed.status).toBe(200);
    expect(
      (await as(admin.access_token).put('/api/role/reviewer', { _id: 'other', name: 'x' })).body.code,
    ).toBe('VALIDATION_FAILED');
    const refused = await as(root.access_token).del('/api/role/super-admin');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('The super-admin role cannot be deleted');
    expect((await as(admin.access_token).del('/api/role/reviewer')).status).toBe(200);
    const editor = await signIn(t, ['editor']);
    expect((await as(editor.access_token).get('/api/role')).status).toBe(403);
  });
});

describe('/api/permission', () => {
  it('stored rules merge over the defaults and reload in every instance (NOTIFY)', async () => {
    const other = await buildApp({ config: t.config, database: t.database, logger: false });
    await other.ready();
    try {
      const checker = await signIn(t, ['fact-checker']);
      const read = (app: typeof other) =>
        request(app, 'GET', '/api/contact', { token: checker.access_token });
      expect((await read(t.app)).status).toBe(403);
      expect((await read(other)).status).toBe(403);
      const rule = {
        name: 'fact-checkers read contact messages',
        path: '/api/contact',
        actions: { Read: [{ by: 'role', value: 'fact-checker', access: 'grant' }] },
      };
      const created = await as(admin.access_token).post('/api/permission', rule);
      expect(created.status).toBe(200);
      expect((await read(t.app)).status).toBe(200);
      await expect.poll(async () => (await read(other)).status, { timeout: 5000 }).toBe(200);
      const tree = await request(t.app, 'GET', '/permissions/rules');
      const contact = (
        tree.body as {
          children: Record<
            string,
            { children: Record<string, { item: { ruleSource: string; actions: object } }> }
          >;
        }
      ).children.api!.children.contact!.item;
      expect(contact.ruleSource).toBe('database');
      // The defaults of the actions the row does not name remain (editors still delete).
      expect(Object.keys(contact.actions)).toEqual(expect.arrayContaining(['Read', 'Delete']));
      expect((await as(admin.access_token).del(`/api/permission/${created.body._id}`)).status).toBe(200);
      await expect.poll(async () => (await read(other)).status, { timeout: 5000 }).toBe(403);
      await t.app.services.audit.flush();
      expect((await as(admin.access_token).get('/api/audit?type=permission-change')).body.total).toBe(2);
    } finally {
      await other.close();
    }
  });

  it('validates rules, selectors included', async () => {
    const bad = [
      { name: 'x', path: '/api/x', actions: { Read: [{ by: 'nobody', access: 'grant' }] } },
      { name: 'x', path: 'no-slash', actions: {} },
      {
        name: 'x',
        path: '/api/y',
        actions: { Read: [{ by: 'anonymous', access: 'grant', selectors: { query: 'status={zz}a' } }] },
      },
    ];
    for (const body of bad) {
      expect((await as(admin.access_token).post('/api/permission', body)).status, JSON.stringify(body)).toBe(
        400,
      );
    }
    const editor = await signIn(t, ['editor']);
    expect(
      (await as(editor.access_token).post('/api/permission', { name: 'x', path: '/api', actions: {} }))
        .status,
    ).toBe(403);
  });
});

describe('/api/audit', () => {
  it('records publishes and deletes; admins read it, nobody writes it', async () => {
    const editor = await signIn(t, ['editor']);
    const writer = await signIn(t, ['fact-checker']);
    // Published by the editor (written by a colleague: four-eyes); a draft deleted by the editor
    // (nothing ever published is deleted: ADR 039).
    await ensureCriteria(t.app);
    const fc = await as(writer.access_token).post(
      '/api/factcheck',
      buildPublishableFactcheck({ status: 'review' }),
    );
    expect(fc.status).toBe(200);
    const publish = await as(editor.access_token).patch(`/api/factcheck/${fc.body._id}`, [
      { op: 'replace', path: '/status', value: 'published' },
    ]);
    expect(publish.status).toBe(200);
    const draft = await as(editor.access_token).post('/api/factcheck', { title: 'خبر', description: 'وصف' });
    expect((await as(editor.access_token).del(`/api/factcheck/${draft.body._id}`)).status).toBe(200);
    await t.app.services.audit.flush();
    const res = await as(admin.access_token).get(
      `/api/audit?target={in}${fc.body._id},${draft.body._id}&sort_by=createdAt`,
    );
    expect((res.body.data as { type: string }[]).map((e) => e.type)).toEqual(['publish', 'delete']);
    expect(res.body.data).toEqual([
      expect.objectContaining({
        actor: editor.sub,
        targetType: 'factcheck',
        ip: '127.0.0.1',
        impersonator: null,
      }),
      expect.objectContaining({ actor: editor.sub }),
    ]);
    const signIns = await as(admin.access_token).get(`/api/audit?type=sign-in&actor=${editor.sub}`);
    expect(signIns.body.total).toBe(1);
    expect((await as(editor.access_token).get('/api/audit')).status).toBe(403);
    for (const [method, url] of [
      ['POST', '/api/audit'],
      ['DELETE', `/api/audit/${(res.body.data as { _id: string }[])[0]!._id}`],
    ] as const) {
      const r = await request(t.app, method, url, {
        token: root.access_token,
        ...(method === 'POST' ? { body: {} } : {}),
      });
      expect(r.status).toBe(405);
    }
  });
});

describe('fact-checkers', () => {
  it('may set status only to draft or review, nor write editorial fields, nor delete published items', async () => {
    const checker = await signIn(t, ['fact-checker']);
    const editor = await signIn(t, ['editor']);
    const fc = as(checker.access_token);
    const draft = await fc.post('/api/factcheck', { title: 'مسودة', description: 'وصف' });
    expect(draft.status).toBe(200);
    expect(
      (await fc.post('/api/factcheck', { title: 'x', description: 'y', status: 'published' })).status,
    ).toBe(403);
    expect(
      (
        await fc.patch(`/api/factcheck/${draft.body._id}`, [
          { op: 'replace', path: '/status', value: 'review' },
        ])
      ).status,
    ).toBe(200);
    const publish = await fc.patch(`/api/factcheck/${draft.body._id}`, [
      { op: 'replace', path: '/status', value: 'published' },
    ]);
    expect(publish.status).toBe(403);
    const soft = await fc.patch(`/api/factcheck/${draft.body._id}`, [
      { op: 'add', path: '/deletedAt', value: new Date().toISOString() },
    ]);
    expect(soft.status).toBe(403);
    expect(
      (await fc.put(`/api/article`, { title: 'مقال', description: 'و', status: 'published' })).status,
    ).toBe(400);
    expect(
      (await fc.post('/api/article', { title: 'مقال', description: 'و', status: 'published' })).status,
    ).toBe(403);
    await ensureCriteria(t.app);
    const published = await fc.post('/api/factcheck', buildPublishableFactcheck({ status: 'review' }));
    expect(
      (
        await as(editor.access_token).patch(`/api/factcheck/${published.body._id}`, [
          { op: 'replace', path: '/status', value: 'published' },
        ])
      ).status,
    ).toBe(200);
    expect((await fc.del(`/api/factcheck/${published.body._id}`)).status).toBe(404);
    expect((await fc.del(`/api/factcheck/${draft.body._id}`)).status).toBe(200);
    expect((await fc.get('/api/feed')).status).toBe(200);
    expect((await fc.post('/api/feed', { title: 'x' })).status).toBe(403);
  });
});

describe('the first start', () => {
  it('creates one super-admin with a generated password that must be changed, once', async () => {
    const fresh = await buildTestApp();
    try {
      const first = await fresh.app.identity.auth.ensureSuperAdmin({ email: ' Root@Example.org ' });
      expect(first.created).toBe(true);
      const res = await request(fresh.app, 'POST', '/auth', {
        body: { email: 'root@example.org', password: first.password },
      });
      expect(Object.keys(res.body)).toEqual(['reset_token']);
      expect(
        await fresh.app.identity.auth.ensureSuperAdmin({
          email: 'other@example.org',
          password: TEST_PASSWORD,
        }),
      ).toEqual({
        created: false,
      });
    } finally {
      await fresh.close();
    }
  });
});
