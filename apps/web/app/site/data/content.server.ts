// Shared reads of the public pages: criteria tree, post cards, paged lists. Every call goes through
// the server's resource service as an anonymous reader unless a caller says otherwise.
import type { Actor } from '@tabayyun/permissions';
import { type Clause, parseQuery, type Query } from '@tabayyun/query';
import type { AppLoadContext } from '@tabayyun/site-context';
import { htmlToText, truncateText } from '@tabayyun/text';
import { formatPublishedDate } from '../../lib/dates.ts';
import { firstImage, responsiveImage, socialImage } from '../../lib/images.ts';
import { categoryDescription, categoryName } from '../i18n/category-text.ts';
import type { Language } from '../i18n/language.ts';
import { messagesFor } from '../i18n/messages.ts';
import { localePath } from '../i18n/paths.ts';
import { type Doc, READER } from './context.server.ts';
import {
  type CategoryLink,
  type CriteriaNode,
  DEFAULT_COLOR,
  type ImageView,
  PAGE_SIZE,
  type PageResult,
  type PostCardView,
} from './types.ts';

export type Services = AppLoadContext;
export type PostKind = 'factcheck' | 'article';

/** A query from plain key/value pairs, in the language of CONTRACT.md. */
export function queryOf(params: Record<string, string | number | undefined>): Query {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.append(key, String(value));
  }
  return parseQuery(search);
}

/** The page number of a `?page=` parameter: a positive whole number, else 1. */
export function pageParam(url: URL, name = 'page'): number {
  const page = Number(url.searchParams.get(name));
  return Number.isInteger(page) && page > 0 && page < 100_000 ? page : 1;
}

export function colorOf(doc: Record<string, unknown> | null | undefined): string {
  const color = doc?.color;
  return typeof color === 'string' && /^#[0-9a-f]{3,8}$/i.test(color) ? color : DEFAULT_COLOR;
}

export function categoryHref(language: Language, id: string): string {
  return localePath(language, `/category/${encodeURIComponent(id)}`);
}

export function postHref(language: Language, kind: PostKind, doc: Doc): string {
  const slug = typeof doc.slug === 'string' && doc.slug ? doc.slug : doc._id;
  return localePath(language, `/${kind}/${encodeURIComponent(slug)}`);
}

export function authorHref(language: Language, author: Doc): string {
  const key = typeof author.slug === 'string' && author.slug ? author.slug : author._id;
  return localePath(language, `/writer-news/${encodeURIComponent(key)}`);
}

export function imageView(value: unknown, alt: string): ImageView | null {
  const image = firstImage(value);
  if (!image) return null;
  return { ...responsiveImage(image), social: socialImage(image), alt };
}

export function textOf(html: unknown): string {
  return typeof html === 'string' && html ? htmlToText(html).replace(/\s+/g, ' ').trim() : '';
}

export const str = (value: unknown): string => (typeof value === 'string' ? value : '');

export function isoOf(value: unknown): string | null {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' && value) return new Date(value).toISOString();
  return null;
}

/** Every criteria category (the ratings tree), by id. Small: a handful of rows. */
export async function loadCriteriaCategories(services: Services): Promise<Map<string, Doc>> {
  const { data } = await services.resources.list({
    actor: READER,
    resource: 'category',
    query: queryOf({ path: '/criteria/*', sort_by: 'path', per_page: 200 }),
  });
  return new Map(data.map((c) => [c._id, c]));
}

export function categoryLink(language: Language, category: Doc, currentId?: string): CategoryLink {
  return {
    id: category._id,
    name: categoryName(category, language),
    href: categoryHref(language, category._id),
    color: colorOf(category),
    ...(currentId === category._id ? { isCurrent: true } : {}),
  };
}

/** The home page's order of the four ratings (spec §2); any other rating follows by path. */
const RATING_ORDER = ['fraud', 'confounding', 'futility', 'confirmed'];
const ratingRank = (id: string) => {
  const rank = RATING_ORDER.indexOf(id);
  return rank === -1 ? RATING_ORDER.length : rank;
};

/** The top-level ratings (fraud, confounding, futility, confirmed) with their children. */
export function criteriaTree(categories: Map<string, Doc>, language: Language): CriteriaNode[] {
  const all = [...categories.values()];
  return all
    .filter((c) => c.parent === 'criteria')
    .sort((a, b) => ratingRank(a._id) - ratingRank(b._id))
    .map((top) => ({
      ...categoryLink(language, top),
      description: categoryDescription(top, language),
      children: all.filter((c) => c.parent === top._id).map((c) => categoryLink(language, c)),
    }));
}

/** The rating shown on a fact-check: its first evaluation row's category, else its own category. */
export function ratingOf(doc: Doc, categories: Map<string, Doc>): Doc | null {
  const rows = Array.isArray(doc.evaluation) ? (doc.evaluation as { category?: string }[]) : [];
  for (const row of rows) {
    const found = row.category ? categories.get(row.category) : undefined;
    if (found) return found;
  }
  const category = doc.category;
  if (category && typeof category === 'object') return category as Doc;
  if (typeof category === 'string') return categories.get(category) ?? null;
  return null;
}

/** The top-level criteria category of a fact-check (the one its `category` names). */
export function topCategoryOf(doc: Doc, categories: Map<string, Doc>): Doc | null {
  const category = doc.category;
  const id = typeof category === 'string' ? category : (category as Doc | null)?._id;
  if (!id) return null;
  let current = categories.get(id) ?? (typeof category === 'object' ? (category as Doc) : undefined);
  while (current?.parent && current.parent !== 'criteria') {
    const parent = categories.get(String(current.parent));
    if (!parent) break;
    current = parent;
  }
  return current ?? null;
}

export function toCard(
  doc: Doc,
  kind: PostKind,
  language: Language,
  categories: Map<string, Doc>,
): PostCardView {
  const t = messagesFor(language);
  const author = doc.author && typeof doc.author === 'object' ? (doc.author as Doc) : null;
  const rating = kind === 'factcheck' ? ratingOf(doc, categories) : null;
  const top = kind === 'factcheck' ? topCategoryOf(doc, categories) : null;
  const publishedAt = isoOf(doc.publishedAt);
  const title = str(doc.title);
  const description = str(doc.description) || textOf(doc.content);
  return {
    id: doc._id,
    kind,
    title,
    href: postHref(language, kind, doc),
    description: truncateText(description),
    image: imageView(doc.images, title),
    publishedAt,
    dateText: publishedAt ? formatPublishedDate(publishedAt, t) : '',
    author: author ? { name: str(author.name), href: authorHref(language, author) } : null,
    rating: rating
      ? {
          name: categoryName(rating, language),
          color: colorOf(rating),
          href: categoryHref(language, rating._id),
        }
      : null,
    color: colorOf(top ?? rating),
  };
}

export const CARD_SELECT =
  '_id,title,slug,description,images,author,category,evaluation,publishedAt,language,status,tags';
export const ARTICLE_CARD_SELECT =
  '_id,title,slug,description,images,author,publishedAt,language,status,content';

interface PostsRequest {
  resource: PostKind;
  language: Language;
  filters: Record<string, string | undefined>;
  page: number;
  perPage?: number;
  categories: Map<string, Doc>;
  actor?: Actor;
  sortBy?: string;
  /** Conditions the flat filters cannot say, such as an OR across fields. */
  extraWhere?: Clause[];
  /** Count at most this many matches (the result then says `totalAtLeast`). */
  countAtMost?: number;
}

function postsQuery(args: PostsRequest, perPage: number): Query {
  const query = queryOf({
    ...args.filters,
    language: args.language,
    sort_by: args.sortBy ?? '-publishedAt',
    per_page: perPage,
    page: args.page,
    select: args.resource === 'factcheck' ? CARD_SELECT : ARTICLE_CARD_SELECT,
    lookup: 'author',
  });
  query.where.push(...(args.extraWhere ?? []));
  return query;
}

/** One page of published posts in a language, newest first. */
export async function listPosts(services: Services, args: PostsRequest): Promise<PageResult> {
  const perPage = args.perPage ?? PAGE_SIZE;
  const { data, total, totalAtLeast } = await services.resources.list({
    actor: args.actor ?? READER,
    resource: args.resource,
    query: postsQuery(args, perPage),
    ...(args.countAtMost === undefined ? {} : { countAtMost: args.countAtMost }),
  });
  return {
    items: data.map((doc) => toCard(doc, args.resource, args.language, args.categories)),
    total,
    ...(totalAtLeast ? { totalAtLeast } : {}),
    page: args.page,
    // Past a bounded total, the reader can still page on: the next page is offered while this one is full.
    pageCount: Math.max(
      1,
      Math.ceil(total / perPage),
      totalAtLeast && data.length === perPage ? args.page + 1 : 0,
    ),
  };
}

/**
 * Several short lists of published posts of one kind as cards, read in one statement (the home
 * page's sections, a post's related items; ADR 028). No totals: these lists are not paged.
 */
export async function listPostCards(
  services: Services,
  resource: PostKind,
  lists: Omit<PostsRequest, 'resource' | 'actor' | 'extraWhere'>[],
): Promise<PostCardView[][]> {
  const requests = lists.map((list): PostsRequest => ({ ...list, resource }));
  const answers = await services.resources.listMany({
    actor: READER,
    resource,
    queries: requests.map((request) => postsQuery(request, request.perPage ?? PAGE_SIZE)),
  });
  return answers.map((data, i) =>
    data.map((doc) => toCard(doc, resource, requests[i]!.language, requests[i]!.categories)),
  );
}

/** Strips the characters of the query language (`|`, `*`) from a reader's keyword. */
export function cleanKeyword(keyword: string): string {
  return keyword.replace(/[|*]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 100);
}
