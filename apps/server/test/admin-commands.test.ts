// Issue 14: `npm run create-admin -- <email>` and `npm run reset-password -- <email>` for a
// locked-out newsroom, run as child processes against a temporary DATA_DIR (PGlite), or against a
// fresh PostgreSQL database when DATABASE_URL is set. Afterwards the same database is opened by an
// app to check what a person signing in would see.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openDb } from '@tabayyun/db';
import { createTestDb } from '@tabayyun/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { signInKeyPrefix } from '../src/modules/auth/lockout.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import { setBucket } from '../src/modules/auth/sessions.repo.ts';
import { insertUser } from '../src/modules/users/users.repo.ts';
import { request, testConfig } from './build-test-app.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const CLI = join(ROOT, 'apps', 'server', 'src', 'cli');
const STDIN_PASSWORD = 'Piped-Passw0rd!';
const LOCKED_PASSWORD = 'Locked-Passw0rd!';

let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

/** Runs a command the way `npm run <name> -- <args>` does, with `stdin` piped in. */
function run(name: 'create-admin' | 'reset-password', args: string[], stdin = '') {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const result = spawnSync(process.execPath, [join(CLI, `${name}.ts`), ...args], {
    cwd: ROOT,
    env,
    input: stdin,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Opens the commands' database in this process (PGlite: only while no command runs). */
async function withApp<T>(
  fn: (app: Awaited<ReturnType<typeof buildApp>>, database: Database) => Promise<T>,
): Promise<T> {
  const database = await openDb(databaseUrl ? { databaseUrl } : { dataDir });
  const config = testConfig({ DATA_DIR: dataDir });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  try {
    return await fn(app, database);
  } finally {
    await app.close();
    await database.close();
  }
}

const signIn = (app: Awaited<ReturnType<typeof buildApp>>, email: string, password: string) =>
  request(app, 'POST', '/auth', { body: { grant_type: 'password', email, password } });

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tabayyun-admin-cli-'));
  if (process.env.DATABASE_URL) {
    // A copy of the migrated template that child processes reach by URL.
    const copy = await createTestDb();
    databaseUrl = copy.url;
    dropDatabase = copy.drop;
  }
  // A locked-out editor, for reset-password (this also migrates the database).
  const database = await openDb(databaseUrl ? { databaseUrl } : { dataDir });
  const locked = await insertUser(database.db, {
    email: 'locked@example.org',
    username: 'locked@example.org',
    name: 'Locked editor',
    roles: ['editor'],
    passwordHash: await hashPassword(LOCKED_PASSWORD),
    failedLogins: 5,
    lockedUntil: new Date(Date.now() + 3_600_000),
  });
  // Locked out for the address the test's sign-ins come from (ADR 041: per account and address).
  await setBucket(
    database.db,
    `${signInKeyPrefix(locked._id)}lock:127.0.0.1`,
    1,
    new Date(Date.now() + 3_600_000),
  );
  await database.close();
});

afterAll(async () => {
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run create-admin', () => {
  it('prints usage and exits 2 without an e-mail', () => {
    const res = run('create-admin', []);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('Usage: npm run create-admin -- <email>');
  });

  it('is wired in the root package.json', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts['create-admin']).toBe('node apps/server/src/cli/create-admin.ts');
    expect(pkg.scripts['reset-password']).toBe('node apps/server/src/cli/reset-password.ts');
  });

  it('creates a super-admin with a printed one-time password that must be changed', async () => {
    const res = run('create-admin', ['Chief@Example.org']);
    expect(res.code, res.stderr).toBe(0);
    const password = res.stdout.trim();
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(res.stderr).toContain('Created the super-admin chief@example.org');
    await withApp(async (app) => {
      const signedIn = await signIn(app, 'chief@example.org', password);
      expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
      // forceChangePwd: a reset token instead of tokens, until the password is changed.
      expect(Object.keys(signedIn.body)).toEqual(['reset_token']);
      const changed = await request(app, 'POST', '/auth/resetpassword', {
        body: { reset_token: signedIn.body.reset_token, new_password: 'Chosen-Passw0rd!' },
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      const after = await signIn(app, 'chief@example.org', 'Chosen-Passw0rd!');
      expect(after.body.access_token).toEqual(expect.any(String));
      const users = await request(app, 'GET', '/api/user?email=chief@example.org', {
        token: after.body.access_token as string,
      });
      expect((users.body.data as { roles: string[] }[])[0]!.roles).toEqual(['super-admin']);
    });
  });

  it('takes the password from stdin when stdin is not a terminal', async () => {
    const res = run('create-admin', ['piped@example.org'], `${STDIN_PASSWORD}\n`);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toBe('');
    await withApp(async (app) => {
      const signedIn = await signIn(app, 'piped@example.org', STDIN_PASSWORD);
      expect(Object.keys(signedIn.body)).toEqual(['reset_token']);
    });
  });

  it('refuses a piped password that breaks the policy, creating nothing', async () => {
    const res = run('create-admin', ['weak@example.org'], 'short\n');
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/create-admin: /);
    await withApp(async (app) => {
      const signedIn = await signIn(app, 'weak@example.org', 'short');
      expect(signedIn.body.code).toBe('INVALID_CREDENTIALS');
    });
  });
});

describe('npm run reset-password', () => {
  it('gives a locked-out account a one-time password and clears the lock', async () => {
    const res = run('reset-password', ['locked@example.org']);
    expect(res.code, res.stderr).toBe(0);
    const password = res.stdout.trim();
    await withApp(async (app) => {
      expect((await signIn(app, 'locked@example.org', LOCKED_PASSWORD)).body.code).toBe(
        'INVALID_CREDENTIALS',
      );
      const signedIn = await signIn(app, 'locked@example.org', password);
      expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
      expect(Object.keys(signedIn.body)).toEqual(['reset_token']);
    });
  });

  it('takes the password from stdin, and refuses an unknown e-mail with exit code 1', async () => {
    const res = run('reset-password', ['piped@example.org'], `Another-Passw0rd!\n`);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toBe('');
    const unknown = run('reset-password', ['nobody@example.org']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('nobody@example.org');
    await withApp(async (app) => {
      expect((await signIn(app, 'piped@example.org', STDIN_PASSWORD)).body.code).toBe('INVALID_CREDENTIALS');
      expect(Object.keys((await signIn(app, 'piped@example.org', 'Another-Passw0rd!')).body)).toEqual([
        'reset_token',
      ]);
    });
  });
});
