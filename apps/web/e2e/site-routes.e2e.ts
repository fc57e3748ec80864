// Loader and rendering tests of every public route, through the real server (`buildApp({ site:
// true })`) on a seeded PGlite copy and the production build: what each page shows follows the
// data rules of spec §2 (published only, page language, page sizes, filters, 404s).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimReviewProblems, newsArticleProblems } from '../app/site/seo/json-ld.ts';
import {
  BUILD_TIMEOUT_MS,
  jsonLdOf,
  type SiteTestServer,
  startSiteTestServer,
} from '../app/site/testing/site-test-server.ts';

let site: SiteTestServer;

beforeAll(async () => {
  site = await startSiteTestServer();
}, BUILD_TIMEOUT_MS + 60_000);

afterAll(async () => {
  await site?.close();
});

const get = (url: string) => site.inject({ url });
const count = (html: string, needle: string | RegExp) =>
  (
    html.match(
      typeof needle === 'string' ? new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g') : needle,
    ) ?? []
  ).length;
const cardHrefs = (html: string) =>
  [...html.matchAll(/<h[23] class="post-card-title"><a href="([^"]+)"/g)].map((m) => m[1]!);
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

async function api(url: string): Promise<{ data: Record<string, unknown>[]; total: number }> {
  const res = await get(url);
  return JSON.parse(res.body);
}

// What a test needs to know beyond what the public may ask (more than 50 a page, hidden authors:
// issue 34 §3, §5) it reads as an editor.
let staffToken: string | undefined;
async function staffApi(url: string): Promise<{ data: Record<string, unknown>[]; total: number }> {
  if (!staffToken) {
    const user = await site.createUser(['editor']);
    const signIn = await site.inject({
      url: '/auth',
      method: 'POST',
      payload: JSON.stringify({ grant_type: 'password', email: user.email, password: user.password }),
      headers: { 'content-type': 'application/json' },
    });
    staffToken = (JSON.parse(signIn.body) as { access_token: string }).access_token;
  }
  const res = await site.inject({ url, headers: { authorization: `Bearer ${staffToken}` } });
  return JSON.parse(res.body);
}

describe('home', () => {
  it('shows the four rating sections in order, right to left, with picks, most-read and counts', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^<!DOCTYPE html><html lang="ar" dir="rtl"/);
    expect([...res.body.matchAll(/data-section="([a-z-]+)"/g)].map((m) => m[1])).toEqual([
      'fraud',
      'confounding',
      'futility',
      'confirmed',
    ]);
    expect(titleOf(res.body)).toBe('تبيَّن');
    expect(res.body).toContain('الأكثر قراءة');
    expect(res.body).toContain('عدد التحققات');
    // Followers as the spec lists them.
    for (const figure of ['38K', '20K', '12K', '5.9K', '792']) expect(res.body).toContain(figure);
  });

  it('filters a section by evaluation with ?<rating>=<evaluation> and keeps the others', async () => {
    const res = await get('/?fraud=manipulated-image');
    const fraud = res.body.split('data-section="fraud"')[1]!.split('data-section="confounding"')[0]!;
    // The filter link loads the page again (ADR 056): its fragment brings the reader back to the section.
    expect(fraud).toContain('aria-current="true" href="/?fraud=manipulated-image#section-fraud"');
    const { data } = await api(
      '/api/factcheck?status=published&language=ar&category=fraud&evaluation.category=manipulated-image&sort_by=-publishedAt&per_page=5&select=slug',
    );
    expect(data.length).toBeGreaterThan(0);
    expect(
      cardHrefs(fraud).concat(
        [...fraud.matchAll(/class="title-card-title"><a href="([^"]+)"/g)].map((m) => m[1]!),
      ),
    ).toEqual(data.slice(0, 4).map((d) => `/factcheck/${d.slug}`));
  });

  it('shows only English fact-checks on the English home page', async () => {
    const res = await get('/en');
    expect(res.body).toContain('<html lang="en" dir="ltr"');
    const { data } = await staffApi('/api/factcheck?status=published&language=en&select=slug&per_page=100');
    const english = new Set(data.map((d) => `/en/factcheck/${d.slug}`));
    const links = [...res.body.matchAll(/href="(\/en\/factcheck\/[^"]+)"/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(english.has(link)).toBe(true);
    expect(res.body).not.toMatch(/href="\/factcheck\//);
  });
});

describe('category and topic', () => {
  it('lists the category itself and its evaluations, 9 per page, newest first, with sibling links', async () => {
    const res = await get('/category/fraud');
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe('زائف - تبيَّن');
    const { data, total } = await api(
      '/api/factcheck?status=published&language=ar&category=fraud|evaluation.category={in}fraud,fabricated-content,manipulated-image,impostor-content&sort_by=-publishedAt&per_page=9&select=slug',
    );
    expect(total).toBeGreaterThan(9);
    expect(cardHrefs(res.body)).toEqual(data.map((d) => `/factcheck/${d.slug}`));
    expect(res.body).toContain('href="/category/manipulated-image"');
    expect(res.body).toContain('rel="next"');
  });

  it('at level 2 lists its evaluation and links the parent and the siblings', async () => {
    const res = await get('/category/out-of-context');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('href="/category/confounding"');
    expect(res.body).toContain('href="/category/partly-false"');
    const { data } = await api(
      '/api/factcheck?status=published&language=ar&category=out-of-context|evaluation.category={in}out-of-context&sort_by=-publishedAt&per_page=9&select=slug',
    );
    expect(cardHrefs(res.body)).toEqual(data.map((d) => `/factcheck/${d.slug}`));
  });

  it('answers an unknown category with the not-found page at the same address', async () => {
    const res = await get('/category/no-such-category');
    expect(res.statusCode).toBe(404);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('الصفحة غير موجودة');
  });

  it('merges articles and fact-checks of a topic; the paginator counts both lists', async () => {
    const res = await get('/topic/technology');
    const factchecks = await api('/api/factcheck/count?status=published&language=ar&topic=technology');
    const articles = await api('/api/article/count?status=published&language=ar&topic=technology');
    const total = Number(factchecks.data) + Number(articles.data);
    expect(Number(articles.data)).toBeGreaterThan(0);
    const hrefs = cardHrefs(res.body);
    expect(hrefs.length).toBe(Math.min(9, total));
    expect(hrefs.some((h) => h.startsWith('/article/'))).toBe(true);
    expect(hrefs.some((h) => h.startsWith('/factcheck/'))).toBe(true);
    const pages = Math.ceil(total / 9);
    if (pages > 1) expect(res.body).toContain(`aria-label="الصفحة ${pages}"`);
    expect((await get('/topic/nope')).statusCode).toBe(404);
  });

  it('keeps other query parameters in the paginator links', async () => {
    const res = await get('/category/fraud?utm=x');
    expect(res.body).toContain('href="/category/fraud?utm=x&amp;page=2"');
    const second = await get('/category/fraud?utm=x&page=2');
    expect(second.body).toContain('href="/category/fraud?utm=x"');
    expect(second.body).toContain('<span aria-current="page">2</span>');
  });
});

describe('fact-check and article pages', () => {
  it('shows a published fact-check with its sections, rating, sources, share links and related items', async () => {
    const { data } = await api(
      '/api/factcheck?status=published&language=ar&sort_by=publishedAt&per_page=1&select=slug,title',
    );
    const res = await get(`/factcheck/${data[0]!.slug}`);
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe(`${data[0]!.title} - تبيَّن`);
    expect(res.body).not.toContain('trial-banner');
    for (const text of [
      'نُشر:',
      'الادعاء',
      'تفنيد الادعاء',
      'الخلاصة',
      'مراجع التحقق',
      'مصادر الادعاء',
      'مواد مختارة',
    ])
      expect(res.body).toContain(text);
    for (const host of [
      'x.com/intent',
      'facebook.com/sharer',
      'linkedin.com/sharing',
      'wa.me',
      't.me/share',
      'reddit.com/submit',
    ])
      expect(res.body).toContain(host);
    expect(count(res.body, 'class="post-card ')).toBe(3);
    expect(res.body).toMatch(/\d{4}-\d{2}-\d{2}، \d{1,2}:\d{2} [صم]/);
    // The comments widget never renders its script on the server.
    expect(res.body).not.toContain('connect.facebook.net');
  });

  it('hides a section heading when its switch is on', async () => {
    const { data } = await api(
      '/api/factcheck?status=published&hideClaimsTitle=true&per_page=1&select=slug,language',
    );
    if (data.length === 0) return expect(data).toEqual([]);
    const prefix = data[0]!.language === 'ar' ? '' : `/${data[0]!.language}`;
    const res = await get(`${prefix}/factcheck/${data[0]!.slug}`);
    expect(res.body).toContain('post-section-claim');
    expect(res.body).not.toMatch(/post-section-claim"[^>]*><h2>/);
  });

  it('carries exactly one valid ClaimReview and one valid NewsArticle on every published fact-check', async () => {
    for (const language of ['ar', 'en', 'tr']) {
      const { data } = await staffApi(
        `/api/factcheck?status=published&language=${language}&per_page=500&select=slug`,
      );
      expect(data.length).toBeGreaterThan(0);
      for (const item of data) {
        const res = await get(`${language === 'ar' ? '' : `/${language}`}/factcheck/${item.slug}`);
        const ld = jsonLdOf(res.body);
        const reviews = ld.filter((x) => x['@type'] === 'ClaimReview');
        const articles = ld.filter((x) => x['@type'] === 'NewsArticle');
        expect(reviews).toHaveLength(1);
        expect(articles).toHaveLength(1);
        expect(claimReviewProblems(reviews[0])).toEqual([]);
        expect(newsArticleProblems(articles[0])).toEqual([]);
        const rating = (reviews[0]!.reviewRating as { alternateName: string }).alternateName;
        expect(res.body).toContain(`>${rating}</a>`);
      }
    }
  });

  it('links translations with hreflang and a language switcher to the translation', async () => {
    const { data } = await api(
      '/api/factcheck?status=published&language=en&translation_id={exists}&per_page=1&select=slug,translation_id',
    );
    const original = await api(`/api/factcheck?_id=${data[0]!.translation_id}&select=slug`);
    const res = await get(`/factcheck/${original.data[0]!.slug}`);
    expect(res.body).toMatch(new RegExp(`hrefLang="en" href="http://[^"]+/en/factcheck/${data[0]!.slug}"`));
    expect(res.body).toContain(`href="/en/factcheck/${data[0]!.slug}"`);
  });

  it('shows an article with the same view and a NewsArticle but no ClaimReview', async () => {
    const { data } = await api('/api/article?status=published&language=ar&per_page=1&select=slug');
    const res = await get(`/article/${data[0]!.slug}`);
    expect(res.statusCode).toBe(200);
    const ld = jsonLdOf(res.body);
    expect(ld.map((x) => x['@type'])).toEqual(['NewsArticle']);
  });

  it('previews a draft only with a valid signed link: banner, noindex, no caching; otherwise 404', async () => {
    const { data } = await api('/api/factcheck?status=draft&per_page=1&select=_id,slug,language');
    // Anonymous API callers never see drafts: read the id from the seed through a signed link instead.
    expect(data).toEqual([]);
    const draftId = '0e000000000000000000003c';
    expect((await get(`/factcheck/${draftId}`)).statusCode).toBe(404);
    const token = site.signDraft(draftId);
    const preview = await get(`/factcheck/${draftId}?draft=${token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('هذا المحتوى للعرض التجريبي فقط!');
    expect(preview.headers['x-robots-tag']).toBe('noindex');
    expect(preview.headers['cache-control']).toBe('private, no-store');
    expect(jsonLdOf(preview.body)).toEqual([]);
    const forged = await get(
      `/factcheck/${draftId}?draft=${Buffer.from(`${Date.now() + 1000}--forged`).toString('base64url')}`,
    );
    expect(forged.statusCode).toBe(404);
    const foreign = await get(`/factcheck/${draftId}?draft=${site.signDraft('0e000000000000000000003d')}`);
    expect(foreign.statusCode).toBe(404);
  });

  it('answers an unknown slug with 404 in place', async () => {
    const res = await get('/en/factcheck/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Page Not Found');
  });
});

describe('search, writers, sources and team', () => {
  it('finds a title written with a different alef form, titled "Search - {keyword}"', async () => {
    const res = await get(`/search?keyword=${encodeURIComponent('الاردن')}`);
    expect(titleOf(res.body)).toBe('بحث - الاردن - تبيَّن');
    const titles = [...res.body.matchAll(/<h[23] class="post-card-title"><a [^>]+>([^<]+)</g)].map(
      (m) => m[1]!,
    );
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.some((t) => t.includes('الأردن'))).toBe(true);
    // The count is worded in Arabic's plural forms, not a bare number.
    const total = /data-testid="search-total">([^<]+)</.exec(res.body)?.[1];
    const singleAndDual: Record<number, string> = { 1: 'نتيجة واحدة', 2: 'نتيجتان' };
    const wording = singleAndDual[titles.length] ?? `${titles.length} نتائج`;
    expect(total).toBe(wording);
    const none = await get(`/search?keyword=${encodeURIComponent('كلمةلاتوجدأبدا')}`);
    expect(none.body).toContain('لا توجد نتائج.');
    expect(none.body).not.toContain('data-testid="search-total"');
  });

  it('shows a writer by slug or id with their published fact-checks; hidden writers are 404', async () => {
    const bySlug = await get('/writer-news/samer-al-halabi');
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.body).toContain('سامر الحلبي');
    expect(bySlug.body).toContain('mailto:editor@example.org');
    const byId = await get('/writer-news/0a0000000000000000000001');
    expect(cardHrefs(byId.body)).toEqual(cardHrefs(bySlug.body));
    const { data } = await staffApi('/api/author?hidden=true&per_page=1&select=slug');
    expect((await get(`/writer-news/${data[0]!.slug}`)).statusCode).toBe(404);
  });

  it('lists sources, searchable by name, each linking to its publisher page', async () => {
    const res = await get('/sources');
    const { total } = await api('/api/media-source?per_page=1');
    expect(count(res.body, 'class="source-card"')).toBe(total);
    const search = await get(`/sources?name=${encodeURIComponent('تيليغرام')}`);
    expect(count(search.body, 'class="source-card"')).toBeLessThan(total);
    const href = /href="(\/publisher\/[^"]+)"/.exec(res.body)![1]!;
    const publisher = await get(href);
    expect(publisher.statusCode).toBe(200);
    expect((await get('/publisher/0b00000000000000000000ff/x')).statusCode).toBe(404);
  });

  it('lists the active team, then former members, never hidden ones', async () => {
    const res = await get('/our-team');
    const active = res.body.split('data-testid="team-active"')[1]!.split('data-testid="team-former"')[0]!;
    const former = res.body.split('data-testid="team-former"')[1]!;
    expect(count(active, 'class="member-card"')).toBe(8);
    expect(count(former.split('</section>')[0]!, 'class="member-card"')).toBe(3);
  });
});

describe('static pages, contact and errors', () => {
  it('serves every static page in Arabic and English, Turkish UI with English text', async () => {
    const pages = [
      'about-us',
      'our-vision',
      'our-message',
      'tabayyun-story',
      'organizational-structure',
      'vision',
      'message',
      'partners',
      'topic/window-to-verify',
      'methodology',
      'correction-and-complaints-policy',
      'privacy-policy',
      'editorial-and-publication-policy',
    ];
    for (const page of pages) {
      for (const prefix of ['', '/en', '/tr']) {
        const res = await get(`${prefix}/${page}`);
        expect(res.statusCode, `${prefix}/${page}`).toBe(200);
      }
    }
    expect((await get('/about-us')).body).toContain('2016');
    expect((await get('/en/about-us')).body).toContain('non-profit');
    expect((await get('/tr/about-us')).body).toContain('Hakkımızda');
  });

  it('builds the methodology rating table from the criteria categories', async () => {
    const res = await get('/en/methodology');
    const { data } = await staffApi('/api/category?path=/criteria/*&per_page=100');
    expect(count(res.body, /class="rating-(row|child)"/g)).toBe(data.length);
    for (const name of ['False', 'Misleading', 'Baseless', 'True'])
      expect(res.body).toContain(`>${name}</a>`);
  });

  it('stores a contact message posted as a plain form (no JavaScript) and rejects an invalid one', async () => {
    const post = (body: string) =>
      site.inject({
        method: 'POST',
        url: '/contact-us',
        payload: body,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const ok = await post('name=Hiba&email=hiba%40example.org&subject=Please+check+this');
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('data-testid="contact-sent"');
    const bad = await post('name=&email=nope&subject=x');
    expect(bad.body).not.toContain('data-testid="contact-sent"');
  });

  it('renders /error, /not-found and unknown addresses in the page language', async () => {
    expect((await get('/error')).body).toContain('حدث خطأ');
    const notFound = await get('/tr/not-found');
    expect(notFound.statusCode).toBe(404);
    expect(notFound.body).toContain('Sayfa Bulunamadı');
    const unknown = await get('/en/some/unknown/path');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<html lang="en" dir="ltr"');
  });

  it('outlines every kind of page without skipping a heading level (one h1, each heading at most one deeper)', async () => {
    const sitemap = (await get('/sitemap-ar.xml')).body;
    const paths = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map((m) => m[1]!);
    // One address of each kind (home, category, topic, writer, source, fact-check, article, static
    // pages), searches with and without results, and the English home page.
    const byKind = new Map(paths.map((path) => [path.split('/')[1], path]));
    const samples = [...byKind.values(), `/search?keyword=${encodeURIComponent('سوريا')}`, '/search', '/en'];
    expect(samples.length).toBeGreaterThan(8);
    for (const path of samples) {
      const levels = [...(await get(path)).body.matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]));
      expect(levels[0], path).toBe(1);
      expect(
        levels.filter((level) => level === 1),
        path,
      ).toHaveLength(1);
      const skips = levels.filter((level, i) => i > 0 && level > levels[i - 1]! + 1);
      expect(skips, `${path}: ${levels.join(' ')}`).toEqual([]);
    }
  });

  it('gives every page a canonical address, Open Graph and Twitter tags', async () => {
    const res = await get('/en/category/fraud?page=2');
    expect(res.body).toMatch(/rel="canonical" href="http:\/\/[^"]+\/en\/category\/fraud\?page=2"/);
    for (const tag of ['og:title', 'og:description', 'og:image', 'og:locale', 'twitter:card'])
      expect(res.body).toContain(tag);
  });
});

describe('share images and share links (issue 36 §2)', () => {
  it('gives a fact-check without an image of its own its verdict image, and links prefilled with the verdict', async () => {
    const { data } = await api(
      '/api/factcheck?status=published&language=ar&per_page=50&select=slug,images,claimSummary',
    );
    const item = data.find(
      (d) => typeof d.slug === 'string' && (d.images as unknown[] | undefined)?.length === 0,
    );
    expect(item, 'a demo fact-check without images').toBeDefined();
    const slug = String(item!.slug);
    const page = await get(`/factcheck/${encodeURIComponent(slug)}`);
    expect(page.statusCode).toBe(200);
    const og = /<meta property="og:image" content="([^"]+)"/.exec(page.body)?.[1];
    expect(og?.endsWith(`/share/factcheck/${encodeURIComponent(slug)}.png`), og).toBe(true);
    expect(page.body).toContain(`<meta name="twitter:image" content="${og}"`);
    const image = await get(new URL(og!).pathname);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    // The WhatsApp link carries "verdict: claim".
    const wa = /href="(https:\/\/wa\.me\/\?text=[^"]+)"/.exec(page.body)?.[1];
    const text = new URL(wa!.replace(/&amp;/g, '&')).searchParams.get('text') ?? '';
    expect(text).toMatch(/^[^:]+: .+/);
    if (typeof item!.claimSummary === 'string' && item!.claimSummary) {
      expect(text).toContain(`: ${item!.claimSummary}`);
    }
  });
});
