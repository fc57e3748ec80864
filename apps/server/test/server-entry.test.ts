// The entry point (`npm start`) runs the server with its memory settings (memory/memory-settings.ts, ADR
// 025): it starts Node again in place, so the process readers reach (and a supervisor signals) is
// the same one, and settings its starter gave are kept.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEAP_FLAGS, MALLOC_TUNABLES } from '../src/memory/memory-settings.ts';
import { createPostgresDatabase, http, type ServerProcess, startServer } from './server-process.ts';

const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const describeOnLinux = process.platform === 'linux' ? describe : describe.skip;

/** The arguments the process with this id runs with now (after any exec). */
const argsOf = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
/**
 * The environment the process with this id was started (or exec'd) with. glibc cuts GLIBC_TUNABLES
 * there after the first tunable as it reads them (it writes a NUL in place), so only its first
 * tunable can be checked from outside.
 */
const envOf = (pid: number) =>
  new Map(
    readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const),
  );

describeOnLinux(`the server's entry point (${engine})`, () => {
  let dataDir: string;
  let database: { url: string; drop(): Promise<void> } | undefined;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'tabayyun-entry-'));
    if (process.env.DATABASE_URL) database = await createPostgresDatabase();
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('runs the spawned process itself with the heap flags and malloc thresholds, and answers', async () => {
    const server = await startServer({ dataDir, databaseUrl: database?.url });
    servers.push(server);
    const args = argsOf(server.pid);
    for (const flag of HEAP_FLAGS) expect(args).toContain(flag);
    expect(envOf(server.pid).get('GLIBC_TUNABLES')).toBe(MALLOC_TUNABLES[0]);
    expect(args.at(-1)).toMatch(/apps\/server\/src\/server\.ts$/);
    expect((await http(server.url, 'GET', '/healthz')).status).toBe(200);
  });

  it('keeps a setting its starter gave (NODE_OPTIONS, GLIBC_TUNABLES) and adds only the others', async () => {
    const server = await startServer({
      dataDir,
      databaseUrl: database?.url,
      env: { NODE_OPTIONS: '--max-semi-space-size=16', GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=131072' },
    });
    servers.push(server);
    const args = argsOf(server.pid);
    expect(args.some((arg) => arg.startsWith('--max-semi-space-size'))).toBe(false);
    expect(args).toContain('--heap-growing-percent=50');
    expect(envOf(server.pid).get('GLIBC_TUNABLES')).toBe('glibc.malloc.mmap_threshold=131072');
    expect((await http(server.url, 'GET', '/healthz')).status).toBe(200);
  });
});
