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

/** Sitemaps may hold 50,000 addresses; beyond that the newest items are kept (ADR 008). */
const SITEMAP_MAX_URLS = 50_000;
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

type Resource = 'factcheck' | 'article';

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

  /**
   * Every row of a list, page by page, up to `max`, never reading more rows than it keeps. A list
   * newest published first pages by its last row (issue 37, ADR 050): the next page is the rows
   * published at or before it (plus a millisecond: the database keeps microseconds, the API
   * milliseconds), after that row in the list's order. An offset would re-read every earlier row
   * on each page (100 pages of 500 for 50,000 items). The rows and their order are the offset's.
   */
  async function listAll(resource: string, query: string, max = SITEMAP_MAX_URLS): Promise<ApiDocument[]> {
    const rows: ApiDocument[] = [];
    const byPublication = /(^|&)sort_by=-publishedAt(&|$)/.test(query);
    let last: ApiDocument | undefined;
    while (rows.length < max) {
      const size = Math.min(PAGE_SIZE, max - rows.length);
      let data: ApiDocument[] | undefined;
      let end = false;
      const lastAt = last ? asDate(last.publishedAt) : undefined;
      if (byPublication && last && lastAt) {
        const until = new Date(lastAt.getTime() + 1).toISOString();
        // The rows up to the last one kept are read again: at most those sharing its millisecond.
        const window = await pageOf(resource, `${query}&publishedAt={lte}${until}&per_page=${PAGE_SIZE}`);
        const at = window.findIndex((d) => d._id === last!._id);
        if (at !== -1 && (at < window.length - 1 || window.length < PAGE_SIZE)) {
          data = window.slice(at + 1, at + 1 + size);
          end = window.length < PAGE_SIZE && at + 1 + data.length >= window.length;
        }
      }
      if (data === undefined) {
        // The first page, another order, or (rarely) the last row gone or a page sharing one
        // millisecond: by offset, in pages of PAGE_SIZE (the first one only as large as needed).
        const perPage = rows.length === 0 ? size : PAGE_SIZE;
        const page = Math.floor(rows.length / perPage) + 1;
        const from = rows.length % perPage;
        const found = await pageOf(resource, `${query}&per_page=${perPage}&page=${page}`);
        data = found.slice(from, from + size);
        end = found.length < perPage && from + data.length >= found.length;
      }
      rows.push(...data);
      if (end || data.length === 0) break;
      last = data.at(-1);
    }
    return rows.slice(0, max);
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

  async function publishedItems(language?: SiteLanguage): Promise<Item[]> {
    const filter = language ? `language=${language}&` : '';
    const [factchecks, articles] = await Promise.all([
      listAll('factcheck', `${filter}${ITEM_FIELDS}&sort_by=-publishedAt`),
      listAll('article', `${filter}${ITEM_FIELDS}&sort_by=-publishedAt`),
    ]);
    return [...factchecks.map((d) => toItem('factcheck', d)), ...articles.map((d) => toItem('article', d))];
  }

  /** Every language version of one path: hreflang alternates plus x-default (Arabic). */
  const everyLanguage = (path: string) =>
    new Map<string, string>([
      ...SITE_LANGUAGES.map((l) => [l, absolute(localePath(l, path))] as [string, string]),
      ['x-default', absolute(localePath('ar', path))],
    ]);

  async function taxonomyPaths(): Promise<{ path: string; lastmod: Date | undefined }[]> {
    const [categories, authors, sources] = await Promise.all([
      listAll('category', 'select=_id,path,updatedAt'),
      listAll('author', 'hidden=false&select=_id,slug,updatedAt'),
      listAll('media-source', 'select=_id,slug,updatedAt'),
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

  return {
    async sitemapIndex(): Promise<string> {
      // Each language's last change: its most recently updated item, one row per resource read
      // newest edit first (an index walk, ADR 050), instead of every published item.
      const lastmods = await Promise.all(
        SITE_LANGUAGES.map(async (language) => {
          const newest = await Promise.all(
            (['factcheck', 'article'] as const).map((resource) =>
              pageOf(resource, `language=${language}&${ITEM_FIELDS}&sort_by=-updatedAt&per_page=1`),
            ),
          );
          return latest(newest.flat().map((d) => toItem('factcheck', d).updatedAt));
        }),
      );
      return renderSitemapIndex(
        SITE_LANGUAGES.map((language, i) => ({
          loc: absolute(`/sitemap-${language}.xml`),
          lastmod: lastmods[i],
        })),
      );
    },

    /** One language: its static, taxonomy and item pages, each once, with hreflang alternates. */
    async sitemap(language: SiteLanguage): Promise<string> {
      const [items, taxonomy] = await Promise.all([publishedItems(), taxonomyPaths()]);
      const groups = new Map<string, Item[]>();
      for (const item of items) {
        const key = `${item.resource}:${item.group}`;
        groups.set(key, [...(groups.get(key) ?? []), item]);
      }
      const urls: SitemapUrl[] = [];
      for (const path of [...staticPagePaths(deps.productName), '/corrections'].filter(isRouted)) {
        urls.push({ loc: absolute(localePath(language, path)), alternates: everyLanguage(path) });
      }
      for (const { path, lastmod } of taxonomy) {
        urls.push({ loc: absolute(localePath(language, path)), lastmod, alternates: everyLanguage(path) });
      }
      const seen = new Set<string>();
      for (const item of items) {
        if (item.language !== language || urls.length >= SITEMAP_MAX_URLS) continue;
        const loc = absolute(itemPath(item));
        if (seen.has(loc)) continue;
        seen.add(loc);
        const group = groups.get(`${item.resource}:${item.group}`) ?? [item];
        const alternates =
          group.length > 1
            ? new Map(group.map((g) => [g.language, absolute(itemPath(g))] as [string, string]))
            : undefined;
        urls.push({ loc, lastmod: item.updatedAt, alternates });
      }
      return renderUrlset(urls);
    },

    robots(): string {
      return renderRobots({ disallow: deps.disallow, sitemap: absolute('/sitemap.xml') });
    },

    /** The newest fact-checks and articles of a language. */
    async languageFeed(language: SiteLanguage): Promise<string> {
      const [factchecks, articles, categories] = await Promise.all([
        listAll('factcheck', `language=${language}&${FEED_FIELDS.factcheck}&sort_by=-publishedAt`, RSS_ITEMS),
        listAll('article', `language=${language}&${FEED_FIELDS.article}&sort_by=-publishedAt`, RSS_ITEMS),
        listAll('category', 'path=/criteria/*&select=_id,name,nameEn,nameTr'),
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
        listAll('correction', `language=${language}&sort_by=-createdAt`, RSS_ITEMS),
        listAll('category', 'path=/criteria/*&select=_id,name,nameEn,nameTr'),
      ]);
      const names = new Map(categories.map((c) => [c._id, categoryNameIn(c, language)]));
      const items = new Map<string, Item>();
      for (const resource of ['factcheck', 'article'] as const) {
        const ids = [
          ...new Set(corrections.filter((c) => c.itemType === resource).map((c) => String(c.item))),
        ];
        if (ids.length === 0) continue;
        const docs = await listAll(
          resource,
          `_id={in}${ids.map(encodeURIComponent).join(',')}&${FEED_FIELDS[resource]}`,
          ids.length,
        );
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
      const categories = await listAll('category', 'select=_id,name,nameEn,nameTr,parent,path');
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
        lists.map(([resource, query]) => listAll(resource, query, RSS_ITEMS)),
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
