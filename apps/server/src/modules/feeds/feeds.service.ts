// Partners' feeds of published fact-checks (issue 36 §3, ADR 053), each with its verdict:
// - /feeds/claimreview.json: a schema.org DataFeed of ClaimReview items, the form fact-check
//   aggregators read; each ClaimReview is built by @tabayyun/workflow's claimReviewOf, the same one
//   the publish gate checks and the public page emits;
// - /feeds/factchecks.json, /en/…, /tr/…: JSON Feed 1.1 per language, the verdict in each item
//   (`tags` and the `_verdict` extension);
// - /feeds/factchecks.xml, /en/…, /tr/…: RSS 2.0 per language, the verdict in each item's title
//   prefix and its <category>.
// Read through the resource service as the anonymous reader (only published items can appear),
// by the site's tracked reads, so the page cache drops them with the pages they list (ADR 016).
import { ANONYMOUS_ACTOR } from '@tabayyun/permissions';
import { parseQuery } from '@tabayyun/query';
import {
  type CriteriaCategory,
  categoryNameIn,
  claimReviewOf,
  DEFAULT_WORKFLOW_SETTINGS,
  type LdObject,
  ratingOrdinals,
  topCriteriaOf,
} from '@tabayyun/workflow';
import type { ApiDocument } from '../resources/resource-types.ts';
import type { ResourceService } from '../resources/resources.service.ts';
import { renderRss } from '../site/seo-xml.ts';
import { factcheckPath, localePath, SITE_LANGUAGES, type SiteLanguage } from '../site/site-urls.ts';

/** Items per language feed; the ClaimReview feed holds this many per language. */
export const FEED_ITEMS = 50;
/** The site's logo, as the public pages name it (apps/web site/data/seo.server.ts LOGO_PATH). */
const LOGO_PATH = '/logo-512.png';

const FACTCHECK_FIELDS =
  'select=_id,slug,language,title,description,claimSummary,category,mediaSource,publishedAt,updatedAt';

const TEXT: Record<SiteLanguage, { title: string; description: string; verdict: string }> = {
  ar: { title: 'التحققات', description: 'أحدث التحققات المنشورة، مع الحكم في كل منها', verdict: 'الحكم' },
  en: {
    title: 'Fact-checks',
    description: 'The latest published fact-checks, each with its verdict',
    verdict: 'Verdict',
  },
  tr: {
    title: 'Doğrulamalar',
    description: 'Yayımlanan en son doğrulamalar, her birinin kararıyla',
    verdict: 'Karar',
  },
};

export interface FeedsDeps {
  resources: Pick<ResourceService, 'list'>;
  /** Absolute origin, without a trailing slash. */
  publicUrl: string;
  productName: string;
}

export interface Verdict {
  id: string;
  name: string;
  ratingValue: number;
  bestRating: number;
  worstRating: number;
}

interface FactcheckItem {
  doc: ApiDocument;
  language: SiteLanguage;
  url: string;
  verdict: Verdict | undefined;
  claimReview: LdObject;
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

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export type FeedsService = ReturnType<typeof createFeedsService>;

export function createFeedsService(deps: FeedsDeps) {
  const origin = deps.publicUrl.replace(/\/+$/, '');
  const absolute = (path: string) => `${origin}${path}`;
  const publisher = { name: deps.productName, url: `${origin}/`, logo: `${origin}${LOGO_PATH}` };

  const list = async (resource: string, query: string, perPage: number) =>
    (
      await deps.resources.list({
        actor: ANONYMOUS_ACTOR,
        resource,
        query: parseQuery(`${query}&per_page=${perPage}&page=1`),
      })
    ).data;

  async function criteria(): Promise<Map<string, CriteriaCategory>> {
    const rows = await list(
      'category',
      '_id=criteria|path=/criteria/*&select=_id,parent,name,nameEn,nameTr,score',
      500,
    );
    return new Map(rows.map((c) => [c._id, c as unknown as CriteriaCategory]));
  }

  async function mediaSourceNames(
    docs: readonly ApiDocument[],
  ): Promise<Map<string, { name: string; url?: string }>> {
    const ids = [
      ...new Set(docs.flatMap((d) => (Array.isArray(d.mediaSource) ? d.mediaSource.map(String) : []))),
    ];
    if (ids.length === 0) return new Map();
    const rows = await list(
      'media-source',
      `_id={in}${ids.map(encodeURIComponent).join(',')}&select=_id,name,link`,
      ids.length,
    );
    return new Map(
      rows.map((r) => [r._id, { name: str(r.name) || r._id, ...(str(r.link) ? { url: str(r.link) } : {}) }]),
    );
  }

  /** The newest published fact-checks (of a language), each with its verdict and ClaimReview. */
  async function factchecks(language: SiteLanguage | undefined): Promise<FactcheckItem[]> {
    const filter = language ? `language=${language}&` : '';
    const [docs, categories] = await Promise.all([
      list(
        'factcheck',
        `${filter}${FACTCHECK_FIELDS}&sort_by=-publishedAt`,
        FEED_ITEMS * (language ? 1 : SITE_LANGUAGES.length),
      ),
      criteria(),
    ]);
    const sources = await mediaSourceNames(docs);
    const ordinals = ratingOrdinals(categories);
    const values = [...ordinals.values()];
    return docs.map((doc) => {
      const lang = (SITE_LANGUAGES as readonly string[]).includes(str(doc.language))
        ? (doc.language as SiteLanguage)
        : 'ar';
      const url = absolute(localePath(lang, factcheckPath(str(doc.slug) || doc._id)));
      const top = topCriteriaOf(str(doc.category), categories);
      const publishedAt = asDate(doc.publishedAt);
      const claimAuthors = (Array.isArray(doc.mediaSource) ? doc.mediaSource.map(String) : [])
        .map((id) => sources.get(id))
        .filter((s): s is { name: string; url?: string } => s !== undefined);
      return {
        doc,
        language: lang,
        url,
        verdict: top
          ? {
              id: top._id,
              name: categoryNameIn(top, lang),
              ratingValue: ordinals.get(top._id) ?? 1,
              bestRating: Math.max(...values, 1),
              worstRating: Math.min(...values, 1),
            }
          : undefined,
        claimReview: claimReviewOf(doc, {
          gate: DEFAULT_WORKFLOW_SETTINGS.gate,
          categories,
          publisher,
          url,
          claimAuthors,
          ...(publishedAt ? { datePublished: publishedAt.toISOString() } : {}),
        }),
        publishedAt,
        updatedAt: asDate(doc.updatedAt) ?? publishedAt,
      };
    });
  }

  const newest = (items: readonly FactcheckItem[]) =>
    items.reduce<Date | undefined>(
      (max, i) => (i.updatedAt && (!max || i.updatedAt > max) ? i.updatedAt : max),
      undefined,
    );

  return {
    /** schema.org DataFeed of ClaimReview, every language (Google's fact-check feed form). */
    async claimReviewFeed(): Promise<Record<string, unknown>> {
      const items = await factchecks(undefined);
      const modified = newest(items);
      return {
        '@context': 'https://schema.org',
        '@type': 'DataFeed',
        name: `${deps.productName} – ClaimReview`,
        url: absolute('/feeds/claimreview.json'),
        ...(modified ? { dateModified: modified.toISOString() } : {}),
        publisher: { '@type': 'Organization', name: publisher.name, url: publisher.url },
        dataFeedElement: items.map((item) => {
          const { '@context': _context, ...review } = item.claimReview;
          return {
            '@type': 'DataFeedItem',
            ...(item.publishedAt ? { dateCreated: item.publishedAt.toISOString() } : {}),
            ...(item.updatedAt ? { dateModified: item.updatedAt.toISOString() } : {}),
            item: [review],
          };
        }),
      };
    },

    /** JSON Feed 1.1 of a language's fact-checks, the verdict in each item. */
    async jsonFeed(language: SiteLanguage): Promise<Record<string, unknown>> {
      const items = await factchecks(language);
      const text = TEXT[language];
      return {
        version: 'https://jsonfeed.org/version/1.1',
        title: `${deps.productName} – ${text.title}`,
        home_page_url: absolute(localePath(language, '/')),
        feed_url: absolute(localePath(language, '/feeds/factchecks.json')),
        description: text.description,
        language,
        icon: publisher.logo,
        authors: [{ name: deps.productName, url: publisher.url }],
        items: items.map((item) => {
          const summary = str(item.doc.claimSummary) || str(item.doc.description);
          const verdictLine = item.verdict ? `${text.verdict}: ${item.verdict.name}` : '';
          return {
            id: item.url,
            url: item.url,
            title: item.verdict ? `[${item.verdict.name}] ${str(item.doc.title)}` : str(item.doc.title),
            content_text: [verdictLine, summary].filter(Boolean).join('\n\n') || str(item.doc.title),
            ...(summary ? { summary } : {}),
            ...(item.publishedAt ? { date_published: item.publishedAt.toISOString() } : {}),
            ...(item.updatedAt ? { date_modified: item.updatedAt.toISOString() } : {}),
            language: item.language,
            ...(item.verdict ? { tags: [item.verdict.name] } : {}),
            _verdict: item.verdict ?? null,
            _claim_review: item.claimReview,
          };
        }),
      };
    },

    /** RSS 2.0 of a language's fact-checks: the verdict prefixes each title and is its category. */
    async rssFeed(language: SiteLanguage): Promise<string> {
      const items = await factchecks(language);
      const text = TEXT[language];
      return renderRss({
        title: `${deps.productName} – ${text.title}`,
        link: absolute(localePath(language, '/')),
        self: absolute(localePath(language, '/feeds/factchecks.xml')),
        description: text.description,
        language,
        items: items.map((item) => ({
          title: item.verdict ? `[${item.verdict.name}] ${str(item.doc.title)}` : str(item.doc.title),
          link: item.url,
          description: [
            item.verdict ? `${text.verdict}: ${item.verdict.name}.` : '',
            str(item.doc.claimSummary) || str(item.doc.description),
          ]
            .filter(Boolean)
            .join(' '),
          pubDate: item.publishedAt,
          ...(item.verdict ? { categories: [item.verdict.name] } : {}),
        })),
      });
    },
  };
}
