// The real server (`node apps/server/src/server.ts`) as a child process, for the tests that kill
// it, restart it or run two of it (durability, two instances) and for the soak benchmark. It
// listens on a port that was free a moment before, and is ready when /readyz answers 200.
import { type ChildProcess, spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { openDb, sql } from '@tabayyun/db';

export const REPO_ROOT = join(import.meta.dirname, '..', '..', '..');
const SERVER_ENTRY = join(REPO_ROOT, 'apps', 'server', 'src', 'server.ts');

export const ADMIN_EMAIL = 'admin@example.org';
export const ADMIN_PASSWORD = 'Adm1n!-durable-pass';

/** Settings a group of processes must share (one signing key, one draft secret). */
export function sharedSecrets(): Record<string, string> {
  return {
    JWT_PRIVATE_KEY: generateKeyPairSync('ed25519')
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString(),
    APP_SECRET: randomBytes(32).toString('base64url'),
  };
}

export interface ServerProcess {
  /** `http://127.0.0.1:<port>` */
  url: string;
  pid: number;
  /** Everything the process wrote (stdout and stderr), for failure messages. */
  output(): string;
  /** SIGKILL: no shutdown hook runs. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM and wait (graceful shutdown). */
  stop(): Promise<void>;
}

export interface StartOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  env?: Record<string, string>;
  /** How long to wait for "ready" (a first PGlite start migrates: seconds on a busy machine). */
  timeoutMs?: number;
}

/** A port free right now (the kernel's choice), for a child process to listen on. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The output kept per process: enough for start-up messages and a failure's last lines. */
const MAX_OUTPUT = 2 * 1024 * 1024;

export async function startServer(opts: StartOptions): Promise<ServerProcess> {
  const port = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATA_DIR: opts.dataDir,
    SEED_DEMO: 'false',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    // Tests sign in and write far more often than people do.
    AUTH_RATE_MAX: '100000',
    AUTH_ACCOUNT_RATE_MAX: '100000',
    SHUTDOWN_GRACE_S: '5',
    // The processes' newsroom has not switched the second-factor requirement on (ADR 042).
    SECOND_FACTOR_ROLES: '',
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...opts.env,
  };
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const onData = (chunk: Buffer) => {
    if (output.length < MAX_OUTPUT) output += chunk.toString();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code;
      resolve();
    }),
  );
  const waitExit = async (proc: ChildProcess) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    await exited;
  };
  // Ready when /readyz answers 200 (the server listens last, after migrating and seeding).
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  for (;;) {
    if (exitCode !== undefined)
      throw new Error(`server exited (${exitCode}) before it was ready:\n${output.slice(-4000)}`);
    const ready = await fetch(`${url}/readyz`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await waitExit(child);
      throw new Error(`server did not start in time:\n${output.slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: child.pid!,
    output: () => output,
    async kill() {
      child.kill('SIGKILL');
      await waitExit(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await waitExit(child);
    },
  };
}

/** A fresh, empty PostgreSQL database for child processes, dropped by `drop()`. */
export async function createPostgresDatabase(
  adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `tabayyun_proc_${process.pid}_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const server = await openDb({ databaseUrl: adminUrl, skipMigrations: true, poolSize: 1 });
    try {
      await server.db.execute(sql.raw(statement));
    } finally {
      await server.close();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/** A small HTTP client over fetch for JSON calls with an optional bearer token. */
export async function http(
  base: string,
  method: string,
  path: string,
  opts: { token?: string | undefined; body?: unknown; headers?: Record<string, string> } = {},
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers field by field
): Promise<{ status: number; body: any; headers: Headers; text: string }> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(`${base}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON (a page or a file): the text stays.
  }
  return { status: res.status, body: parsed, headers: res.headers, text };
}

/** Signs in with a password; answers the tokens. */
export async function signInHttp(
  base: string,
  email = ADMIN_EMAIL,
  password = ADMIN_PASSWORD,
): Promise<{ access_token: string; refresh_token: string }> {
  const res = await http(base, 'POST', '/auth', {
    body: { grant_type: 'password', email, password, rememberMe: true },
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status} ${res.text}`);
  return res.body;
}
