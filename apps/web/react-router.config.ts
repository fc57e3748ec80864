import type { Config } from '@react-router/dev/config';

// Public pages render on the server; the back office (/panel) is client-only per route
// (clientLoader + HydrateFallback), so SSR stays on for the whole app.
export default {
  appDirectory: 'app',
  // WEB_BUILD_DIR: a separate build per parallel test run (the server reads the same variable).
  buildDirectory: process.env.WEB_BUILD_DIR || 'build',
  ssr: true,
} satisfies Config;
