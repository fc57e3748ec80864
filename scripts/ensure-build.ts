// `npm start` serves the built web app; build it once on a fresh checkout (a few seconds).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('apps/web/build/server/index.js')) {
  console.log('Building the web app (first start)…');
  const run = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
