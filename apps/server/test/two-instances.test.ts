// Two instances on one PostgreSQL (issue 14, ARCHITECTURE §1): two real server processes share
// one database and one files directory, as behind any load balancer without sticky sessions.
// Whatever one instance decides (a session, a rotation, a budget, a rule, a page, a file) holds on
// the other. Always PostgreSQL: in a PGlite run the test makes its own database on the server
// (DATABASE_URL, else the local default), as PGlite cannot be shared between processes.
// (A scheduled job running once across instances belongs with the scheduler of issue 15.)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, WEB_BUILD_TIMEOUT_MS } from '../src/modules/site/web-build.ts';
import { PUBLISHABLE_FACTCHECK_FIELDS } from './factories.ts';
import {
  createPostgresDatabase,
  http,
  type ServerProcess,
  sharedSecrets,
  signInHttp,
  startServer,
} from './server-process.ts';

const PASSWORD = 'Passw0rd!-two-instances';
/** What the publish gate asks (ADR 039), rated with a category of the demo content. */
const PUBLISHED_FIELDS = { ...PUBLISHABLE_FACTCHECK_FIELDS, category: 'fraud' };
let dataDir: string;
let database: { url: string; drop(): Promise<void> };
let a: ServerProcess | undefined;
let b: ServerProcess | undefined;
let adminToken: string;

beforeAll(async () => {
  ensureWebBuild();
  dataDir = await mkdtemp(join(tmpdir(), 'tabayyun-two-'));
  database = await createPostgresDatabase();
  const env = {
    ...sharedSecrets(),
    SITE_CACHE: 'true',
    SEED_DEMO: 'true',
    READ_RATE_MAX: '4',
    CONTACT_RATE_MAX: '3',
    LOCKOUT_THRESHOLD: '3',
    REFRESH_REUSE_GRACE_S: '1',
    AUTH_ACCOUNT_RATE_MAX: '5',
  };
  // Started together, as an orchestrator would: both migrate and seed the same empty database.
  [a, b] = await Promise.all([
    startServer({ dataDir, databaseUrl: database.url, env }),
    startServer({ dataDir, databaseUrl: database.url, env }),
  ]);
  adminToken = (await signInHttp(a.url)).access_token;
}, WEB_BUILD_TIMEOUT_MS + 180_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

/** Waits until `probe` holds: the other instance learns of a change by NOTIFY, a moment later. */
async function eventually(probe: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await probe()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never happened: ${what}`);
}

let userCounter = 0;
async function createUser(roles: string[] = []): Promise<string> {
  const email = `user${++userCounter}@example.org`;
  const res = await http(a!.url, 'POST', '/api/user', {
    token: adminToken,
    body: { email, password: PASSWORD, roles },
  });
  expect(res.status, res.text).toBe(200);
  return email;
}

const signIn = (base: string, email: string, password = PASSWORD) =>
  http(base, 'POST', '/auth', { body: { grant_type: 'password', email, password, rememberMe: true } });

describe('two instances on one PostgreSQL', () => {
  it('start together on an empty database: one creates the super-admin and the demo content', () => {
    const count = (pattern: RegExp) =>
      (a!.output().match(pattern)?.length ?? 0) + (b!.output().match(pattern)?.length ?? 0);
    expect(count(/created the first super-admin/g)).toBe(1);
    expect(count(/seeded demo content into the empty database/g)).toBe(1);
  });

  it('accepts a sign-in made on one instance on the other', async () => {
    const email = await createUser(['editor']);
    const tokens = await signIn(a!.url, email);
    expect(tokens.status, tokens.text).toBe(200);
    const onB = await http(b!.url, 'GET', '/api/factcheck?per_page=1', { token: tokens.body.access_token });
    expect(onB.status, onB.text).toBe(200);
    const devices = await http(b!.url, 'GET', '/auth/devices', { token: tokens.body.access_token });
    expect(devices.status, devices.text).toBe(200);
  });

  it('refuses on one instance a refresh token already rotated on the other, after the grace', async () => {
    const email = await createUser(['editor']);
    const first = (await signIn(a!.url, email)).body;
    const rotated = await http(a!.url, 'POST', '/auth', {
      body: { grant_type: 'refresh', refresh_token: first.refresh_token },
    });
    expect(rotated.status, rotated.text).toBe(200);
    // Within REFRESH_REUSE_GRACE_S (a second tab, a reload): the same successor, on either instance.
    const repeat = await http(b!.url, 'POST', '/auth', {
      body: { grant_type: 'refresh', refresh_token: first.refresh_token },
    });
    expect(repeat.status, repeat.text).toBe(200);
    expect(repeat.body.refresh_token).toBe(rotated.body.refresh_token);
    await new Promise((resolve) => setTimeout(resolve, 1300));
    const replay = await http(b!.url, 'POST', '/auth', {
      body: { grant_type: 'refresh', refresh_token: first.refresh_token },
    });
    expect(replay.status).toBe(401);
    // Reuse of a rotated token ends the whole family, on both instances.
    const next = await http(a!.url, 'POST', '/auth', {
      body: { grant_type: 'refresh', refresh_token: rotated.body.refresh_token },
    });
    expect(next.status).toBe(401);
  });

  it('locks an account after failures spread over both instances', async () => {
    const email = await createUser();
    for (const base of [a!.url, b!.url]) {
      expect((await signIn(base, email, 'Wrong-passw0rd!')).body.code).toBe('INVALID_CREDENTIALS');
    }
    // The third failure (LOCKOUT_THRESHOLD=3) locks, wherever it lands.
    expect((await signIn(a!.url, email, 'Wrong-passw0rd!')).body.code).toBe('ACCOUNT_LOCKED');
    const onB = await signIn(b!.url, email);
    expect(onB.body.code, onB.text).toBe('ACCOUNT_LOCKED');
    expect((await signIn(a!.url, email)).body.code).toBe('ACCOUNT_LOCKED');
  });

  it('shares the per-account budget of the auth calls', async () => {
    const email = await createUser();
    const forgot = (base: string) => http(base, 'POST', '/auth/forgot-password', { body: { email } });
    for (const base of [a!.url, b!.url, a!.url, b!.url, a!.url])
      expect((await forgot(base)).status).toBe(200);
    const sixth = await forgot(b!.url);
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe('RATE_LIMITED');
  });

  it('shares the read-count and contact-form limits', async () => {
    const created = await http(a!.url, 'POST', '/api/factcheck', {
      token: adminToken,
      body: {
        ...PUBLISHED_FIELDS,
        title: 'ادعاء للقراءات',
        description: 'ملخص',
        status: 'published',
        language: 'ar',
      },
    });
    expect(created.status, created.text).toBe(200);
    const read = (base: string) => http(base, 'POST', '/api/count/read', { body: { _id: created.body._id } });
    for (const base of [a!.url, b!.url, a!.url, b!.url]) expect((await read(base)).status).toBe(200);
    const fifth = await read(a!.url);
    expect(fifth.status).toBe(429);
    expect(fifth.body.code).toBe('RATE_LIMITED');
    expect((await read(b!.url)).status).toBe(429);

    const contact = (base: string) =>
      http(base, 'POST', '/api/contract', {
        body: { name: 'زائر', email: 'visitor@example.org', subject: 'سؤال' },
      });
    for (const base of [a!.url, b!.url, a!.url]) expect((await contact(base)).status).toBe(200);
    expect((await contact(b!.url)).status).toBe(429);
  });

  it('applies a permission rule changed through one instance on the other', async () => {
    const email = await createUser(['fact-checker']);
    const token = (await signIn(a!.url, email)).body.access_token as string;
    const read = (base: string) => http(base, 'GET', '/api/contact', { token });
    expect((await read(b!.url)).status).toBe(403);
    const rule = await http(a!.url, 'POST', '/api/permission', {
      token: adminToken,
      body: {
        name: 'fact-checkers read contact messages',
        path: '/api/contact',
        actions: { Read: [{ by: 'role', value: 'fact-checker', access: 'grant' }] },
      },
    });
    expect(rule.status, rule.text).toBe(200);
    await eventually(async () => (await read(b!.url)).status === 200, 'the rule applies on B');
    const removed = await http(a!.url, 'DELETE', `/api/permission/${rule.body._id}`, { token: adminToken });
    expect(removed.status).toBe(200);
    await eventually(async () => (await read(b!.url)).status === 403, 'the removal applies on B');
  });

  it("clears the other instance's cached page when content changes", async () => {
    const created = await http(a!.url, 'POST', '/api/factcheck', {
      token: adminToken,
      body: {
        ...PUBLISHED_FIELDS,
        title: 'العنوان الأول للصفحة',
        description: 'ملخص',
        status: 'published',
        language: 'ar',
      },
    });
    expect(created.status, created.text).toBe(200);
    const page = `/factcheck/${encodeURIComponent(created.body.document.slug)}`;
    const first = await http(b!.url, 'GET', page);
    expect(first.status).toBe(200);
    expect(first.text).toContain('العنوان الأول للصفحة');
    // B caches the page (once the create's own notification has reached it and cleared it).
    await eventually(
      async () => (await http(b!.url, 'GET', page)).headers.get('x-cache') === 'HIT',
      'B serves the page from its cache',
    );
    const edited = await http(a!.url, 'PATCH', `/api/factcheck/${created.body._id}`, {
      token: adminToken,
      body: [{ op: 'replace', path: '/title', value: 'العنوان المعدل للصفحة' }],
    });
    expect(edited.status, edited.text).toBe(200);
    await eventually(
      async () => (await http(b!.url, 'GET', page)).text.includes('العنوان المعدل للصفحة'),
      "B's page shows the edit",
    );
  });

  it('serves from one instance a file uploaded through the other', async () => {
    const bytes = Buffer.from('ملف مشترك بين النسختين\n'.repeat(100));
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'text/plain' }), 'shared.txt');
    const uploaded = await http(a!.url, 'POST', '/storage/shared', { token: adminToken, body: form });
    expect(uploaded.status, uploaded.text).toBe(200);
    const served = await fetch(`${b!.url}/${uploaded.body[0].path}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    const listed = await http(b!.url, 'GET', `/api/storage?path=${uploaded.body[0].path}`, {
      token: adminToken,
    });
    expect(listed.body.total).toBe(1);
  });
});
