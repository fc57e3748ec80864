// Issue 34 §6: an account without roles reads what the public reads, nothing of the newsroom's.
// Revision history (which holds pre-publication drafts) and files in protected folders need a
// staff grant: a signed-in user without roles gets 403, staff keep reading them.
// On PGlite and on PostgreSQL (DATABASE_URL).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, factcheck } from '@tabayyun/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, request, signIn, type TestApp } from './build-test-app.ts';
import { buildFactcheck, create } from './factories.ts';

let t: TestApp;
let dataDir: string;
type Tokens = Awaited<ReturnType<typeof signIn>>;
let nobody: Tokens;
let editor: Tokens;
let checker: Tokens;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tabayyun-staff-data-'));
  t = await buildTestApp({ env: { DATA_DIR: dataDir, FILES_PROTECTED: 'private' } });
  nobody = await signIn(t, []);
  editor = await signIn(t, ['editor']);
  checker = await signIn(t, ['fact-checker']);
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('revision history', () => {
  it('a published fact-check: its public text is readable, its drafts are not without a staff role', async () => {
    const draft = await create(
      t.app,
      'factcheck',
      buildFactcheck({ title: 'مسودة فيها اسم المصدر السري', status: 'draft' }),
    );
    // Published outside the API: the publish gate (issue 33) is not what this test is about.
    await t.database.db
      .update(factcheck)
      .set({ status: 'published', title: 'العنوان المنشور', publishedAt: new Date() })
      .where(eq(factcheck._id, draft._id));
    const url = `/api/factcheck/${draft._id}`;

    // The public record itself stays readable by the account without roles.
    const record = await request(t.app, 'GET', url, { token: nobody.access_token });
    expect(record.status).toBe(200);
    expect((record.body.data as { title: string }[])[0]!.title).toBe('العنوان المنشور');

    for (const path of [`${url}/revisions`, `${url}/revisions/1`]) {
      const res = await request(t.app, 'GET', path, { token: nobody.access_token });
      expect(res.status, path).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
      expect(JSON.stringify(res.body)).not.toContain('السري');
      // Anonymous callers are asked to sign in, as before.
      expect((await request(t.app, 'GET', path)).status).toBe(401);
    }

    for (const staff of [editor, checker]) {
      const first = await request(t.app, 'GET', `${url}/revisions/1`, { token: staff.access_token });
      expect(first.status).toBe(200);
      const [revision] = first.body.data as { document: { title: string } }[];
      expect(revision!.document.title).toBe('مسودة فيها اسم المصدر السري');
    }
  });
});

describe('draft links', () => {
  it("of a published item are the staff's: a link outlives publication and would show a later draft", async () => {
    const published = await create(t.app, 'factcheck', buildFactcheck({ status: 'published' }));
    const url = `/api/factcheck/${published._id}/preview-link`;
    expect((await request(t.app, 'GET', url)).status).toBe(401);
    const denied = await request(t.app, 'GET', url, { token: nobody.access_token });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('FORBIDDEN');
    const staff = await request(t.app, 'GET', url, { token: checker.access_token });
    expect(staff.status).toBe(200);
    expect((staff.body.data as { url: string }).url).toContain('?draft=');
  });
});

describe('protected files', () => {
  it('need a staff grant: 403 for an account without roles, 200 for editors and fact-checkers', async () => {
    const form = new FormData();
    const png = readFileSync(join(import.meta.dirname, 'fixtures', 'alpha-400x300.png'));
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'passport.png');
    const body = new Response(form);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/storage/private/ids',
      headers: { 'content-type': body.headers.get('content-type')!, 'x-test-actor': 'superAdmin' },
      payload: Buffer.from(await body.arrayBuffer()),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const url = `/${(uploaded.json() as { path: string }[])[0]!.path}`;

    for (const variant of ['', '?w=320']) {
      const denied = await request(t.app, 'GET', `${url}${variant}`, { token: nobody.access_token });
      expect(denied.status, `${url}${variant}`).toBe(403);
      expect(denied.body.code).toBe('FORBIDDEN');
      const viaQuery = await t.app.inject({
        method: 'GET',
        url: `${url}${variant ? `${variant}&` : '?'}access_token=${nobody.access_token}`,
      });
      expect(viaQuery.statusCode).toBe(403);
    }
    for (const staff of [editor, checker]) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${staff.access_token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(png)).toBe(true);
    }
    // A public folder stays public to everyone.
    const publicForm = new FormData();
    publicForm.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
    const publicBody = new Response(publicForm);
    const open = await t.app.inject({
      method: 'POST',
      url: '/storage/logos',
      headers: { 'content-type': publicBody.headers.get('content-type')!, 'x-test-actor': 'superAdmin' },
      payload: Buffer.from(await publicBody.arrayBuffer()),
    });
    const openUrl = `/${(open.json() as { path: string }[])[0]!.path}`;
    expect((await request(t.app, 'GET', openUrl, { token: nobody.access_token })).status).toBe(200);
    expect((await request(t.app, 'GET', openUrl)).status).toBe(200);
  });
});
