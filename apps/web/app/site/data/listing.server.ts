// List pages (spec §2): category, topic, search, writer and publisher, 9 per page, newest first,
// published and in the page's language.

import { categoryDescription, categoryName } from '../i18n/category-text.ts';
import type { Language } from '../i18n/language.ts';
import { languageFromPath } from '../i18n/language.ts';
import { messagesFor } from '../i18n/messages.ts';
import {
  categoryLink,
  cleanKeyword,
  colorOf,
  imageView,
  listPosts,
  loadCriteriaCategories,
  pageParam,
  queryOf,
  type Services,
  str,
} from './content.server.ts';
import { type Doc, isNotFound, notFoundResponse, READER } from './context.server.ts';
import { buildSeo } from './seo.server.ts';
import {
  type CategoryLink,
  type ImageView,
  PAGE_SIZE,
  type PageResult,
  type PostCardView,
  type SeoView,
} from './types.ts';

export interface CategoryHeader {
  id: string;
  name: string;
  description: string;
  color: string;
  image: ImageView | null;
  siblings: CategoryLink[];
}

export interface ListPageData {
  header: CategoryHeader;
  result: PageResult;
  seo: SeoView;
}

async function getCategory(services: Services, id: string): Promise<Doc> {
  try {
    return await services.resources.get({ actor: READER, resource: 'category', id });
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  // Addresses may carry the slug instead of the id.
  const { data } = await services.resources.list({
    actor: READER,
    resource: 'category',
    query: queryOf({ slug: id, per_page: 1 }),
  });
  if (!data[0]) throw notFoundResponse();
  return data[0];
}

async function childrenOf(services: Services, parent: string): Promise<Doc[]> {
  const { data } = await services.resources.list({
    actor: READER,
    resource: 'category',
    query: queryOf({ parent, sort_by: 'path', per_page: 200 }),
  });
  return data;
}

function headerOf(category: Doc, language: Language, siblings: CategoryLink[]): CategoryHeader {
  const name = categoryName(category, language);
  return {
    id: category._id,
    name,
    description: categoryDescription(category, language),
    color: colorOf(category),
    image: imageView(category.image, name),
    siblings,
  };
}

/** category/{category}: the category itself, an evaluation with that id, or an evaluation whose parent it is. */
export async function loadCategoryPage(
  services: Services,
  request: Request,
  id: string,
): Promise<ListPageData> {
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const category = await getCategory(services, id);
  const level = Number(category.level ?? 0);
  // Level 2 or deeper: the parent and its children; otherwise the category and its children.
  const anchor =
    level >= 2 && typeof category.parent === 'string'
      ? await getCategory(services, category.parent)
      : category;
  const children = await childrenOf(services, anchor._id);
  const siblings = [anchor, ...children].map((c) => categoryLink(language, c, category._id));
  const ownChildren = anchor._id === category._id ? children : await childrenOf(services, category._id);
  const evaluationIds = [category._id, ...ownChildren.map((c) => c._id)];
  const page = pageParam(url);
  const categories = await loadCriteriaCategories(services);
  const query = queryOf({});
  query.where = [
    {
      any: [
        { kind: 'compare', field: 'category', op: 'eq', value: category._id },
        { kind: 'list', field: 'evaluation.category', op: 'in', values: evaluationIds },
      ],
    },
  ];
  const result = await listPosts(services, {
    resource: 'factcheck',
    language,
    filters: {},
    page,
    categories,
    extraWhere: query.where,
  });
  const header = headerOf(category, language, siblings);
  return {
    header,
    result,
    seo: buildSeo({
      request,
      language,
      title: header.name,
      description: header.description || undefined,
      page,
    }),
  };
}

/** topic/{topic}: published articles and fact-checks with that topic, merged; the total is the sum. */
export async function loadTopicPage(services: Services, request: Request, id: string): Promise<ListPageData> {
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const topic = await getCategory(services, id);
  const page = pageParam(url);
  const categories = await loadCriteriaCategories(services);
  // Each list gives up to a page's worth from the same offset; merged newest first, cut to 9.
  const [factchecks, articles] = await Promise.all([
    listPosts(services, { resource: 'factcheck', language, filters: { topic: topic._id }, page, categories }),
    listPosts(services, { resource: 'article', language, filters: { topic: topic._id }, page, categories }),
  ]);
  const items = mergeNewestFirst(factchecks.items, articles.items).slice(0, PAGE_SIZE);
  const total = factchecks.total + articles.total;
  const siblingsParent = typeof topic.parent === 'string' ? topic.parent : topic._id;
  const siblings = (await childrenOf(services, siblingsParent)).map((c) => ({
    ...categoryLink(language, c, topic._id),
    href: categoryLink(language, c).href.replace('/category/', '/topic/'),
  }));
  const header = headerOf(topic, language, siblings);
  return {
    header,
    result: { items, total, page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)) },
    seo: buildSeo({
      request,
      language,
      title: header.name,
      description: header.description || undefined,
      page,
    }),
  };
}

export function mergeNewestFirst(a: PostCardView[], b: PostCardView[]): PostCardView[] {
  return [...a, ...b].sort((x, y) => (y.publishedAt ?? '').localeCompare(x.publishedAt ?? ''));
}

export interface SearchPageData {
  keyword: string;
  result: PageResult | null;
  seo: SeoView;
}

/**
 * How many matches a search counts (issue 37, ADR 050): 100 pages. A common word matches a fifth of
 * a large archive, and counting every match read all of them on each new keyword (1.7 s at 100,000
 * fact-checks); past this the page says "900+ results" and keeps offering the next page.
 */
export const SEARCH_TOTAL_CAP = 100 * PAGE_SIZE;

/** search?keyword=&page=: wildcard over the title and the three normalised claim fields. */
export async function loadSearchPage(services: Services, request: Request): Promise<SearchPageData> {
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const t = messagesFor(language);
  const keyword = cleanKeyword(url.searchParams.get('keyword') ?? '');
  const page = pageParam(url);
  const title = keyword ? `${t.searchTitle} - ${keyword}` : t.searchTitle;
  const seo = buildSeo({ request, language, title, noindex: true });
  if (!keyword) return { keyword, result: null, seo };
  const categories = await loadCriteriaCategories(services);
  const result = await listPosts(services, {
    resource: 'factcheck',
    language,
    filters: {},
    page,
    categories,
    countAtMost: SEARCH_TOTAL_CAP,
    extraWhere: [
      {
        any: ['title', 'claimsNormalized', 'againstClaimNormalized', 'conclusionNormalized'].map((field) => ({
          kind: 'like' as const,
          field,
          mode: 'contains' as const,
          value: keyword,
        })),
      },
    ],
  });
  return { keyword, result, seo };
}

export interface WriterPageData {
  author: {
    id: string;
    name: string;
    position: string;
    bio: string;
    image: ImageView | null;
    links: { kind: 'email' | 'linkedin' | 'twitter' | 'facebook'; href: string }[];
  };
  result: PageResult;
  seo: SeoView;
}

/** writer-news/{id or slug}: the profile and that author's published fact-checks. */
export async function loadWriterPage(
  services: Services,
  request: Request,
  key: string,
): Promise<WriterPageData> {
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const byId = /^[0-9a-f]{24}$/.test(key);
  const { data } = await services.resources.list({
    actor: READER,
    resource: 'author',
    query: queryOf(byId ? { _id: key, per_page: 1 } : { slug: key, per_page: 1 }),
  });
  const author = data[0];
  if (!author || author.hidden === true) throw notFoundResponse();
  const page = pageParam(url);
  const categories = await loadCriteriaCategories(services);
  const result = await listPosts(services, {
    resource: 'factcheck',
    language,
    filters: { author: author._id },
    page,
    categories,
  });
  const links: WriterPageData['author']['links'] = [];
  if (str(author.email)) links.push({ kind: 'email', href: `mailto:${str(author.email)}` });
  for (const kind of ['linkedin', 'twitter', 'facebook'] as const) {
    if (/^https?:\/\//.test(str(author[kind]))) links.push({ kind, href: str(author[kind]) });
  }
  const name = str(author.name);
  return {
    author: {
      id: author._id,
      name,
      position: str(author.position),
      bio: str(author.bio),
      image: imageView(author.image, name),
      links,
    },
    result,
    seo: buildSeo({
      request,
      language,
      title: name,
      description: str(author.bio) || undefined,
      type: 'profile',
      page,
    }),
  };
}

export interface PublisherPageData {
  source: {
    id: string;
    name: string;
    description: string;
    link: string;
    score: number | null;
    falseClaims: number;
    image: ImageView | null;
    rating: CategoryLink | null;
  };
  result: PageResult;
  seo: SeoView;
}

/** publisher/{id}/{slug}: a media source and the published fact-checks that name it. */
export async function loadPublisherPage(
  services: Services,
  request: Request,
  id: string,
): Promise<PublisherPageData> {
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  let source: Doc;
  try {
    source = await services.resources.get({ actor: READER, resource: 'media-source', id });
  } catch (error) {
    if (isNotFound(error) || (error as { statusCode?: number }).statusCode === 400) throw notFoundResponse();
    throw error;
  }
  const page = pageParam(url);
  const categories = await loadCriteriaCategories(services);
  const result = await listPosts(services, {
    resource: 'factcheck',
    language,
    filters: { mediaSource: source._id },
    page,
    categories,
  });
  const name = str(source.name);
  const rating = typeof source.category === 'string' ? categories.get(source.category) : undefined;
  return {
    source: {
      id: source._id,
      name,
      description: str(source.description),
      link: /^https?:\/\//.test(str(source.link)) ? str(source.link) : '',
      score: typeof source.score === 'number' ? source.score : null,
      falseClaims: Number(source.falseClaims ?? 0),
      image: imageView(source.images, name),
      rating: rating ? categoryLink(language, rating) : null,
    },
    result,
    seo: buildSeo({
      request,
      language,
      title: name,
      description: str(source.description) || undefined,
      page,
    }),
  };
}
