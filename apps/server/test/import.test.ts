// Issue 37 (ADR 049): `npm run import -- <file.jsonl>` loads fact-checks through the API's create,
// in batches, each one transaction. Run as a child process against a temporary DATA_DIR (PGlite),
// or a fresh PostgreSQL database when DATABASE_URL is set; the stored items are then read back by
// an app on the same database, as a reader or an editor would see them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openDb, sql } from '@tabayyun/db';
import { createTestDb } from '@tabayyun/db/testing';
import { ANONYMOUS_ACTOR } from '@tabayyun/permissions';
import { parseQuery } from '@tabayyun/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { insertUser } from '../src/modules/users/users.repo.ts';
import { SYSTEM_ACTOR } from '../src/plugins/actor.ts';
import { testConfig } from './build-test-app.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const CLI = join(ROOT, 'apps', 'server', 'src', 'cli', 'import.ts');
/** Each test runs the command a few times (PGlite: each run opens the database afresh). */
const CLI_TIMEOUT_MS = 240_000;

let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

function runImport(args: string[]) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const result = spawnSync(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Opens the command's database in this process (PGlite: only while no command runs). */
async function withApp<T>(
  fn: (app: Awaited<ReturnType<typeof buildApp>>, database: Database) => Promise<T>,
): Promise<T> {
  const database = await openDb(databaseUrl ? { databaseUrl } : { dataDir });
  const app = await buildApp({ config: testConfig({ DATA_DIR: dataDir }), database, logger: false });
  await app.ready();
  try {
    return await fn(app, database);
  } finally {
    await app.close();
    await database.close();
  }
}

type Doc = Record<string, unknown>;

/** Fact-checks as an editor lists them, by slug. */
async function stored(slugs: string[]): Promise<Map<string, Doc>> {
  return withApp(async (app) => {
    const { data } = await app.services.resources.list({
      actor: SYSTEM_ACTOR,
      resource: 'factcheck',
      query: parseQuery(`slug={in}${slugs.join(',')}&per_page=100`),
    });
    return new Map((data as Doc[]).map((d) => [String(d.slug), d]));
  });
}

const line = (slug: string, extra: Doc = {}) =>
  JSON.stringify({
    slug,
    title: `ادعاء مستورد ${slug}`,
    description: 'وصف الادعاء كما ورد في الأرشيف',
    status: 'published',
    language: 'ar',
    content: '<p>نص التحقق</p><script>alert(1)</script>',
    category: 'imp-fraud',
    evaluation: [{ category: 'imp-fabricated', score: -2 }],
    topic: ['imp-health'],
    author: 'imp-writer',
    images: [{ path: 'factcheck/imported.jpg', mimetype: 'image/jpeg', meta: { alt: 'صورة' } }],
    createdAt: '2024-05-01T10:00:00Z',
    updatedAt: '2024-05-02T10:00:00Z',
    publishedAt: '2024-05-01T12:00:00Z',
    ...extra,
  });

function file(name: string, lines: string[]): string {
  const path = join(dataDir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

let writerId = '';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tabayyun-import-cli-'));
  if (process.env.DATABASE_URL) {
    const copy = await createTestDb();
    databaseUrl = copy.url;
    dropDatabase = copy.drop;
  }
  await withApp(async (app) => {
    const create = (resource: string, input: Doc) =>
      app.services.resources.create({ actor: SYSTEM_ACTOR, resource, input });
    await create('category', { _id: 'imp-criteria', slug: 'imp-criteria', name: 'المعايير' });
    await create('category', {
      _id: 'imp-fraud',
      slug: 'imp-fraud',
      name: 'زائف',
      parent: 'imp-criteria',
      score: -3,
    });
    // A category whose slug differs from its id: lines may name it either way.
    await create('category', {
      _id: 'imp-fabricated',
      slug: 'fabricated-by-slug',
      name: 'مفبرك',
      parent: 'imp-fraud',
      score: -2,
    });
    await create('category', { _id: 'imp-topic', slug: 'imp-topic', name: 'المواضيع' });
    await create('category', { _id: 'imp-health', slug: 'imp-health', name: 'صحة', parent: 'imp-topic' });
    writerId = (await create('author', { name: 'كاتب مستورد', slug: 'imp-writer' }))._id;
  });
  const database = await openDb(databaseUrl ? { databaseUrl } : { dataDir });
  for (const [email, roles] of [
    ['checker@example.org', ['fact-checker']],
    ['chief@example.org', ['editor']],
  ] as const) {
    await insertUser(database.db, {
      email,
      username: email,
      name: email,
      roles: [...roles],
      forceChangePwd: false,
    });
  }
  await database.close();
});

afterAll(async () => {
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run import', () => {
  it(
    'is wired in the root package.json and prints its usage without a file',
    () => {
      const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      };
      expect(pkg.scripts.import).toBe('node apps/server/src/cli/import.ts');
      const res = runImport([]);
      expect(res.code).toBe(2);
      expect(res.stderr).toContain('Usage: npm run import -- <file.jsonl>');
    },
    CLI_TIMEOUT_MS,
  );

  it(
    'loads valid lines through the API rules, resolving authors and categories by slug or id',
    async () => {
      const path = file('valid.jsonl', [
        line('imp-one'),
        '',
        line('imp-two', { author: writerId, evaluation: [{ category: 'fabricated-by-slug', score: -2 }] }),
        line('imp-three', { status: 'draft', publishedAt: undefined, tags: [] }),
      ]);
      const res = runImport([path, '--batch', '2']);
      expect(res.code, res.stderr).toBe(0);
      expect(JSON.parse(res.stdout)).toMatchObject({
        lines: 4,
        created: 3,
        skipped: 0,
        refused: 0,
        batches: 2,
      });
      const docs = await stored(['imp-one', 'imp-two', 'imp-three']);
      expect([...docs.keys()].sort()).toEqual(['imp-one', 'imp-three', 'imp-two']);
      for (const slug of ['imp-one', 'imp-two']) {
        const doc = docs.get(slug)!;
        expect(doc).toMatchObject({
          status: 'published',
          author: writerId,
          category: 'imp-fraud',
          topic: ['imp-health'],
          evaluation: [{ category: 'imp-fabricated', score: -2 }],
          images: [{ path: 'factcheck/imported.jpg' }],
          // Derived as the API derives it: the category's score plus the evaluation rows.
          score: -5,
        });
        // The file's dates are kept; the HTML is sanitised like the API's.
        expect(new Date(doc.publishedAt as string).toISOString()).toBe('2024-05-01T12:00:00.000Z');
        expect(new Date(doc.createdAt as string).toISOString()).toBe('2024-05-01T10:00:00.000Z');
        expect(doc.content).toBe('<p>نص التحقق</p>');
      }
      expect(docs.get('imp-three')).toMatchObject({ status: 'draft', publishedAt: null });
      // A reader sees the published ones on the public API.
      const publicSlugs = await withApp(async (app) => {
        const { data } = await app.services.resources.list({
          actor: ANONYMOUS_ACTOR,
          resource: 'factcheck',
          query: parseQuery('slug={in}imp-one,imp-two,imp-three&select=slug'),
        });
        return (data as Doc[]).map((d) => d.slug).sort();
      });
      expect(publicSlugs).toEqual(['imp-one', 'imp-two']);
    },
    CLI_TIMEOUT_MS,
  );

  it(
    'names each bad line with its number and code, and loads nothing of its batch',
    async () => {
      const path = file('bad.jsonl', [
        line('bad-a1'),
        line('bad-a2'),
        line('bad-b1'),
        '{"slug": "bad-b2", "title": ',
        line('bad-c1', { title: '' }),
        line('bad-c2', { author: 'no-such-writer' }),
        line('bad-d1'),
      ]);
      const res = runImport([path, '--batch', '2']);
      expect(res.code).toBe(1);
      expect(res.stderr).toMatch(/^line 4: VALIDATION_FAILED Malformed JSON/m);
      expect(res.stderr).toMatch(/^line 5: VALIDATION_FAILED .*"title":"Required"/m);
      expect(res.stderr).toMatch(/^line 6: VALIDATION_FAILED .*"author":"Unknown author: no-such-writer"/m);
      const summary = JSON.parse(res.stdout);
      expect(summary).toMatchObject({ lines: 7, created: 3, refused: 3, notLoaded: 1 });
      expect(summary.rolledBack).toEqual([
        { from: 3, to: 4 },
        { from: 5, to: 6 },
      ]);
      // Batches 1 and 4 are in; 2 and 3 are not, their valid line (bad-b1) included.
      expect(
        [...(await stored(['bad-a1', 'bad-a2', 'bad-b1', 'bad-c1', 'bad-c2', 'bad-d1'])).keys()].sort(),
      ).toEqual(['bad-a1', 'bad-a2', 'bad-d1']);
    },
    CLI_TIMEOUT_MS,
  );

  it(
    'is idempotent: a re-run skips what is there and loads what was fixed',
    async () => {
      const lines = [line('again-1'), line('again-2'), line('again-3')];
      const first = runImport([file('again.jsonl', lines)]);
      expect(first.code, first.stderr).toBe(0);
      const before = await stored(['again-1', 'again-2', 'again-3']);
      const second = runImport([file('again.jsonl', [...lines, line('again-4'), line('again-4')])]);
      expect(second.code, second.stderr).toBe(0);
      // The repeated line of the file is a repeat too: skipped, never suffixed.
      expect(JSON.parse(second.stdout)).toMatchObject({ created: 1, skipped: 4 });
      const after = await stored(['again-1', 'again-2', 'again-3', 'again-4', 'again-4-2']);
      expect([...after.keys()].sort()).toEqual(['again-1', 'again-2', 'again-3', 'again-4']);
      for (const slug of ['again-1', 'again-2', 'again-3']) {
        expect(after.get(slug)!._id).toBe(before.get(slug)!._id);
      }
    },
    CLI_TIMEOUT_MS,
  );

  it(
    'checks without writing with --dry-run',
    async () => {
      const res = runImport([
        file('dry.jsonl', [line('dry-1'), line('dry-2', { category: 'nope' })]),
        '--dry-run',
      ]);
      expect(res.code).toBe(1);
      expect(res.stderr).toMatch(/^line 2: VALIDATION_FAILED .*Unknown category: nope/m);
      const ok = runImport([file('dry-ok.jsonl', [line('dry-1')]), '--dry-run']);
      expect(ok.code, ok.stderr).toBe(0);
      expect(JSON.parse(ok.stdout)).toMatchObject({ created: 1, dryRun: true });
      expect((await stored(['dry-1', 'dry-2'])).size).toBe(0);
    },
    CLI_TIMEOUT_MS,
  );

  it(
    'applies the workflow rules of the user it writes as (--as): no publish right, no published item',
    async () => {
      const lines = [line('wf-draft', { status: 'draft', publishedAt: undefined }), line('wf-published')];
      const res = runImport([file('workflow.jsonl', lines), '--as', 'checker@example.org']);
      expect(res.code).toBe(1);
      expect(res.stderr).toMatch(/^line 2: TRANSITION_NOT_ALLOWED /m);
      const unknown = runImport([file('workflow.jsonl', lines), '--as', 'nobody@example.org']);
      expect(unknown.code, unknown.stderr).toBe(2);
      expect(unknown.stderr).toContain("No user 'nobody@example.org'");
      expect((await stored(['wf-draft', 'wf-published'])).size).toBe(0);
      // The same file as an editor with the publish right loads.
      const editor = runImport([file('workflow.jsonl', lines), '--as', 'chief@example.org']);
      expect(editor.code, editor.stderr).toBe(0);
      const docs = await stored(['wf-draft', 'wf-published']);
      expect(docs.get('wf-published')).toMatchObject({ status: 'published' });
      expect(docs.get('wf-draft')).toMatchObject({ status: 'draft' });
    },
    CLI_TIMEOUT_MS,
  );

  it(
    "refreshes the planner's statistics of the tables it wrote (PGlite has no autovacuum)",
    async () => {
      const res = runImport([
        file(
          'statistics.jsonl',
          Array.from({ length: 30 }, (_, i) => line(`stats-${i}`)),
        ),
      ]);
      expect(res.code, res.stderr).toBe(0);
      const database = await openDb(databaseUrl ? { databaseUrl } : { dataDir });
      try {
        for (const table of ['factcheck', 'revision']) {
          // What the planner believes the table holds, against what it holds.
          const [row] = (
            await database.db.execute(
              sql.raw(
                `select c.reltuples::int as believed, (select count(*)::int from ${table}) as held,
                   (select count(*)::int from pg_stats where tablename = '${table}') as columns
                 from pg_class c where c.oid = '${table}'::regclass`,
              ),
            )
          ).rows as { believed: number; held: number; columns: number }[];
          expect(row!.held, table).toBeGreaterThanOrEqual(30);
          expect(row!.believed, table).toBe(row!.held);
          expect(row!.columns, table).toBeGreaterThan(0);
        }
      } finally {
        await database.close();
      }
    },
    CLI_TIMEOUT_MS,
  );
});
