// Test harness for the public site: the production build of apps/web served by the real server
// (`buildApp({ site: true })` through the server's test helper) on a private PGlite copy seeded
// with the demo content. Server modules load at run time by URL: apps/web's TypeScript project does
// not include apps/server, so static imports would pull the server's sources into the web typecheck.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const WEB_ROOT = join(REPO_ROOT, 'apps', 'web');
export const BUILD_TIMEOUT_MS = 180_000;

const BUILD_TEST_APP_URL = new URL('../../../../server/test/build-test-app.ts', import.meta.url).href;
const SEED_URL = new URL('../../../../server/src/modules/seed/seed.service.ts', import.meta.url).href;
const USERS_REPO_URL = new URL('../../../../server/src/modules/users/users.repo.ts', import.meta.url).href;
const PASSWORD_URL = new URL('../../../../server/src/modules/auth/password.ts', import.meta.url).href;

/** A user made for a test (inserted directly; sign-in goes through the real API). */
export interface TestUser {
  sub: string;
  email: string;
  password: string;
  name: string;
  roles: string[];
}

export interface CreateUserOptions {
  email?: string;
  password?: string;
  name?: string;
  forceChangePwd?: boolean;
  disabled?: boolean;
}

interface InjectResponse {
  statusCode: number;
  body: string;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface SiteTestServer {
  inject(opts: {
    url: string;
    method?: 'GET' | 'POST';
    payload?: string;
    headers?: Record<string, string>;
  }): Promise<InjectResponse>;
  listen(): Promise<string>;
  signDraft(id: string): string;
  /** Inserts a user with these roles (password `Passw0rd!-test` unless given). */
  createUser(roles: string[], opts?: CreateUserOptions): Promise<TestUser>;
  close(): Promise<void>;
}

function newestMtime(paths: string[]): number {
  let newest = 0;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const files = statSync(path).isDirectory()
      ? readdirSync(path, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => join(entry.parentPath, entry.name))
      : [path];
    for (const file of files) newest = Math.max(newest, statSync(file).mtimeMs);
  }
  return newest;
}

/** Builds apps/web when its build is missing or older than its sources (a stale build would pass). */
export function ensureWebBuild(): void {
  const serverBuild = join(WEB_ROOT, process.env.WEB_BUILD_DIR || 'build', 'server', 'index.js');
  const sources = ['app', 'public', 'react-router.config.ts', 'vite.config.ts'].map((entry) =>
    join(WEB_ROOT, entry),
  );
  if (existsSync(serverBuild) && statSync(serverBuild).mtimeMs >= newestMtime(sources)) return;
  const cli = join(REPO_ROOT, 'node_modules', '@react-router', 'dev', 'bin.cjs');
  // The production bundle, not Vitest's NODE_ENV=test one (React's development build).
  execFileSync(process.execPath, [cli, 'build'], {
    cwd: WEB_ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'pipe',
    timeout: BUILD_TIMEOUT_MS,
  });
}

interface ServerApp {
  inject(opts: unknown): Promise<InjectResponse>;
  listen(opts: { port: number; host: string }): Promise<string>;
  server: { address(): { port: number } | string | null };
  services: { resources: unknown; drafts: { sign(id: string): string } };
}

let userCounter = 0;

/** A seeded server with the site mounted. */
/** `env`: configuration for the app under test (e.g. FETCH_ALLOW_HOSTS for a local feed server). */
export async function startSiteTestServer(
  opts: { env?: Record<string, string> } = {},
): Promise<SiteTestServer> {
  ensureWebBuild();
  const { buildTestApp } = (await import(BUILD_TEST_APP_URL)) as {
    buildTestApp(opts: { site: boolean; env?: Record<string, string> }): Promise<{
      app: ServerApp;
      database: { db: unknown };
      close(): Promise<void>;
    }>;
  };
  const { seedDemoContent } = (await import(SEED_URL)) as {
    seedDemoContent(deps: { db: unknown; resources: unknown }): Promise<unknown>;
  };
  const testApp = await buildTestApp({ site: true, ...(opts.env ? { env: opts.env } : {}) });
  await seedDemoContent({ db: testApp.database.db, resources: testApp.app.services.resources });
  const { app } = testApp;
  return {
    inject: (opts) => app.inject({ method: 'GET', ...opts }),
    async listen() {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('The test server has no port');
      return `http://127.0.0.1:${address.port}`;
    },
    signDraft: (id) => app.services.drafts.sign(id),
    async createUser(roles, opts = {}) {
      const { insertUser } = (await import(USERS_REPO_URL)) as {
        insertUser(db: unknown, row: Record<string, unknown>): Promise<{ _id: string }>;
      };
      const { hashPassword } = (await import(PASSWORD_URL)) as { hashPassword(p: string): Promise<string> };
      userCounter += 1;
      const email = opts.email ?? `user${userCounter}-${roles.join('-') || 'none'}@example.org`;
      const password = opts.password ?? 'Passw0rd!-test';
      const name = opts.name ?? `Test ${roles.join(' ') || 'user'} ${userCounter}`;
      const created = await insertUser(testApp.database.db, {
        email,
        username: email,
        name,
        roles: [...roles],
        passwordHash: await hashPassword(password),
        forceChangePwd: opts.forceChangePwd ?? false,
        ...(opts.disabled ? { disabled: true } : {}),
      });
      return { sub: created._id, email, password, name, roles: [...roles] };
    },
    close: () => testApp.close(),
  };
}

/** Every JSON-LD object of an HTML page. */
export function jsonLdOf(html: string): Record<string, unknown>[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  return blocks.flatMap((match) => {
    const parsed = JSON.parse(match[1]!) as unknown;
    return (Array.isArray(parsed) ? parsed : [parsed]) as Record<string, unknown>[];
  });
}
