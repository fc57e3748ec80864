// Partners' feeds (issue 36 §3): the ClaimReview DataFeed, and per language JSON Feed 1.1 and RSS
// of the published fact-checks, each with its verdict. They parse, carry the properties their
// formats require, list published fact-checks only, in their language, and /api/docs documents
// them. Runs on PGlite and on PostgreSQL (DATABASE_URL).
import { claimReviewProblems } from '@tabayyun/workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';
import { buildFactcheck, createCriteria } from './factories.ts';

let t: TestApp;
const published: Record<string, string> = {};
let draftTitle = '';

beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: 'https://tabayyun.example' } });
  await createCriteria(t.app);
  for (const language of ['ar', 'en', 'tr'] as const) {
    const res = await call(
      t.app,
      'POST',
      '/api/factcheck',
      buildFactcheck({ status: 'published', language, title: `Published in ${language} & <more>` }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    published[language] = res.body._id as string;
  }
  draftTitle = 'A draft nobody may see';
  expect((await call(t.app, 'POST', '/api/factcheck', buildFactcheck({ title: draftTitle }))).status).toBe(
    200,
  );
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** A minimal well-formedness check of an RSS 2.0 document: balanced tags, the required elements. */
function parseRss(xml: string) {
  expect(xml.startsWith('<?xml')).toBe(true);
  const stack: string[] = [];
  for (const m of xml
    .replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '')
    .matchAll(/<(\/?)([A-Za-z][\w:.-]*)[^>]*?(\/?)>/g)) {
    if (m[3] === '/') continue;
    if (m[1] === '/') expect(stack.pop(), `closing ${m[2]}`).toBe(m[2]);
    else stack.push(m[2]!);
  }
  expect(stack).toEqual([]);
  const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1]!);
  const field = (item: string, name: string) =>
    new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(item)?.[1]?.replace(/^<!\[CDATA\[|\]\]>$/g, '');
  return {
    channel: { title: field(xml, 'title'), link: field(xml, 'link'), description: field(xml, 'description') },
    items: items.map((i) => ({
      title: field(i, 'title'),
      link: field(i, 'link'),
      category: field(i, 'category'),
      description: field(i, 'description'),
    })),
  };
}

describe('the ClaimReview data feed', () => {
  it('is a schema.org DataFeed whose items are valid ClaimReview, of published fact-checks only', async () => {
    const res = await get('/feeds/claimreview.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const feed = res.json();
    expect(feed).toMatchObject({ '@context': 'https://schema.org', '@type': 'DataFeed' });
    expect(feed.dataFeedElement.length).toBeGreaterThanOrEqual(3);
    for (const element of feed.dataFeedElement) {
      expect(element['@type']).toBe('DataFeedItem');
      expect(element.dateCreated).toEqual(expect.any(String));
      const [review] = element.item;
      expect(review['@type']).toBe('ClaimReview');
      // The same checks the publish gate makes (Google's required properties).
      expect(claimReviewProblems({ '@context': 'https://schema.org', ...review })).toEqual([]);
      expect(review.url).toMatch(/^https:\/\/tabayyun\.example\/(en\/|tr\/)?factcheck\//);
      expect(review.reviewRating.alternateName).toEqual(expect.any(String));
    }
    const urls = feed.dataFeedElement.map((e: { item: { url: string }[] }) => e.item[0]!.url);
    expect(urls.some((u: string) => u.startsWith('https://tabayyun.example/en/factcheck/'))).toBe(true);
    expect(res.body).not.toContain(draftTitle);
  });
});

describe('the JSON Feeds', () => {
  it('are JSON Feed 1.1 per language, each item with its verdict', async () => {
    for (const [path, language] of [
      ['/feeds/factchecks.json', 'ar'],
      ['/en/feeds/factchecks.json', 'en'],
      ['/tr/feeds/factchecks.json', 'tr'],
    ] as const) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/feed\+json/);
      const feed = res.json();
      expect(feed).toMatchObject({
        version: 'https://jsonfeed.org/version/1.1',
        title: expect.any(String),
        language,
        feed_url: `https://tabayyun.example${path}`,
      });
      expect(feed.items.length).toBeGreaterThanOrEqual(1);
      for (const item of feed.items) {
        // JSON Feed 1.1: id, and content_html or content_text, are required.
        expect(item.id).toEqual(expect.any(String));
        expect(typeof item.content_text === 'string' || typeof item.content_html === 'string').toBe(true);
        expect(item.language).toBe(language);
        expect(item._verdict).toMatchObject({
          id: 'fraud',
          name: expect.any(String),
          ratingValue: expect.any(Number),
        });
        expect(item.tags).toEqual([item._verdict.name]);
        expect(item.title.startsWith(`[${item._verdict.name}]`)).toBe(true);
        expect(item._claim_review['@type']).toBe('ClaimReview');
      }
      expect(feed.items.map((i: { url: string }) => i.url).join()).toContain(
        language === 'ar'
          ? 'https://tabayyun.example/factcheck/'
          : `https://tabayyun.example/${language}/factcheck/`,
      );
      expect(res.body).not.toContain(draftTitle);
    }
  });
});

describe('the RSS feeds of fact-checks', () => {
  it('parse, and name the verdict in each item', async () => {
    for (const path of ['/feeds/factchecks.xml', '/en/feeds/factchecks.xml', '/tr/feeds/factchecks.xml']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/rss\+xml/);
      const rss = parseRss(res.body);
      expect(rss.channel.title).toBeTruthy();
      expect(rss.items.length).toBeGreaterThanOrEqual(1);
      for (const item of rss.items) {
        expect(item.category, path).toBeTruthy();
        expect(item.title!.startsWith(`[${item.category}]`)).toBe(true);
        expect(item.link).toMatch(/^https:\/\/tabayyun\.example\//);
      }
      expect(res.body).toContain('&amp; &lt;more&gt;');
      expect(res.body).not.toContain(draftTitle);
    }
  });
});

describe('the API document', () => {
  it('documents the feeds', async () => {
    const doc = (await get(`${t.config.API_BASE}/docs/json`)).json() as { paths: Record<string, unknown> };
    for (const path of [
      '/feeds/claimreview.json',
      '/feeds/factchecks.json',
      '/en/feeds/factchecks.json',
      '/tr/feeds/factchecks.json',
      '/feeds/factchecks.xml',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});
