import type { Config } from '@react-router/dev/config';

// Public pages render on the server; the back office (/panel) is client-only per route
// (clientLoader + HydrateFallback), so SSR stays on for the whole app.
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
} satisfies Config;
