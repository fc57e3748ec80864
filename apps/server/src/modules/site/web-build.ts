// Builds apps/web when its production build is missing or older than its sources, for the tests
// and benchmarks that mount the built site (a stale build would test old pages).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_WEB_ROOT } from './site.plugin.ts';

export const WEB_BUILD_TIMEOUT_MS = 180_000;

/**
 * Test files run in parallel workers: a lock directory makes one of them build while the others
 * wait and then find the build fresh, instead of several builds replacing files under running apps.
 */
export function ensureWebBuild(webRoot = DEFAULT_WEB_ROOT): void {
  // WEB_BUILD_DIR: the build a parallel test run serves (site.plugin.ts reads the same variable).
  const serverBuild = join(webRoot, process.env.WEB_BUILD_DIR || 'build', 'server', 'index.js');
  const isFresh = () =>
    existsSync(serverBuild) && statSync(serverBuild).mtimeMs >= newestSourceMtime(webRoot);
  if (isFresh()) return;
  const lock = join(webRoot, 'node_modules', '.web-build.lock');
  mkdirSync(join(webRoot, 'node_modules'), { recursive: true });
  const deadline = Date.now() + WEB_BUILD_TIMEOUT_MS;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another worker builds; a lock older than a build's time limit was left by a crash.
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (Date.now() > deadline || age > WEB_BUILD_TIMEOUT_MS) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    if (isFresh()) return;
    const cli = fileURLToPath(
      new URL('../../../../../node_modules/@react-router/dev/bin.cjs', import.meta.url),
    );
    execFileSync(process.execPath, [cli, 'build'], {
      cwd: webRoot,
      // Always the production bundle: under Vitest NODE_ENV is "test", and a build made in that mode
      // carries React's development build (slower, and a different app from the one users get).
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'pipe',
      timeout: WEB_BUILD_TIMEOUT_MS,
    });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * What the web build is made from: the web app's own files and the workspace packages it bundles.
 * The gallery journey counted the form engine's sources and this did not, so after a change to the
 * form engine the gallery rebuilt the app in the middle of the journeys, under servers that were
 * serving it (their pages then asked for files the new build no longer had).
 */
export function webBuildSources(webRoot: string): string[] {
  return [
    ...['app', 'public', 'react-router.config.ts', 'vite.config.ts'].map((entry) => join(webRoot, entry)),
    ...['forms', 'permissions', 'query', 'schemas', 'text'].map((name) =>
      join(webRoot, '..', '..', 'packages', name, 'src'),
    ),
  ];
}

function newestSourceMtime(webRoot: string): number {
  const sources = webBuildSources(webRoot);
  let newest = 0;
  for (const source of sources) {
    if (!existsSync(source)) continue;
    const files = statSync(source).isDirectory()
      ? readdirSync(source, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => join(entry.parentPath, entry.name))
      : [source];
    for (const file of files) newest = Math.max(newest, statSync(file).mtimeMs);
  }
  return newest;
}
