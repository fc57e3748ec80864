// Vitest globalSetup of the `server` project: migrate ONE template database per run, hand it to the
// test workers, and drop it afterwards. Each test file then calls `createTestDb()` from
// `@tabayyun/db/testing` for its own cheap copy (PGlite in memory, or a PostgreSQL database when
// DATABASE_URL is set).
import { prepareTestTemplate, TEST_TEMPLATE_ENV, type TestTemplate } from '@tabayyun/db/testing';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  interface ProvidedContext {
    /** The migrated template; `createTestDb()` also finds it through process.env. */
    tabayyunTestTemplate: TestTemplate;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const prepared = await prepareTestTemplate({ databaseUrl: process.env.DATABASE_URL });
  project.provide('tabayyunTestTemplate', prepared.template);
  // Workers are spawned after globalSetup and inherit this environment.
  process.env[TEST_TEMPLATE_ENV] = JSON.stringify(prepared.template);
  return async () => {
    delete process.env[TEST_TEMPLATE_ENV];
    await prepared.cleanup();
  };
}
