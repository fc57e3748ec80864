// Issue 34 §13: the CSP of a public page allows a fixed set of inline scripts known from the build
// (the web app's INLINE_SCRIPTS and the hydration loader), never one the render emitted. Before, it
// hashed every inline script of the rendered page, so a script that got into content (a sanitiser
// bug, simulated here by writing the stored HTML past the service) was allowed and ran. In real
// Chromium: the injected script is refused, and the page's own script (ADR 056) still runs.
import { createHash } from 'node:crypto';
import { sql } from '@tabayyun/db';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDemoContent } from '../src/modules/seed/seed.service.ts';
import { HYDRATION_LOADER } from '../src/modules/site/deferred-hydration.ts';
import { siteStateOf } from '../src/modules/site/site.plugin.ts';
import { ensureWebBuild, WEB_BUILD_TIMEOUT_MS } from '../src/modules/site/web-build.ts';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';

/** The system's Chromium, as the journeys start it (apps/web/e2e/chromium.ts). */
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];

let t: TestApp;
let origin: string;
let browser: Browser;
let slug: string;
const INJECTED = '<script>window.__injected = true;</script>';
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const scriptSources = (csp: string) => /script-src ([^;]*)/.exec(csp)![1]!.split(' ');

beforeAll(async () => {
  ensureWebBuild();
  t = await buildTestApp({ site: true, env: { SITE_CACHE: 'true', PUBLIC_URL: 'http://127.0.0.1' } });
  await seedDemoContent({ db: t.database.db, resources: t.app.services.resources });
  await vi.waitFor(() => expect(siteStateOf(t.app)?.cache?.stats().invalidations).toBeGreaterThan(0));
  const list = await call(t.app, 'GET', '/api/factcheck?language=en&per_page=1', undefined, 'anonymous');
  slug = (list.body.data as { slug: string }[])[0]!.slug;
  // A sanitiser bug, simulated: stored HTML with a script, written past the resource service.
  await t.database.db.execute(
    sql`update factcheck set content = ${`<p>Injected below.</p>${INJECTED}`} where slug = ${slug}`,
  );
  siteStateOf(t.app)!.cache!.clear();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  origin = `http://127.0.0.1:${address.port}`;
  browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS, headless: true });
}, WEB_BUILD_TIMEOUT_MS + 120_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('content security policy of public pages', () => {
  it('is the same for every page and allows only the known inline scripts, none of the render', async () => {
    const page = await t.app.inject({ url: `/en/factcheck/${encodeURIComponent(slug)}` });
    const home = await t.app.inject({ url: '/tr' });
    expect(page.body).toContain(INJECTED);
    const csp = String(page.headers['content-security-policy']);
    expect(String(home.headers['content-security-policy'])).toBe(csp);
    const sources = scriptSources(csp);
    expect(sources).toContain(sha(HYDRATION_LOADER));
    expect(sources).not.toContain(sha('window.__injected = true;'));
    expect(sources.filter((s) => s.startsWith("'sha256-"))).toHaveLength(3);
    // Every executable inline script left in the page is one of the allowed ones.
    const executable = [...page.body.matchAll(/<script(?![^>]*\b(?:src|type)=)[^>]*>([\s\S]*?)<\/script>/g)]
      .map((m) => m[1]!)
      .filter((text) => text !== 'window.__injected = true;');
    // The theme and consent script in the head: public pages are not hydrated (ADR 056).
    expect(executable.length).toBe(1);
    for (const text of executable) expect(sources).toContain(sha(text));
  });

  it('refuses the injected script in Chromium, and the site script still runs', async () => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    const refused: string[] = [];
    tab.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
        refused.push(message.text());
      }
    });
    await tab.goto(`${origin}/en/factcheck/${encodeURIComponent(slug)}`);
    await tab.locator('html[data-enhanced]').waitFor({ timeout: 30_000 });
    expect(await tab.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
    // One refusal: the injected script; the site script is of the page's own origin.
    expect(refused).toHaveLength(1);
    await context.close();
  });
});
