// Issue 34, the public site's side: junk query strings cannot render pages or evict real ones (the
// cache keys on the parameters each route reads), renders wait in a bounded queue (503 with
// Retry-After past it), and the contact form without JavaScript has the limits of
// `POST {api}/contract` (rate and body size), answered in the page's language.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDemoContent } from '../src/modules/seed/seed.service.ts';
import { MAX_WAITING_RENDERS, siteStateOf } from '../src/modules/site/site.plugin.ts';
import { ensureWebBuild, WEB_BUILD_TIMEOUT_MS } from '../src/modules/site/web-build.ts';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';

let t: TestApp;
const state = () => siteStateOf(t.app)!;
const HTML = { accept: 'text/html,application/xhtml+xml' };
const get = (url: string, headers: Record<string, string> = HTML) =>
  t.app.inject({ method: 'GET', url, headers });
let slug: string;

beforeAll(async () => {
  ensureWebBuild();
  t = await buildTestApp({
    site: true,
    env: {
      SITE_CACHE: 'true',
      PUBLIC_URL: 'https://tabayyun.example',
      CONTACT_RATE_MAX: '3',
    },
  });
  await seedDemoContent({ db: t.database.db, resources: t.app.services.resources });
  await vi.waitFor(() => expect(state().cache?.stats().invalidations).toBeGreaterThan(0));
  state().cache!.clear();
  const list = await call(t.app, 'GET', '/api/factcheck?language=en&per_page=1', undefined, 'anonymous');
  slug = (list.body.data as { slug: string }[])[0]!.slug;
}, WEB_BUILD_TIMEOUT_MS + 120_000);
afterAll(() => t?.close());

describe('page cache keys', () => {
  it('serves a fact-check with any junk query string from the one cached entry, rendering nothing', async () => {
    const path = `/en/factcheck/${encodeURIComponent(slug)}`;
    expect((await get(path)).statusCode).toBe(200);
    const renders = state().renders;
    const entries = state().cache!.stats().entries;
    for (let i = 0; i < 20; i++) {
      const res = await get(`${path}?${Math.random().toString(36).slice(2)}=${i}&utm_source=x${i}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-cache']).toBe('HIT');
    }
    expect(state().renders).toBe(renders);
    expect(state().cache!.stats().entries).toBe(entries);
  });

  it('keys the parameters a route reads, in the form its loader reads them', async () => {
    const first = await get('/en/search?keyword=climate&utm_campaign=a');
    expect(first.headers['x-cache']).toBe('MISS');
    // Same keyword after the loader's cleaning, other junk, another order: the same page.
    const again = await get('/en/search?utm_campaign=b&keyword=%20climate*%20&page=1');
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    // The render saw the normalised address: no junk parameter reached the page.
    expect(first.body).not.toContain('utm_campaign');
    expect((await get('/en/search?keyword=weather')).headers['x-cache']).toBe('MISS');
    expect((await get('/en/search?keyword=climate&page=2')).headers['x-cache']).toBe('MISS');
  });

  it("keys the home page's rating filters only when they name a rating and one of its sub-ratings", async () => {
    const categories = await call(t.app, 'GET', '/api/category?per_page=200');
    expect(categories.status).toBe(200);
    const all = categories.body.data as { _id: string; parent?: string }[];
    const rating = all.find((c) => c.parent === 'criteria' && all.some((d) => d.parent === c._id))!;
    const sub = all.find((c) => c.parent === rating._id)!;
    await get('/tr');
    expect((await get(`/tr?${rating._id}=not-a-rating`)).headers['x-cache']).toBe('HIT');
    expect((await get('/tr?something=else')).headers['x-cache']).toBe('HIT');
    const filtered = await get(`/tr?${rating._id}=${sub._id}`);
    expect(filtered.headers['x-cache']).toBe('MISS');
    expect((await get(`/tr?x=1&${rating._id}=${sub._id}`)).headers['x-cache']).toBe('HIT');
  });

  it('keys a data request on its page parameters and the route ids it asks for', async () => {
    const url = `/en/factcheck/${encodeURIComponent(slug)}.data`;
    const first = await get(`${url}?_routes=site-factcheck-en`, {});
    expect(first.statusCode).toBe(200);
    const again = await get(`${url}?junk=1&_routes=no-such-route,site-factcheck-en`, {});
    expect(again.headers['x-cache']).toBe('HIT');
  });
});

describe('render queue', () => {
  it('answers 503 SERVICE_UNAVAILABLE with Retry-After past the queue, while cached pages answer at once', async () => {
    await get('/en');
    const urls = Array.from(
      { length: 4 + MAX_WAITING_RENDERS + 60 },
      (_, i) => `/en/search?keyword=burst${i}`,
    );
    const burst = urls.map((url, i) => get(url, i % 2 === 0 ? HTML : { accept: 'application/json' }));
    const cached = await get('/en');
    const answers = await Promise.all(burst);
    expect(cached.statusCode).toBe(200);
    expect(cached.headers['x-cache']).toBe('HIT');
    const busy = answers.filter((r) => r.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(answers.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(
      4 + MAX_WAITING_RENDERS,
    );
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 503)).toBe(true);
    for (const res of busy) {
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.headers['cache-control']).toBe('private, no-store');
      if (String(res.headers['content-type']).startsWith('application/json')) {
        expect(res.json()).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
      } else {
        expect(res.body).toContain('lang="en"');
        expect(res.body).toContain('The site is busy');
        expect(res.body).not.toContain('<script');
      }
    }
    // Nothing of a refused render was kept: asking again renders it.
    const retried = await get(urls[answers.findIndex((r) => r.statusCode === 503)]!);
    expect(retried.statusCode).toBe(200);
  });
});

describe('posts to the site', () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const message = { name: 'Reader', email: 'reader@example.org', subject: 'Please check this claim.' };
  const post = (
    url: string,
    ip: string,
    payload: string | Buffer | Readable,
    headers: Record<string, string> = HTML,
  ) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: ip,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload,
    });
  const contactCount = async () =>
    (await call(t.app, 'GET', '/api/contact?per_page=1', undefined, 'superAdmin')).body.total as number;

  it('limits the contact form like POST {api}/contract, in one budget, with a message in the page language', async () => {
    const ip = '10.34.0.1';
    const before = await contactCount();
    for (let i = 0; i < 3; i++) {
      const res = await post('/en/contact-us', ip, form(message));
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('data-testid="contact-sent"');
    }
    const refused = await post('/en/contact-us', ip, form(message));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['cache-control']).toBe('private, no-store');
    expect(refused.body).toContain('data-testid="contact-refused"');
    expect(refused.body).toContain('You have sent too many messages in a short time');
    const arabic = await post('/contact-us', ip, form(message));
    expect(arabic.statusCode).toBe(429);
    expect(arabic.body).toContain('أرسلت رسائل كثيرة خلال وقت قصير');
    // A client that does not take HTML gets the catalogue's code.
    const json = await post('/contact-us', ip, form(message), { accept: 'application/json' });
    expect(json.statusCode).toBe(429);
    expect(json.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    // The API's door counts in the same bucket.
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/contract',
      remoteAddress: ip,
      payload: message,
    });
    expect(api.statusCode).toBe(429);
    expect(await contactCount()).toBe(before + 3);
    // Another client is not affected.
    expect((await post('/tr/contact-us', '10.34.0.2', form(message))).statusCode).toBe(200);
  });

  it("refuses a body over the API's 2 MB limit with 413, unread, whether or not it declares its length", async () => {
    const before = await contactCount();
    const big = form({ ...message, subject: 'x'.repeat(3 * 1024 * 1024) });
    const declared = await post('/tr/contact-us', '10.34.0.3', big);
    expect(declared.statusCode).toBe(413);
    expect(declared.headers.connection).toBe('close');
    expect(declared.body).toContain('data-testid="contact-refused"');
    expect(declared.body).toContain('Mesajınız kabul ettiğimiz sınırdan uzun');
    // Streamed without a length: cut once it passes the limit.
    const streamed = await post('/en/contact-us', '10.34.0.4', Readable.from([Buffer.from(big)]), {
      accept: 'application/json',
    });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json()).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });
    expect(await contactCount()).toBe(before);
  });

  it('bounds every other post the site accepts the same way', async () => {
    const ip = '10.34.0.5';
    const big = Buffer.alloc(3 * 1024 * 1024, 'a');
    const tooLarge = await post('/en/search', ip, big, { accept: 'application/json' });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    for (let i = 0; i < 2; i++) expect((await post('/en/search', ip, 'a=1')).statusCode).not.toBe(429);
    const limited = await post('/en/about-us', ip, 'a=1');
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain('You sent too many requests in a short time');
  });
});
