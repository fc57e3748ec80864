// Issue 34 §3: what an anonymous reader's query may cost. A page-size ceiling (PUBLIC_PER_PAGE_MAX),
// a per-client budget of reads counted in the database (two instances share it), wildcard filters
// only on fields a GIN trigram index serves (checked with EXPLAIN for every one) and at least three
// characters long, and a statement_timeout (QUERY_TIMEOUT_MS) answering 503 QUERY_TOO_EXPENSIVE.
// On PGlite and on PostgreSQL (DATABASE_URL); PGlite cannot cancel a running statement (ADR 045).
import { sql } from '@tabayyun/db';
import { parseQuery } from '@tabayyun/query';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { PUBLIC_WILDCARD_FIELDS } from '../src/modules/resources/public-fields.ts';
import { compileWhere } from '../src/modules/resources/query-compiler.ts';
import { toAppError } from '../src/plugins/error-handler.ts';
import { type ActorName, buildTestApp, call, type TestApp } from './build-test-app.ts';
import { buildFactcheck, create, createCriteria } from './factories.ts';

const RATE_MAX = 30;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_READ_RATE_MAX: String(RATE_MAX) } });
  await createCriteria(t.app);
  await create(t.app, 'factcheck', buildFactcheck({ status: 'published', title: 'صورة من حلب قديمة' }));
});
afterAll(() => t.close());

const read = (app: FastifyInstance, url: string, actor: ActorName, remoteAddress: string) =>
  app.inject({ method: 'GET', url, headers: { 'x-test-actor': actor }, remoteAddress });

describe('the page size', () => {
  it.each<ActorName>(['anonymous', 'reader'])('of a public reader (%s) is at most 50', async (actor) => {
    for (const url of ['/api/factcheck?per_page=51', '/api/factcheck?per_page=500&lookup=author']) {
      const res = await call(t.app, 'GET', url, undefined, actor);
      expect(res.status, url).toBe(400);
      expect(res.body).toMatchObject({ code: 'INVALID_QUERY', details: { key: 'per_page' } });
    }
    expect((await call(t.app, 'GET', '/api/factcheck?per_page=50', undefined, actor)).status).toBe(200);
  });

  it('of staff stays 500 (CONTRACT.md)', async () => {
    expect((await call(t.app, 'GET', '/api/factcheck?per_page=500', undefined, 'superAdmin')).status).toBe(
      200,
    );
  });
});

describe('wildcard filters of a public reader', () => {
  it.each([
    ['claimsNormalized=*ab*', 'claimsNormalized'],
    ['title=*ab*', 'title'],
    ['slug=*abc*', 'slug'],
    ['tags=*abc*', 'tags'],
    ['status=*pub*', 'status'],
    ['references=*abc*', 'references'],
  ])('refuse %s (no trigram index, or under 3 characters)', async (query, key) => {
    const res = await call(t.app, 'GET', `/api/factcheck?${query}`, undefined, 'anonymous');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_QUERY', details: { key } });
  });

  it('find by the indexed fields, as the site searches', async () => {
    const res = await call(
      t.app,
      'GET',
      `/api/factcheck?title=${encodeURIComponent('*حلب*|claims=*حلب*|claimsNormalized=*حلب*')}`,
      undefined,
      'anonymous',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.total).toBe(1);
    // Staff keep wildcards on every text field.
    expect((await call(t.app, 'GET', '/api/factcheck?slug=*abc*', undefined, 'superAdmin')).status).toBe(200);
  });

  it('each compiles to SQL a GIN trigram index serves (EXPLAIN)', async () => {
    const registry = t.app.services.registry;
    const { db } = t.database;
    let checked = 0;
    for (const [resource, fields] of Object.entries(PUBLIC_WILDCARD_FIELDS)) {
      const def = registry.get(resource)!;
      for (const field of fields) {
        for (const pattern of ['*حلب قديمة*', 'abc*', '*xyz']) {
          const where = compileWhere(def, parseQuery(new URLSearchParams({ [field]: pattern })).where, {
            registry,
            joinGuard: () => undefined,
          });
          const indexes = await db.transaction(async (tx) => {
            // Small test tables: make the planner show whether an index can answer at all.
            await tx.execute(sql`set local enable_seqscan = off`);
            const plan = await tx.execute(
              sql`explain (format json) select 1 from ${def.table} where ${where}`,
            );
            return indexNames(JSON.stringify(plan.rows));
          });
          expect(indexes, `${resource}.${field}=${pattern}`).not.toEqual([]);
          for (const name of indexes) {
            const found = await db.execute(sql`select indexdef from pg_indexes where indexname = ${name}`);
            const definition = String((found.rows[0] as { indexdef: string }).indexdef);
            // A prefix may also walk the path's btree (text_pattern_ops); never a scan of every row.
            expect(definition, `${resource}.${field}: ${name}`).toMatch(
              /USING gin .*gin_trgm_ops|text_pattern_ops/,
            );
          }
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(3 * 15);
  });
});

function indexNames(planJson: string): string[] {
  return [...planJson.matchAll(/\\?"Index Name\\?":\s*\\?"([^"\\]+)/g)].map((m) => m[1]!);
}

describe('the read budget of a public client', () => {
  it('is counted in the database: two instances share it, past it 429 with Retry-After', async () => {
    const second = await buildApp({ config: t.config, database: t.database, logger: false });
    await second.ready();
    try {
      const client = '10.0.0.7';
      for (let i = 0; i < RATE_MAX; i++) {
        const app = i % 2 === 0 ? t.app : second;
        const url = i % 3 === 0 ? '/api/factcheck/count' : '/api/category?per_page=5';
        const res = await read(app, url, 'anonymous', client);
        expect(res.statusCode, `request ${i + 1}`).toBe(200);
      }
      for (const app of [t.app, second]) {
        const refused = await read(app, '/api/author', 'anonymous', client);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().code).toBe('RATE_LIMITED');
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
      // Another client, and staff from the same address, are not held back.
      expect((await read(t.app, '/api/author', 'anonymous', '10.0.0.8')).statusCode).toBe(200);
      expect((await read(t.app, '/api/author', 'superAdmin', client)).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describe('a statement_timeout on request queries', () => {
  it('SQLSTATE 57014 from the engine is 503 QUERY_TOO_EXPENSIVE, never 500', async () => {
    const error = await t.database.db
      .execute(
        sql`do $$ begin raise exception 'canceling statement' using errcode = 'query_canceled'; end $$`,
      )
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeDefined();
    const answer = toAppError(error, 'GET').toJSON();
    expect(answer).toMatchObject({ statusCode: 503, code: 'QUERY_TOO_EXPENSIVE' });
  });

  it('cancels a query that runs long: 503 on PostgreSQL, and the next query is served', async () => {
    const slow = await buildTestApp({ env: { QUERY_TIMEOUT_MS: '100' } });
    try {
      const postgres = slow.database.kind === 'postgres';
      const rows = postgres ? 60_000 : 2_000;
      await slow.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local statement_timeout = 0`);
        await tx.execute(sql`
          insert into factcheck (_id, title, description, status, "references", slug)
          select lpad(to_hex(i), 24, '0'), 'عنوان ' || i, 'وصف', 'published',
            repeat('مرجع من المراجع الكثيرة ', 40) || i, 'bulk-' || i
          from generate_series(1, ${rows}) as i`);
      });
      // Staff may wildcard any text field: this one has no index and matches nothing.
      const started = Date.now();
      const res = await call(slow.app, 'GET', '/api/factcheck?references=*zzzz*', undefined, 'superAdmin');
      const took = Date.now() - started;
      if (postgres) {
        expect(res.status, JSON.stringify(res.body)).toBe(503);
        expect(res.body.code).toBe('QUERY_TOO_EXPENSIVE');
        expect(took).toBeLessThan(5000);
      } else {
        // PGlite cannot cancel a running statement (no timer signal in WebAssembly): it answers.
        expect(res.status).toBe(200);
        expect(res.body.total).toBe(0);
      }
      const light = await call(
        slow.app,
        'GET',
        '/api/factcheck/00000000000000000000000a',
        undefined,
        'superAdmin',
      );
      expect(light.status).toBe(200);
    } finally {
      await slow.close();
    }
  });
});
