// Social posts on the public page in Chromium: X, Facebook and YouTube posts stored as
// `<p><a href="URL" rel="embed">URL</a></p>` show as click-to-load placeholders, and nothing goes to
// a third party until the reader presses "Load the post". After the press, exactly the one
// provider's frame or script is requested; here those requests are answered by stubs in the test
// (never the internet) and every other request leaving the test server fails the test, as in
// site.e2e.ts. Stubs answer only when the page's CSP let the browser ask, so this checks the CSP too.
import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BUILD_TIMEOUT_MS,
  type SiteTestServer,
  startSiteTestServer,
} from '../app/site/testing/site-test-server.ts';
import { CHROME_ARGS, CHROME_PATH } from './chromium.ts';

const YOUTUBE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const X_POST = 'https://x.com/tabayyun/status/1790000000000000000';
const FACEBOOK = 'https://www.facebook.com/tabayyun/posts/pfbid02abc';
const OTHER = 'https://example.com/post';
const embed = (url: string) => `<p><a href="${url}" rel="embed">${url}</a></p>`;

/** The provider requests a press may cause, answered here by stubs that mark the page. */
const STUBS: { prefix: string; contentType: string; body: string }[] = [
  {
    prefix: 'https://www.youtube-nocookie.com/embed/',
    contentType: 'text/html',
    body: '<!doctype html><title>stub</title><p>video</p>',
  },
  {
    prefix: 'https://platform.twitter.com/widgets.js',
    contentType: 'text/javascript',
    body: 'document.documentElement.setAttribute("data-stub-x","ran")',
  },
  {
    prefix: 'https://connect.facebook.net/',
    contentType: 'text/javascript',
    body: 'document.documentElement.setAttribute("data-stub-facebook","ran")',
  },
];

let site: SiteTestServer;
let baseUrl: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let postPath: string;
let foreignRequests: string[];
let providerRequests: string[];

async function newContext(options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  const created = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  await created.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(baseUrl) || url.startsWith('data:')) return route.continue();
    const stub = STUBS.find(({ prefix }) => url.startsWith(prefix));
    if (stub) {
      providerRequests.push(url);
      return route.fulfill({ status: 200, contentType: stub.contentType, body: stub.body });
    }
    foreignRequests.push(url);
    return route.abort();
  });
  return created;
}

/** A published Arabic fact-check whose body now also holds three posts and one other embed link. */
async function addEmbedsToAPost(): Promise<string> {
  // Through the real API of the local test server (Node's fetch; nothing leaves the machine).
  const admin = await site.createUser(['super-admin']);
  const json = { 'content-type': 'application/json' };
  const signIn = await fetch(`${baseUrl}/auth`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  const { access_token: token } = (await signIn.json()) as { access_token: string };
  const list = await fetch(
    `${baseUrl}/api/factcheck?status=published&language=ar&per_page=1&select=_id,content`,
  );
  const [post] = ((await list.json()) as { data: { _id: string; content: string }[] }).data;
  if (!post) throw new Error('The demo content has no published Arabic fact-check');
  const content = `${post.content}${embed(YOUTUBE)}<p>بين المنشورين</p>${embed(X_POST)}${embed(FACEBOOK)}${embed(OTHER)}`;
  const patched = await fetch(`${baseUrl}/api/factcheck/${post._id}`, {
    method: 'PATCH',
    headers: { ...json, authorization: `Bearer ${token}` },
    body: JSON.stringify([{ op: 'replace', path: '/content', value: content }]),
  });
  if (patched.status !== 200) throw new Error(`PATCH ${patched.status}: ${await patched.text()}`);
  return `/factcheck/${post._id}`;
}

beforeAll(async () => {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(`Chromium not found at ${CHROME_PATH}: apt-get install -y chromium, or set CHROME_PATH.`);
  }
  site = await startSiteTestServer();
  baseUrl = await site.listen();
  postPath = await addEmbedsToAPost();
  browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS, headless: true });
}, BUILD_TIMEOUT_MS + 90_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

beforeEach(async () => {
  foreignRequests = [];
  providerRequests = [];
  context = await newContext();
  page = await context.newPage();
});

afterEach(async () => {
  await context?.close();
  expect(foreignRequests).toEqual([]);
});

async function openPost(): Promise<void> {
  const response = await page.goto(`${baseUrl}${postPath}`);
  expect(response?.status()).toBe(200);
  await page.waitForSelector('html[data-enhanced]', { state: 'attached' });
}

describe('social posts on the public page', () => {
  it('server-renders placeholders, with the CSP allowing exactly the providers', async () => {
    const response = await site.inject({ url: postPath });
    expect(response.statusCode).toBe(200);
    expect(response.body.match(/class="embed embed-placeholder/g)).toHaveLength(3);
    expect(response.body).not.toMatch(
      /<iframe|youtube-nocookie|platform\.twitter\.com|connect\.facebook\.net/,
    );
    expect(response.body).toContain(`<a href="${OTHER}" rel="embed">${OTHER}</a>`);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain(
      "frame-src 'self' https://www.youtube-nocookie.com https://platform.twitter.com https://www.facebook.com",
    );
    expect(csp).toMatch(
      /script-src 'self' [^;]*https:\/\/platform\.twitter\.com https:\/\/connect\.facebook\.net;/,
    );
  });

  it('requests nothing from a provider until a press, then only that provider (and with consent given)', async () => {
    await context.addInitScript(() => localStorage.setItem('cookie_consent', 'granted'));
    await openPost();
    const buttons = page.getByRole('button', { name: /^تحميل المنشور من / });
    expect(await buttons.allTextContents()).toEqual([
      'تحميل المنشور من يوتيوب',
      'تحميل المنشور من إكس',
      'تحميل المنشور من فيسبوك',
    ]);
    await page.waitForLoadState('networkidle');
    expect(providerRequests).toEqual([]);
    expect(await page.locator('iframe').count()).toBe(0);

    await page.getByRole('button', { name: 'تحميل المنشور من يوتيوب' }).click();
    const frame = page.locator('iframe[title="منشور من يوتيوب"]');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
    );
    await expect
      .poll(() => providerRequests)
      .toEqual(['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1']);

    await page.getByRole('button', { name: 'تحميل المنشور من إكس' }).click();
    await page.waitForSelector('html[data-stub-x="ran"]', { state: 'attached' });
    await page.getByRole('button', { name: 'تحميل المنشور من فيسبوك' }).click();
    await page.waitForSelector('html[data-stub-facebook="ran"]', { state: 'attached' });
    expect(providerRequests.slice(1)).toEqual([
      'https://platform.twitter.com/widgets.js',
      'https://connect.facebook.net/ar_AR/sdk.js',
    ]);
    expect(await page.locator('.twitter-tweet a').getAttribute('href')).toBe(
      'https://twitter.com/tabayyun/status/1790000000000000000',
    );
    expect(await page.locator('.fb-post').getAttribute('data-href')).toBe(FACEBOOK);
  });

  it('without JavaScript: the original links, and no button that cannot work', async () => {
    await context.close();
    context = await newContext({ javaScriptEnabled: false });
    page = await context.newPage();
    await page.goto(`${baseUrl}${postPath}`);
    for (const url of [YOUTUBE, X_POST, FACEBOOK]) {
      expect(await page.locator(`.embed-placeholder a[href="${url}"]`).isVisible()).toBe(true);
    }
    expect(await page.locator('.embed-load').first().isVisible()).toBe(false);
    expect(providerRequests).toEqual([]);
  });
});
