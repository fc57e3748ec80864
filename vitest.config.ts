import { defineConfig } from 'vitest/config';

// Three projects: browser-safe packages (fast, pure), server and database (real PGlite or
// PostgreSQL), and React components (happy-dom). Browser journeys in Chromium live in
// apps/web/e2e and run in their own project because they start a real server.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'core',
          environment: 'node',
          include: ['packages/{text,query,permissions,schemas,workflow}/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['packages/db/src/**/*.test.ts', 'apps/server/{src,test}/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['packages/forms/src/**/*.test.{ts,tsx}', 'apps/web/app/**/*.test.{ts,tsx}'],
          setupFiles: ['packages/forms/test/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
