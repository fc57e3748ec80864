// What search engines and feed readers get, on the demo content: robots.txt, the sitemap index and
// one sitemap per language listing every published item exactly once (and no draft), and RSS per
// language and per category, well-formed (parsed strictly below) and escaped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../src/modules/seed/seed.service.ts';
import { ensureWebBuild, WEB_BUILD_TIMEOUT_MS } from '../src/modules/site/web-build.ts';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';
import { buildFactcheck, ensureCriteria } from './factories.ts';

const ORIGIN = 'https://tabayyun.example';

// ───────────── a strict XML reader (well-formedness is what is under test) ─────────────
interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(raw: string, where: string): string {
  return raw.replace(/&([^;]*);|&/g, (whole, name: string | undefined) => {
    if (name === undefined) throw new Error(`Bare & in ${where}`);
    if (name in ENTITIES) return ENTITIES[name]!;
    if (/^#\d+$/.test(name)) return String.fromCodePoint(Number(name.slice(1)));
    if (/^#x[0-9a-f]+$/i.test(name)) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    throw new Error(`Unknown entity ${whole} in ${where}`);
  });
}

/** Parses an XML document, throwing on anything that is not well-formed. */
function parseXml(xml: string): XmlElement {
  let rest = xml.replace(/^<\?xml [^?]*\?>\s*/, '');
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  const NAME = '[A-Za-z_][\\w.:-]*';
  const OPEN = new RegExp(`^<(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/?)>`);
  while (rest.length > 0) {
    const top = stack.at(-1);
    if (rest.startsWith('<![CDATA[')) {
      const end = rest.indexOf(']]>');
      if (end < 0 || !top) throw new Error('Unterminated or misplaced CDATA');
      top.text += rest.slice(9, end);
      rest = rest.slice(end + 3);
    } else if (rest.startsWith('<!--')) {
      const end = rest.indexOf('-->');
      if (end < 0) throw new Error('Unterminated comment');
      rest = rest.slice(end + 3);
    } else if (rest.startsWith('</')) {
      const match = new RegExp(`^</(${NAME})\\s*>`).exec(rest);
      if (!match || !top || match[1] !== top.name)
        throw new Error(`Mismatched closing tag near ${rest.slice(0, 40)}`);
      stack.pop();
      rest = rest.slice(match[0].length);
    } else if (rest.startsWith('<')) {
      const match = OPEN.exec(rest);
      if (!match) throw new Error(`Malformed tag near ${rest.slice(0, 40)}`);
      const attributes: Record<string, string> = {};
      for (const a of match[2]!.matchAll(new RegExp(`(${NAME})\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'g'))) {
        if (a[1]! in attributes) throw new Error(`Duplicate attribute ${a[1]}`);
        attributes[a[1]!] = decodeEntities(a[2] ?? a[3] ?? '', `attribute ${a[1]}`);
      }
      const element: XmlElement = { name: match[1]!, attributes, children: [], text: '' };
      if (top) top.children.push(element);
      else if (root) throw new Error('Two root elements');
      else root = element;
      if (match[3] !== '/') stack.push(element);
      rest = rest.slice(match[0].length);
    } else {
      const end = rest.indexOf('<');
      const raw = end < 0 ? rest : rest.slice(0, end);
      if (raw.includes(']]>')) throw new Error(']]> in text');
      if (top) top.text += decodeEntities(raw, 'text');
      else if (raw.trim()) throw new Error('Text outside the root element');
      rest = end < 0 ? '' : rest.slice(end);
    }
  }
  if (!root || stack.length > 0) throw new Error('Unclosed elements');
  return root;
}

const childrenNamed = (e: XmlElement, name: string) => e.children.filter((c) => c.name === name);
const childText = (e: XmlElement, name: string) => childrenNamed(e, name)[0]?.text.trim();

// ───────────── fixtures ─────────────
let t: TestApp;
interface Doc {
  _id: string;
  slug: string;
  language: string;
  title: string;
  category?: string;
  evaluation?: { category: string }[];
}

/** Every page of a list (anonymous readers get at most 50 a page: issue 34). */
async function listAll(resource: string, query: string, actor: 'anonymous' | 'superAdmin' = 'anonymous') {
  const all: Doc[] = [];
  for (let page = 1; ; page++) {
    const res = await call(
      t.app,
      'GET',
      `/api/${resource}?${query}&per_page=50&page=${page}`,
      undefined,
      actor,
    );
    expect(res.status).toBe(200);
    all.push(...(res.body.data as Doc[]));
    if (all.length >= Number(res.body.total)) return all;
  }
}

const get = (url: string) => t.app.inject({ method: 'GET', url });
const locsOf = (urlset: XmlElement) => childrenNamed(urlset, 'url').map((u) => childText(u, 'loc')!);
const itemUrl = (resource: string, d: Doc) =>
  `${ORIGIN}${d.language === 'ar' ? '' : `/${d.language}`}/${resource}/${encodeURIComponent(d.slug)}`;

beforeAll(async () => {
  ensureWebBuild();
  t = await buildTestApp({ site: true, env: { PUBLIC_URL: `${ORIGIN}/` } });
  await seedDemoContent({ db: t.database.db, resources: t.app.services.resources });
}, WEB_BUILD_TIMEOUT_MS + 120_000);
afterAll(() => t?.close());

describe('robots.txt', () => {
  it('allows all, keeps crawlers out of the back office and the API, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /panel',
        'Disallow: /api',
        `Sitemap: ${ORIGIN}/sitemap.xml`,
      ]),
    );
  });
});

describe('sitemaps', () => {
  it('indexes one sitemap per language, each with its lastmod', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const index = parseXml(res.body);
    expect(index.name).toBe('sitemapindex');
    const sitemaps = childrenNamed(index, 'sitemap');
    expect(sitemaps.map((s) => childText(s, 'loc'))).toEqual(
      ['ar', 'en', 'tr'].map((l) => `${ORIGIN}/sitemap-${l}.xml`),
    );
    for (const s of sitemaps) expect(Number.isNaN(Date.parse(childText(s, 'lastmod') ?? ''))).toBe(false);
  });

  it('lists every published fact-check and article once, in its language, and no unpublished one', async () => {
    const byLanguage = new Map<string, string[]>();
    for (const language of ['ar', 'en', 'tr']) {
      const res = await get(`/sitemap-${language}.xml`);
      expect(res.statusCode).toBe(200);
      const urlset = parseXml(res.body);
      expect(urlset.name).toBe('urlset');
      const locs = locsOf(urlset);
      expect(new Set(locs).size).toBe(locs.length);
      byLanguage.set(language, locs);
      for (const u of childrenNamed(urlset, 'url').filter((u) =>
        /\/(factcheck|article)\//.test(childText(u, 'loc')!),
      )) {
        expect(Number.isNaN(Date.parse(childText(u, 'lastmod') ?? ''))).toBe(false);
      }
    }
    const all = [...byLanguage.values()].flat();
    const itemLocs = all.filter((loc) => /\/(factcheck|article)\//.test(loc));
    const published = [
      ...(await listAll('factcheck', 'select=slug,language')).map((d) => itemUrl('factcheck', d)),
      ...(await listAll('article', 'select=slug,language')).map((d) => itemUrl('article', d)),
    ];
    expect(published.length).toBeGreaterThan(50);
    expect(itemLocs.sort()).toEqual([...published].sort());
    for (const [language, locs] of byLanguage) {
      for (const loc of locs.filter((l) => /\/(factcheck|article)\//.test(l))) {
        expect(
          language === 'ar'
            ? !/^https:\/\/[^/]+\/(en|tr)\//.test(loc)
            : loc.startsWith(`${ORIGIN}/${language}/`),
        ).toBe(true);
      }
    }
    const unpublished = [
      ...(await listAll('factcheck', 'status={ne}published&select=slug,language', 'superAdmin')).map((d) =>
        itemUrl('factcheck', d),
      ),
      ...(await listAll('article', 'status={ne}published&select=slug,language', 'superAdmin')).map((d) =>
        itemUrl('article', d),
      ),
    ];
    expect(unpublished.length).toBeGreaterThan(0);
    for (const loc of unpublished) expect(all).not.toContain(loc);
  });

  it('lists rating and topic pages in every language, with hreflang alternates', async () => {
    const urlset = parseXml((await get('/sitemap-en.xml')).body);
    const locs = locsOf(urlset);
    expect(locs).toContain(`${ORIGIN}/en/category/fraud`);
    expect(locs).toContain(`${ORIGIN}/en/topic/health`);
    expect(locs).toContain(`${ORIGIN}/en`);
    expect(locs.some((l) => l.includes('/category/featured'))).toBe(false); // tags have no page
    const fraud = childrenNamed(urlset, 'url').find(
      (u) => childText(u, 'loc') === `${ORIGIN}/en/category/fraud`,
    )!;
    const alternates = childrenNamed(fraud, 'xhtml:link').map((l) => [
      l.attributes.hreflang,
      l.attributes.href,
    ]);
    expect(alternates).toEqual(
      expect.arrayContaining([
        ['ar', `${ORIGIN}/category/fraud`],
        ['tr', `${ORIGIN}/tr/category/fraud`],
        ['x-default', `${ORIGIN}/category/fraud`],
      ]),
    );
  });

  it('links a translated fact-check to its original', async () => {
    const [translation] = await listAll(
      'factcheck',
      'language=en&translation_id={exists}&select=slug,language,translation_id',
    );
    expect(translation).toBeDefined();
    const original = (
      await call(
        t.app,
        'GET',
        `/api/factcheck/${(translation as unknown as { translation_id: string }).translation_id}`,
        undefined,
        'anonymous',
      )
    ).body.data as Doc[];
    const urlset = parseXml((await get('/sitemap-en.xml')).body);
    const entry = childrenNamed(urlset, 'url').find(
      (u) => childText(u, 'loc') === itemUrl('factcheck', translation!),
    )!;
    const hreflangs = childrenNamed(entry, 'xhtml:link').map((l) => [
      l.attributes.hreflang,
      l.attributes.href,
    ]);
    expect(hreflangs).toContainEqual(['ar', itemUrl('factcheck', original[0]!)]);
    expect(hreflangs).toContainEqual(['en', itemUrl('factcheck', translation!)]);
  });
});

describe('RSS', () => {
  it.each([
    ['/rss.xml', 'ar'],
    ['/en/rss.xml', 'en'],
    ['/tr/rss.xml', 'tr'],
  ])('%s holds the newest published items of its language only', async (url, language) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const rss = parseXml(res.body);
    expect(rss.name).toBe('rss');
    expect(rss.attributes.version).toBe('2.0');
    const channel = childrenNamed(rss, 'channel')[0]!;
    expect(childText(channel, 'language')).toBe(language);
    const items = childrenNamed(channel, 'item');
    const published = [
      ...(await listAll('factcheck', `language=${language}&select=slug,language`)).map((d) =>
        itemUrl('factcheck', d),
      ),
      ...(await listAll('article', `language=${language}&select=slug,language`)).map((d) =>
        itemUrl('article', d),
      ),
    ];
    expect(items.length).toBe(Math.min(30, published.length));
    const dates = items.map((i) => Date.parse(childText(i, 'pubDate')!));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    for (const item of items) {
      expect(published).toContain(childText(item, 'link'));
      expect(childText(item, 'guid')).toBe(childText(item, 'link'));
      expect(childText(item, 'title')).toBeTruthy();
      expect(childText(item, 'description')).toBeTruthy();
    }
  });

  it('gives a rating feed the fact-checks rated with it or one of its sub-ratings', async () => {
    const res = await get('/category/fraud/rss.xml');
    expect(res.statusCode).toBe(200);
    const items = childrenNamed(childrenNamed(parseXml(res.body), 'channel')[0]!, 'item');
    const children = (await listAll('category', 'parent=fraud')).map((c) => c._id);
    const rated = await listAll(
      'factcheck',
      `category=fraud|evaluation.category={in}${['fraud', ...children].join(',')}&language=ar&select=slug,language`,
    );
    expect(items.length).toBe(Math.min(30, rated.length));
    expect(items.length).toBeGreaterThan(0);
    const links = rated.map((d) => itemUrl('factcheck', d));
    for (const item of items) expect(links).toContain(childText(item, 'link'));
  });

  it('gives a topic feed in English its English items only', async () => {
    const res = await get('/en/category/health/rss.xml');
    expect(res.statusCode).toBe(200);
    const items = childrenNamed(childrenNamed(parseXml(res.body), 'channel')[0]!, 'item');
    for (const item of items) expect(childText(item, 'link')).toMatch(new RegExp(`^${ORIGIN}/en/`));
  });

  it('answers 404 for an unknown category', async () => {
    expect((await get('/category/no-such-category/rss.xml')).statusCode).toBe(404);
  });

  it('escapes markup and keeps Arabic text intact', async () => {
    const title = 'عنوان <b>عريض</b> & "اقتباس" ]]> نهاية';
    const description = 'وصف فيه ]]> و <script>alert(1)</script> & نص عربي';
    // Complete, so it passes the publish gate (ADR 039).
    await ensureCriteria(t.app);
    const created = await call(
      t.app,
      'POST',
      '/api/factcheck',
      buildFactcheck({ title, description, status: 'published', language: 'ar', slug: 'escape-test' }),
    );
    expect(created.status).toBe(200);
    const channel = childrenNamed(parseXml((await get('/rss.xml')).body), 'channel')[0]!;
    const item = childrenNamed(channel, 'item').find(
      (i) => childText(i, 'link') === `${ORIGIN}/factcheck/escape-test`,
    );
    expect(item).toBeDefined();
    expect(childText(item!, 'title')).toBe(title);
    expect(childText(item!, 'description')).toBe(description);
    expect(locsOf(parseXml((await get('/sitemap-ar.xml')).body))).toContain(
      `${ORIGIN}/factcheck/escape-test`,
    );
  });
});

describe('the strict XML reader', () => {
  it.each(['<a><b></a>', '<a>x & y</a>', '<a>&nbsp;</a>', '<a x="1" x="2"/>', '<a/><b/>', '<a>]]></a>'])(
    'rejects %s',
    (xml) => {
      expect(() => parseXml(xml)).toThrow();
    },
  );
});
