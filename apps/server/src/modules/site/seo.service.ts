// What search engines and feed readers get: sitemaps, robots.txt and RSS, read through the resource
// service as the anonymous reader, so only published content can appear (the access selector forces
// `status=published`; no filter here is trusted to do it).
import { ANONYMOUS_ACTOR } from '@tabayyun/permissions';
import { parseQuery } from '@tabayyun/query';
import type { ApiDocument } from '../resources/resource-types.ts';
import type { ResourceService } from '../resources/resources.service.ts';
import { renderRobots, renderRss, renderSitemapIndex, renderUrlset, type SitemapUrl } from './seo-xml.ts';
import {
  articlePath,
  authorPath,
  categoryPath,
  factcheckPath,
  localePath,
  publisherPath,
  SITE_LANGUAGES,
  type SiteLanguage,
  staticPagePaths,
  topicPath,
} from './site-urls.ts';

/** A sitemap file holds at most 50,000 addresses, and an index at most 50,000 sitemaps (the protocol's limits). */
const SITEMAP_MAX_URLS = 50_000;
/**
 * Fact-checks (or articles) per sitemap page (issue 37, ADR 057): a page reads and renders this
 * many items whatever the archive's size, about what the whole sitemap of a small newsroom holds.
 */
export const SITEMAP_PAGE_ITEMS = 200;
/** Page starts the sitemap index finds per statement (ADR 057): 25 × 200 = 5,000 items. */
const STARTS_PER_STATEMENT = 25;
/** The most rows one list statement gives (the query language's `per_page` limit). */
const PAGE_SIZE = 500;
export const RSS_ITEMS = 30;

export interface SeoDeps {
  /** `listMany` (lists without totals) when there: a sitemap pages through the archive without counting it. */
  resources: Pick<ResourceService, 'list' | 'get'> & Partial<Pick<ResourceService, 'listMany'>>;
  /** Absolute origin, without a trailing slash. */
  publicUrl: string;
  productName: string;
  /** Paths robots.txt disallows (the back office, the API). */
  disallow: readonly string[];
  /** Whether the web app routes a static page (unrouted pages are left out of the sitemap). */
  isRouted?: (path: string) => boolean;
}

/** The resources whose items the sitemaps and feeds list. */
export type SeoResource = 'factcheck' | 'article';
type Resource = SeoResource;

const FEED_FIELDS: Record<Resource, string> = {
  factcheck: 'select=_id,slug,language,title,description,category,publishedAt,updatedAt',
  article: 'select=_id,slug,language,title,description,publishedAt,updatedAt',
};

interface Item {
  resource: Resource;
  _id: string;
  slug: string;
  language: SiteLanguage;
  group: string;
  title: string;
  description: string;
  category: string | null;
  publishedAt: Date | undefined;
  updatedAt: Date | undefined;
}

const asDate = (value: unknown): Date | undefined => {
  if (value instanceof Date) return value;
  if (typeof value === 'string' || typeof value === 'number') {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? undefined : date;
  }
  return undefined;
};

const latest = (dates: readonly (Date | undefined)[]): Date | undefined =>
  dates.reduce<Date | undefined>((max, d) => (d && (!max || d > max) ? d : max), undefined);

const CHANNEL_TEXT: Record<SiteLanguage, { description: string }> = {
  ar: { description: 'أحدث التحققات والمقالات' },
  en: { description: 'The latest fact-checks and articles' },
  tr: { description: 'En son doğrulamalar ve makaleler' },
};

/** The corrections feed's words (issue 33 §3): the site's messages of the same names. */
const CORRECTION_TEXT: Record<
  SiteLanguage,
  { title: string; description: string; kinds: Record<string, string>; rating: string }
> = {
  ar: {
    title: 'التصحيحات',
    description: 'كل تصحيح أو توضيح أو تحديث أجريناه على تحقق أو مقال منشور، الأحدث أولاً.',
    kinds: { correction: 'تصحيح', clarification: 'توضيح', 'rating-change': 'تغيير التقييم', update: 'تحديث' },
    rating: 'تغيّر التقييم من «{from}» إلى «{to}».',
  },
  en: {
    title: 'Corrections',
    description:
      'Every correction, clarification and update we made to a published fact-check or article, newest first.',
    kinds: {
      correction: 'Correction',
      clarification: 'Clarification',
      'rating-change': 'Rating changed',
      update: 'Update',
    },
    rating: 'The rating changed from “{from}” to “{to}”.',
  },
  tr: {
    title: 'Düzeltmeler',
    description:
      'Yayımlanmış bir doğrulama veya makalede yaptığımız her düzeltme, açıklama ve güncelleme, en yenisi önce.',
    kinds: {
      correction: 'Düzeltme',
      clarification: 'Açıklama',
      'rating-change': 'Değerlendirme değişti',
      update: 'Güncelleme',
    },
    rating: 'Değerlendirme “{from}” yerine “{to}” olarak değiştirildi.',
  },
};

export type SeoService = ReturnType<typeof createSeoService>;

/** A category's name in a site language, from its record (ADR 011); else the Arabic name. */
function categoryNameIn(category: Record<string, unknown>, language: SiteLanguage): string {
  const translated = language === 'en' ? category.nameEn : language === 'tr' ? category.nameTr : undefined;
  if (typeof translated === 'string' && translated.trim()) return translated;
  return String(category.name ?? category._id);
}

export function createSeoService(deps: SeoDeps) {
  const { resources, publicUrl } = deps;
  const absolute = (path: string) => `${publicUrl}${path}`;
  const isRouted = deps.isRouted ?? (() => true);

  /** One page of a list, without its total when the service can (no count of the whole archive). */
  async function pageOf(resource: string, query: string): Promise<ApiDocument[]> {
    const parsed = parseQuery(query);
    if (resources.listMany) {
      const [data] = await resources.listMany({ actor: ANONYMOUS_ACTOR, resource, queries: [parsed] });
      return data ?? [];
    }
    return (await resources.list({ actor: ANONYMOUS_ACTOR, resource, query: parsed })).data;
  }

  /** The first `count` rows of a list (at most PAGE_SIZE), in the query's order. */
  const firstRows = (resource: string, query: string, count: number) =>
    pageOf(resource, `${query}&per_page=${count}`);

  /**
   * Every row of a list up to `max`, in id order, page by page from the last id read (keyset on the
   * primary key): never reading more rows than it keeps, however long the list (issue 37, ADR 057).
   * `query` has no sort of its own.
   */
  async function everyRow(resource: string, query: string, max = SITEMAP_MAX_URLS): Promise<ApiDocument[]> {
    const rows: ApiDocument[] = [];
    while (rows.length < max) {
      const size = Math.min(PAGE_SIZE, max - rows.length);
      const last = rows.at(-1);
      const after = last ? `&_id={gt}${encodeURIComponent(last._id)}` : '';
      const data = await firstRows(resource, `${query}${after}&sort_by=_id`, size);
      rows.push(...data);
      if (data.length < size) break;
    }
    return rows;
  }

  const toItem = (resource: Resource, doc: ApiDocument): Item => ({
    resource,
    _id: doc._id,
    slug: typeof doc.slug === 'string' && doc.slug ? doc.slug : doc._id,
    language: (doc.language as SiteLanguage) ?? 'ar',
    group: typeof doc.translation_id === 'string' && doc.translation_id ? doc.translation_id : doc._id,
    title: String(doc.title ?? ''),
    description: String(doc.description ?? ''),
    category: typeof doc.category === 'string' ? doc.category : null,
    publishedAt: asDate(doc.publishedAt),
    updatedAt: asDate(doc.updatedAt) ?? asDate(doc.publishedAt),
  });

  const itemPath = (item: Item) =>
    localePath(
      item.language,
      item.resource === 'factcheck' ? factcheckPath(item.slug) : articlePath(item.slug),
    );

  const ITEM_FIELDS = 'select=_id,slug,language,translation_id,publishedAt,updatedAt';
  const idFilter = (op: 'gte' | 'in', ids: readonly string[]) =>
    `_id={${op}}${ids.map(encodeURIComponent).join(',')}`;

  /**
   * One sitemap page's items of a resource in a language: the first SITEMAP_PAGE_ITEMS in id order
   * from `from` on (the whole archive's first when undefined): one walk of the
   * `(status, language, _id)` index from `from`, whatever the archive's size.
   */
  async function pageItems(resource: Resource, language: SiteLanguage, from?: string): Promise<Item[]> {
    const start = from === undefined ? '' : `&${idFilter('gte', [from])}`;
    const docs = await firstRows(
      resource,
      `language=${language}${start}&${ITEM_FIELDS}&sort_by=_id`,
      SITEMAP_PAGE_ITEMS,
    );
    return docs.map((d) => toItem(resource, d));
  }

  /**
   * Where each later sitemap page of a resource in a language starts: the id of every
   * SITEMAP_PAGE_ITEMS-th item in id order (the first page starts at the beginning). One statement
   * finds the next STARTS_PER_STATEMENT starts from the last one found (each the row so many places
   * after it on the `(status, language, _id)` index, one `UNION ALL`): a statement reads a bounded
   * stretch of the index, and the index costs one statement per 5,000 items it covers.
   */
  async function pageStarts(resource: Resource, language: SiteLanguage, most: number): Promise<string[]> {
    const starts: string[] = [];
    while (starts.length < most) {
      const from = starts.at(-1);
      const start = from === undefined ? '' : `&${idFilter('gte', [from])}`;
      const queries = Array.from({ length: STARTS_PER_STATEMENT }, (_, i) =>
        parseQuery(
          `language=${language}${start}&select=_id&sort_by=_id&per_page=1&page=${(i + 1) * SITEMAP_PAGE_ITEMS + 1}`,
        ),
      );
      const found = resources.listMany
        ? await resources.listMany({ actor: ANONYMOUS_ACTOR, resource, queries })
        : await Promise.all(
            queries.map(
              async (query) => (await resources.list({ actor: ANONYMOUS_ACTOR, resource, query })).data,
            ),
          );
      const ids = found.flatMap((rows) => rows.map((row) => row._id));
      starts.push(...ids);
      if (ids.length < STARTS_PER_STATEMENT) break;
    }
    return starts.slice(0, most);
  }

  /**
   * The hreflang alternates of a page's items: every published language version of each item's
   * group (ADR 014), read by the page's own groups through the `translation_id` and `_id` indexes,
   * so the cost follows the page, not the archive. An item without another version has none.
   */
  async function alternatesOf(items: readonly Item[]): Promise<Map<Item, Map<string, string> | undefined>> {
    const out = new Map<Item, Map<string, string> | undefined>();
    for (const resource of ['factcheck', 'article'] as const) {
      const mine = items.filter((item) => item.resource === resource);
      if (mine.length === 0) continue;
      const groups = [...new Set(mine.map((item) => item.group))];
      const onPage = new Set(mine.map((item) => item._id));
      // Translations in these groups, and their originals not on this page.
      const originals = groups.filter((group) => !onPage.has(group));
      const filter = `translation_id={in}${groups.map(encodeURIComponent).join(',')}${
        originals.length > 0 ? `|${idFilter('in', originals)}` : ''
      }`;
      const members = new Map<string, Item>(mine.map((item) => [item._id, item]));
      for (const doc of await everyRow(resource, `${filter}&${ITEM_FIELDS}`)) {
        if (!members.has(doc._id)) members.set(doc._id, toItem(resource, doc));
      }
      const byGroup = new Map<string, Item[]>();
      for (const member of members.values()) {
        byGroup.set(member.group, [...(byGroup.get(member.group) ?? []), member]);
      }
      for (const item of mine) {
        const group = byGroup.get(item.group) ?? [item];
        out.set(
          item,
          group.length > 1
            ? new Map(group.map((g) => [g.language, absolute(itemPath(g))] as [string, string]))
            : undefined,
        );
      }
    }
    return out;
  }

  /** A sitemap's entries for items, each once, with their alternates. */
  async function itemUrls(items: readonly Item[], max: number): Promise<SitemapUrl[]> {
    const alternates = await alternatesOf(items);
    const urls: SitemapUrl[] = [];
    const seen = new Set<string>();
    for (const item of items) {
      if (urls.length >= max) break;
      const loc = absolute(itemPath(item));
      if (seen.has(loc)) continue;
      seen.add(loc);
      urls.push({ loc, lastmod: item.updatedAt, alternates: alternates.get(item) });
    }
    return urls;
  }

  /** Every language version of one path: hreflang alternates plus x-default (Arabic). */
  const everyLanguage = (path: string) =>
    new Map<string, string>([
      ...SITE_LANGUAGES.map((l) => [l, absolute(localePath(l, path))] as [string, string]),
      ['x-default', absolute(localePath('ar', path))],
    ]);

  async function taxonomyPaths(): Promise<{ path: string; lastmod: Date | undefined }[]> {
    const [categories, authors, sources] = await Promise.all([
      everyRow('category', 'select=_id,path,updatedAt'),
      everyRow('author', 'hidden=false&select=_id,slug,updatedAt'),
      everyRow('media-source', 'select=_id,slug,updatedAt'),
    ]);
    const paths: { path: string; lastmod: Date | undefined }[] = [];
    for (const c of categories) {
      const root = String(c.path ?? '').split('/')[1];
      // Ratings have category pages, topics topic pages; tags and countries have none.
      if (root === 'criteria' && c._id !== 'criteria')
        paths.push({ path: categoryPath(c._id), lastmod: asDate(c.updatedAt) });
      if (root === 'topic' && c._id !== 'topic')
        paths.push({ path: topicPath(c._id), lastmod: asDate(c.updatedAt) });
    }
    for (const a of authors) {
      paths.push({
        path: authorPath(typeof a.slug === 'string' && a.slug ? a.slug : a._id),
        lastmod: asDate(a.updatedAt),
      });
    }
    for (const s of sources) {
      if (typeof s.slug === 'string' && s.slug)
        paths.push({ path: publisherPath(s._id, s.slug), lastmod: asDate(s.updatedAt) });
    }
    return paths;
  }

  const sitemapPath = (language: SiteLanguage, page?: { resource: Resource; from: string }) =>
    page
      ? `/sitemap-${language}-${page.resource}-${encodeURIComponent(page.from)}.xml`
      : `/sitemap-${language}.xml`;

  return {
    /**
     * The sitemap index: per language its first sitemap (`/sitemap-ar.xml`), then one page per
     * SITEMAP_PAGE_ITEMS fact-checks and articles after the first ones
     * (`/sitemap-ar-factcheck-<id of the page's first item>.xml`). A small archive has one sitemap
     * per language, as before.
     */
    async sitemapIndex(): Promise<string> {
      const perLanguage = await Promise.all(
        SITE_LANGUAGES.map(async (language) => {
          // The language's last change: its most recently updated item, one row per resource read
          // newest edit first (an index walk, ADR 050).
          const [newest, factchecks, articles] = await Promise.all([
            Promise.all(
              (['factcheck', 'article'] as const).map((resource) =>
                firstRows(resource, `language=${language}&${ITEM_FIELDS}&sort_by=-updatedAt`, 1),
              ),
            ),
            pageStarts('factcheck', language, SITEMAP_MAX_URLS),
            pageStarts('article', language, SITEMAP_MAX_URLS),
          ]);
          return [
            {
              loc: absolute(sitemapPath(language)),
              lastmod: latest(newest.flat().map((d) => toItem('factcheck', d).updatedAt)),
            },
            ...factchecks.map((from) => ({
              loc: absolute(sitemapPath(language, { resource: 'factcheck', from })),
            })),
            ...articles.map((from) => ({
              loc: absolute(sitemapPath(language, { resource: 'article', from })),
            })),
          ];
        }),
      );
      return renderSitemapIndex(perLanguage.flat().slice(0, SITEMAP_MAX_URLS));
    },

    /**
     * A language's first sitemap: its static and taxonomy pages, each with its hreflang alternates,
     * and its first SITEMAP_PAGE_ITEMS fact-checks and articles in id order (the later ones are on
     * the pages the index lists).
     */
    async sitemap(language: SiteLanguage): Promise<string> {
      const [factchecks, articles, taxonomy] = await Promise.all([
        pageItems('factcheck', language),
        pageItems('article', language),
        taxonomyPaths(),
      ]);
      const urls: SitemapUrl[] = [];
      for (const path of [...staticPagePaths(deps.productName), '/corrections'].filter(isRouted)) {
        urls.push({ loc: absolute(localePath(language, path)), alternates: everyLanguage(path) });
      }
      for (const { path, lastmod } of taxonomy) {
        urls.push({ loc: absolute(localePath(language, path)), lastmod, alternates: everyLanguage(path) });
      }
      urls.push(...(await itemUrls([...factchecks, ...articles], SITEMAP_MAX_URLS - urls.length)));
      return renderUrlset(urls.slice(0, SITEMAP_MAX_URLS));
    },

    /**
     * A later sitemap page: SITEMAP_PAGE_ITEMS items of a resource in a language from the item
     * `from` on, in id order. Undefined (not found) when none is there.
     */
    async sitemapPage(language: SiteLanguage, resource: Resource, from: string): Promise<string | undefined> {
      const items = await pageItems(resource, language, from);
      if (items.length === 0) return undefined;
      return renderUrlset(await itemUrls(items, SITEMAP_PAGE_ITEMS));
    },

    robots(): string {
      return renderRobots({ disallow: deps.disallow, sitemap: absolute('/sitemap.xml') });
    },

    /** The newest fact-checks and articles of a language. */
    async languageFeed(language: SiteLanguage): Promise<string> {
      const [factchecks, articles, categories] = await Promise.all([
        firstRows(
          'factcheck',
          `language=${language}&${FEED_FIELDS.factcheck}&sort_by=-publishedAt`,
          RSS_ITEMS,
        ),
        firstRows('article', `language=${language}&${FEED_FIELDS.article}&sort_by=-publishedAt`, RSS_ITEMS),
        everyRow('category', 'path=/criteria/*&select=_id,name,nameEn,nameTr'),
      ]);
      const items = [
        ...factchecks.map((d) => toItem('factcheck', d)),
        ...articles.map((d) => toItem('article', d)),
      ];
      const names = new Map(categories.map((c) => [c._id, categoryNameIn(c, language)]));
      return renderFeed(
        language,
        items,
        localePath(language, '/'),
        localePath(language, '/rss.xml'),
        deps.productName,
        names,
      );
    },

    /**
     * The corrections of a language's published items, newest first (issue 33 §3): each links to
     * its notice on the item's page.
     */
    async correctionsFeed(language: SiteLanguage): Promise<string> {
      const text = CORRECTION_TEXT[language];
      const [corrections, categories] = await Promise.all([
        firstRows('correction', `language=${language}&sort_by=-createdAt`, RSS_ITEMS),
        everyRow('category', 'path=/criteria/*&select=_id,name,nameEn,nameTr'),
      ]);
      const names = new Map(categories.map((c) => [c._id, categoryNameIn(c, language)]));
      const items = new Map<string, Item>();
      for (const resource of ['factcheck', 'article'] as const) {
        const ids = [
          ...new Set(corrections.filter((c) => c.itemType === resource).map((c) => String(c.item))),
        ];
        if (ids.length === 0) continue;
        const docs = await firstRows(resource, `${idFilter('in', ids)}&${FEED_FIELDS[resource]}`, ids.length);
        for (const doc of docs) items.set(doc._id, toItem(resource, doc));
      }
      const nameOf = (id: unknown) => (typeof id === 'string' ? (names.get(id) ?? id) : '');
      return renderRss({
        title: `${deps.productName} – ${text.title}`,
        link: absolute(localePath(language, '/corrections')),
        self: absolute(localePath(language, '/corrections/rss.xml')),
        description: text.description,
        language,
        items: corrections.flatMap((c) => {
          const item = items.get(String(c.item));
          if (!item) return [];
          const rating =
            c.type === 'rating-change'
              ? `${text.rating.replace('{from}', nameOf(c.fromCategory)).replace('{to}', nameOf(c.toCategory))} `
              : '';
          return [
            {
              title: `${text.kinds[String(c.type)] ?? text.kinds.correction}: ${item.title}`,
              link: absolute(`${itemPath(item)}#correction-${c._id}`),
              description: `${rating}${String(c.note ?? '')}`,
              pubDate: asDate(c.createdAt),
            },
          ];
        }),
      });
    },

    /**
     * One category's feed in a language: for a rating, fact-checks rated with it or with one of its
     * sub-ratings (the category page's rule); for a topic, tag or country, items carrying it.
     * Undefined when the category does not exist.
     */
    async categoryFeed(language: SiteLanguage, id: string): Promise<string | undefined> {
      const categories = await everyRow('category', 'select=_id,name,nameEn,nameTr,parent,path');
      const category = categories.find((c) => c._id === id);
      if (!category) return undefined;
      const root = String(category.path ?? '').split('/')[1] ?? '';
      const base = (resource: Resource) =>
        `language=${language}&${FEED_FIELDS[resource]}&sort_by=-publishedAt`;
      const value = encodeURIComponent(id);
      let lists: [Resource, string][];
      if (root === 'criteria') {
        const rated = [id, ...categories.filter((c) => c.parent === id).map((c) => c._id)].map(
          encodeURIComponent,
        );
        lists = [
          ['factcheck', `category=${value}|evaluation.category={in}${rated.join(',')}&${base('factcheck')}`],
        ];
      } else {
        const field = root === 'tag' ? 'tags' : root === 'country' ? 'country' : 'topic';
        lists = [
          ['factcheck', `${field}=${value}&${base('factcheck')}`],
          ['article', `${field}=${value}&${base('article')}`],
        ];
      }
      const results = await Promise.all(
        lists.map(([resource, query]) => firstRows(resource, query, RSS_ITEMS)),
      );
      const items = results.flatMap((docs, i) => docs.map((d) => toItem(lists[i]![0], d)));
      const names = new Map(categories.map((c) => [c._id, categoryNameIn(c, language)]));
      const page = root === 'criteria' ? categoryPath(id) : topicPath(id);
      return renderFeed(
        language,
        items,
        localePath(language, page),
        localePath(language, `${categoryPath(id)}/rss.xml`),
        `${deps.productName} – ${names.get(id) ?? id}`,
        names,
      );
    },
  };

  function renderFeed(
    language: SiteLanguage,
    items: Item[],
    pagePath: string,
    selfPath: string,
    title: string,
    categoryNames?: ReadonlyMap<string, string>,
  ): string {
    const newestFirst = items
      .sort((a, b) => (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0))
      .slice(0, RSS_ITEMS);
    return renderRss({
      title,
      link: absolute(pagePath),
      self: absolute(selfPath),
      description: CHANNEL_TEXT[language].description,
      language,
      items: newestFirst.map((item) => ({
        title: item.title,
        link: absolute(itemPath(item)),
        description: item.description,
        pubDate: item.publishedAt,
        categories:
          item.category && categoryNames?.has(item.category)
            ? [categoryNames.get(item.category)!]
            : undefined,
      })),
    });
  }
}
