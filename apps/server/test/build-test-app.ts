// One app per test file on its own copy of the migrated template database (PGlite, or
// PostgreSQL when DATABASE_URL is set). Actors are injected: a request names one with the
// `x-test-actor` header, which only this test resolver reads; production never trusts it.
import { createTestDb, type TestDatabase } from '@tabayyun/db/testing';
import { type Actor, ANONYMOUS_ACTOR } from '@tabayyun/permissions';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';

export const ACTORS = {
  anonymous: ANONYMOUS_ACTOR,
  superAdmin: {
    sub: '0f0000000000000000000001',
    roles: ['super-admin'],
    anonymous: false,
    email: 'admin@example.org',
  },
  reader: { sub: '0f0000000000000000000002', roles: [], anonymous: false, email: 'reader@example.org' },
} satisfies Record<string, Actor>;

export type ActorName = keyof typeof ACTORS;

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'node_modules/.cache/tabayyun-test/data',
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...overrides,
  });
}

export async function buildTestApp(
  opts: { env?: Record<string, string>; site?: boolean } = {},
): Promise<TestApp> {
  const database = await createTestDb();
  const config = testConfig(opts.env);
  const app = await buildApp({
    config,
    database,
    logger: false,
    site: opts.site ?? false,
    resolveActor: (request) => {
      const name = request.headers['x-test-actor'];
      return typeof name === 'string' && name in ACTORS ? ACTORS[name as ActorName] : ANONYMOUS_ACTOR;
    },
  });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/** A terse inject: `call(app, 'POST', '/api/factcheck', body, 'superAdmin')`. */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  actor: ActorName = 'superAdmin',
) {
  const res = await app.inject({
    method,
    url,
    headers: { 'x-test-actor': actor, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  let json: unknown;
  try {
    json = res.json();
  } catch {
    json = undefined;
  }
  return {
    status: res.statusCode,
    body: json as Record<string, unknown> & { data?: unknown },
    headers: res.headers,
  };
}
