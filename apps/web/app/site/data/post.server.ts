// The fact-check and article pages (spec §2): one item by slug (or id), published only unless a
// valid signed draft link previews it; its rating, sections, sources, translations and related items.
import { truncateText } from '@tabayyun/text';
import { formatPublishedDate, isMeaningfullyModified } from '../../lib/dates.ts';
import { categoryDescription, categoryName } from '../i18n/category-text.ts';
import { type Language, languageFromPath } from '../i18n/language.ts';
import { messagesFor } from '../i18n/messages.ts';
import { localePath } from '../i18n/paths.ts';
import { claimReviewLd, newsArticleLd } from '../seo/json-ld.ts';
import {
  authorHref,
  categoryHref,
  colorOf,
  imageView,
  isoOf,
  listPostCards,
  loadCriteriaCategories,
  type PostKind,
  postHref,
  queryOf,
  type Services,
  str,
  textOf,
  topCategoryOf,
} from './content.server.ts';
import { type Doc, notFoundResponse, PREVIEWER, READER } from './context.server.ts';
import { type CorrectionNotice, loadItemCorrections } from './corrections.server.ts';
import { absoluteUrl, buildSeo, LOGO_PATH } from './seo.server.ts';
import type { ImageView, PostCardView, SeoView, TranslationLink } from './types.ts';

/** A section is shown only when its text is longer than this (spec §9). */
const MIN_SECTION_TEXT = 5;
const CLAIM_SUMMARY_MAX = 75;

export interface PostSection {
  key: 'claim' | 'refutation' | 'conclusion';
  html: string;
  showHeading: boolean;
}

export interface EvaluationView {
  name: string;
  description: string;
  color: string;
  href: string;
  rows: { name: string; description: string; color: string; href: string }[];
}

export interface PostView {
  id: string;
  kind: PostKind;
  title: string;
  description: string;
  isPublished: boolean;
  image: ImageView | null;
  color: string;
  author: { name: string; href: string } | null;
  publishedAt: string | null;
  publishedText: string;
  modifiedAt: string | null;
  modifiedText: string;
  contentHtml: string | null;
  sections: PostSection[];
  evaluation: EvaluationView | null;
  referencesHtml: string | null;
  sourcesHtml: string | null;
  mediaSources: { name: string; href: string }[];
  related: PostCardView[];
  shareUrl: string;
  /** The text share links prefill (a fact-check's "verdict: claim"). */
  shareText: string;
}

export interface PostPageData {
  post: PostView;
  /** Dated notices at the top of the page, newest first (issue 33 §3). */
  corrections: CorrectionNotice[];
  translations: TranslationLink[];
  seo: SeoView;
  isPreview: boolean;
}

async function findBySlug(
  services: Services,
  kind: PostKind,
  slug: string,
  preview: boolean,
): Promise<Doc | null> {
  const query = queryOf({
    per_page: 1,
    lookup: kind === 'factcheck' ? 'author;category;mediaSource' : 'author',
  });
  // The address names a slug, or an id for items saved without one.
  const byId = /^[0-9a-f]{24}$/.test(slug);
  query.where = [
    {
      any: [
        { kind: 'compare', field: 'slug', op: 'eq', value: slug },
        ...(byId ? [{ kind: 'compare' as const, field: '_id', op: 'eq' as const, value: slug }] : []),
      ],
    },
  ];
  // One row, no total: `listMany` skips the count `list` would look up.
  const [data] = await services.resources.listMany({
    actor: preview ? PREVIEWER : READER,
    resource: kind,
    queries: [query],
  });
  return data?.[0] ?? null;
}

function htmlIfLong(html: unknown, normalized: unknown): string | null {
  const text = typeof normalized === 'string' && normalized ? normalized : textOf(html);
  return text.trim().length > MIN_SECTION_TEXT && typeof html === 'string' ? html : null;
}

/** Criteria ordinals: ratings ordered from the worst (lowest score) to the best, 1-based. */
export function ratingOrdinals(categories: Map<string, Doc>): Map<string, number> {
  const top = [...categories.values()].filter((c) => c.parent === 'criteria');
  const explicit = top.every((c) => typeof c.ordinal === 'number');
  const ordered = explicit
    ? [...top].sort((a, b) => Number(a.ordinal) - Number(b.ordinal))
    : [...top].sort((a, b) => Number(a.score ?? 0) - Number(b.score ?? 0) || a._id.localeCompare(b._id));
  return new Map(ordered.map((c, i) => [c._id, explicit ? Number(c.ordinal) : i + 1]));
}

export async function loadPostPage(
  services: Services,
  request: Request,
  kind: PostKind,
  slug: string,
): Promise<PostPageData | Response> {
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const t = messagesFor(language);
  const token = url.searchParams.get('draft');
  const isPreview = token !== null;
  const doc = await findBySlug(services, kind, slug, isPreview);
  // A forged, expired or foreign draft token is a 404, exactly like a missing item.
  if (!doc || (isPreview && !services.drafts.verify(token, doc._id))) throw notFoundResponse();
  const docLanguage = (str(doc.language) || 'ar') as Language;
  if (docLanguage !== language && !isPreview) {
    return new Response(null, {
      status: 301,
      headers: { location: `${postHref(docLanguage, kind, doc)}${url.search}` },
    });
  }
  const isPublished = doc.status === 'published';
  const categories = await loadCriteriaCategories(services);
  const top = kind === 'factcheck' ? topCategoryOf(doc, categories) : null;

  const rows = (Array.isArray(doc.evaluation) ? doc.evaluation : []) as {
    category?: string;
    description?: string;
  }[];
  const evaluationRows = rows
    .map((row) => {
      const category = row.category ? categories.get(row.category) : undefined;
      if (!category) return null;
      return {
        name: categoryName(category, language),
        description: str(row.description) || categoryDescription(category, language),
        color: colorOf(category),
        href: categoryHref(language, category._id),
      };
    })
    .filter((row): row is NonNullable<typeof row> => row !== null);
  const evaluation: EvaluationView | null = top
    ? {
        name: categoryName(top, language),
        description: categoryDescription(top, language),
        color: colorOf(top),
        href: categoryHref(language, top._id),
        rows: evaluationRows,
      }
    : null;

  const author = doc.author && typeof doc.author === 'object' ? (doc.author as Doc) : null;
  const mediaSources = (Array.isArray(doc.mediaSource) ? doc.mediaSource : []).filter(
    (m): m is Doc => typeof m === 'object' && m !== null,
  );
  const publishedAt = isoOf(doc.publishedAt);
  const updatedAt = isoOf(doc.updatedAt);
  const modifiedAt = isMeaningfullyModified(publishedAt, updatedAt) ? updatedAt : null;
  const title = str(doc.title);
  const description = str(doc.description);
  const href = postHref(language, kind, doc);
  const shareUrl = absoluteUrl(request, href);

  const sections: PostSection[] = [];
  if (kind === 'factcheck') {
    const claim = htmlIfLong(doc.claims, doc.claimsNormalized);
    if (claim) sections.push({ key: 'claim', html: claim, showHeading: doc.hideClaimsTitle !== true });
    const refutation = htmlIfLong(doc.againstClaim, doc.againstClaimNormalized);
    if (refutation) {
      sections.push({ key: 'refutation', html: refutation, showHeading: doc.hideAgainstClaimTitle !== true });
    }
    const conclusion = htmlIfLong(doc.conclusion, doc.conclusionNormalized);
    if (conclusion) {
      sections.push({ key: 'conclusion', html: conclusion, showHeading: doc.hideConclusionTitle !== true });
    }
  }

  const related = await loadRelated(services, kind, doc, language, categories);
  const translations = await loadTranslations(services, request, kind, doc, isPreview);
  const corrections = isPublished ? await loadItemCorrections(services, doc._id, language, categories) : [];
  const image = imageView(doc.images, title);

  const post: PostView = {
    id: doc._id,
    kind,
    title,
    description,
    isPublished,
    image,
    color: colorOf(top),
    author: author ? { name: str(author.name), href: authorHref(language, author) } : null,
    publishedAt,
    publishedText: publishedAt ? formatPublishedDate(publishedAt, t) : '',
    modifiedAt,
    modifiedText: modifiedAt ? formatPublishedDate(modifiedAt, t) : '',
    contentHtml: htmlIfLong(doc.content, doc.contentNormalized),
    sections,
    evaluation,
    referencesHtml: htmlIfLong(doc.references, undefined),
    sourcesHtml: htmlIfLong(doc.sources, undefined),
    mediaSources: mediaSources.map((m) => ({
      name: str(m.name),
      href: localePath(language, `/publisher/${m._id}/${encodeURIComponent(str(m.slug) || m._id)}`),
    })),
    related,
    shareUrl,
    // What share links prefill: a fact-check's verdict and claim, else the title (issue 36 §2).
    shareText: evaluation
      ? `${evaluation.name}: ${str(doc.claimSummary) || truncateText(textOf(doc.claims) || title, CLAIM_SUMMARY_MAX)}`
      : title,
  };

  const jsonLd: Record<string, unknown>[] = [];
  if (isPublished && publishedAt) {
    const publisher = {
      name: t.siteName,
      url: absoluteUrl(request, localePath(language, '/')),
      logo: absoluteUrl(request, LOGO_PATH),
    };
    jsonLd.push(
      newsArticleLd({
        url: shareUrl,
        headline: title,
        description,
        image: image ? absoluteUrl(request, image.social ?? image.src) : null,
        datePublished: publishedAt,
        dateModified: updatedAt,
        inLanguage: language,
        authors: author
          ? [{ name: str(author.name), url: absoluteUrl(request, authorHref(language, author)) }]
          : [],
        publisher,
      }),
    );
    if (kind === 'factcheck' && top) {
      const ordinals = ratingOrdinals(categories);
      const values = [...ordinals.values()];
      const summary = str(doc.claimSummary) || truncateText(textOf(doc.claims) || title, CLAIM_SUMMARY_MAX);
      jsonLd.push({
        // A correction moves it (issue 33 §3), as it moves the NewsArticle's.
        ...claimReviewLd({
          url: shareUrl,
          claimReviewed: summary,
          datePublished: publishedAt,
          inLanguage: language,
          rating: {
            value: ordinals.get(top._id) ?? 1,
            best: Math.max(...values, 1),
            worst: Math.min(...values, 1),
            name: categoryName(top, language),
          },
          claimAuthors: mediaSources.map((m) => ({
            name: str(m.name),
            ...(str(m.link) ? { url: str(m.link) } : {}),
          })),
          publisher,
        }),
        dateModified: updatedAt ?? publishedAt,
      });
    }
  }

  const seo = buildSeo({
    request,
    language,
    title,
    description,
    type: 'article',
    // A published fact-check without an image of its own is shared with its verdict image (issue 36 §2).
    image:
      image?.social ??
      (kind === 'factcheck' && isPublished && !isPreview
        ? `/share/factcheck/${encodeURIComponent(str(doc.slug) || doc._id)}.png`
        : null),
    imageAlt: title,
    meta: doc.meta,
    canonicalPath: href,
    alternates: translations.length > 0 ? translations : [{ language, href: shareUrl }],
    noindex: isPreview,
    jsonLd,
  });
  return { post, corrections, translations, seo, isPreview };
}

async function loadRelated(
  services: Services,
  kind: PostKind,
  doc: Doc,
  language: Language,
  categories: Map<string, Doc>,
): Promise<PostCardView[]> {
  const topics = Array.isArray(doc.topic) ? (doc.topic as string[]) : [];
  const categoryId =
    typeof doc.category === 'object' && doc.category ? (doc.category as Doc)._id : str(doc.category);
  const filters: Record<string, string | undefined> = { _id: `{ne}${doc._id}` };
  if (kind === 'factcheck' && categoryId) filters.category = categoryId;
  else if (topics.length > 0) filters.topic = `{in}${topics.join(',')}`;
  const [related] = await listPostCards(services, kind, [
    { language, filters, page: 1, perPage: 3, categories },
  ]);
  return related ?? [];
}

/** Every published language version of the item (itself included), for the switcher and hreflang. */
async function loadTranslations(
  services: Services,
  request: Request,
  kind: PostKind,
  doc: Doc,
  isPreview: boolean,
): Promise<TranslationLink[]> {
  const group = str(doc.translation_id);
  if (!group || isPreview) return [];
  const { data } = await services.resources.list({
    actor: READER,
    resource: kind,
    query: queryOf({ translation_id: group, select: '_id,slug,language', per_page: 10, sort_by: 'language' }),
  });
  const seen = new Set<string>();
  const links: TranslationLink[] = [];
  for (const item of data) {
    const language = (str(item.language) || 'ar') as Language;
    if (seen.has(language)) continue;
    seen.add(language);
    links.push({ language, href: absoluteUrl(request, postHref(language, kind, item)) });
  }
  return links.length > 1 ? links : [];
}
