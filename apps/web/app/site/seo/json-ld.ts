// Structured data for search engines: a NewsArticle for every published item and a ClaimReview for
// every published fact-check (schema.org; Google's fact-check markup). Pure and browser-safe: the
// loaders build the inputs, the route's `meta` emits `<script type="application/ld+json">`.
import {
  isAbsoluteUrl,
  isIsoDate as isDate,
  isObject,
  isText,
  type LdObject,
  type LdValue,
  type Organization,
  organizationLd,
} from '@tabayyun/workflow';

// The ClaimReview builder and its checks live in @tabayyun/workflow: the publish gate builds the
// same object before a fact-check may be published (ADR 039).
export type { ClaimReviewInput, LdObject, LdValue, Organization } from '@tabayyun/workflow';
export { claimReviewLd, claimReviewProblems } from '@tabayyun/workflow';

export interface NewsArticleInput {
  url: string;
  headline: string;
  description: string;
  image: string | null;
  datePublished: string;
  dateModified: string | null;
  inLanguage: string;
  authors: { name: string; url?: string }[];
  publisher: Organization;
}

/** Headlines over 110 characters are cut by search engines; keep ours whole words. */
const HEADLINE_MAX = 110;

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export function newsArticleLd(input: NewsArticleInput): LdObject {
  const authors: LdValue[] =
    input.authors.length > 0
      ? input.authors.map((a) => ({ '@type': 'Person', name: a.name, ...(a.url ? { url: a.url } : {}) }))
      : [organizationLd(input.publisher)];
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    mainEntityOfPage: { '@type': 'WebPage', '@id': input.url },
    url: input.url,
    headline: clip(input.headline, HEADLINE_MAX),
    description: input.description,
    ...(input.image ? { image: [input.image] } : {}),
    datePublished: input.datePublished,
    dateModified: input.dateModified ?? input.datePublished,
    inLanguage: input.inLanguage,
    author: authors,
    publisher: organizationLd(input.publisher),
  };
}

/** The problems of a NewsArticle against the properties search engines require; empty when valid. */
export function newsArticleProblems(ld: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(ld)) return ['not an object'];
  if (ld['@context'] !== 'https://schema.org') problems.push('@context');
  if (ld['@type'] !== 'NewsArticle') problems.push('@type');
  if (!isText(ld.headline) || ld.headline.length > HEADLINE_MAX) problems.push('headline');
  if (!isDate(ld.datePublished)) problems.push('datePublished');
  if (!isDate(ld.dateModified)) problems.push('dateModified');
  if (!isAbsoluteUrl(ld.url)) problems.push('url');
  if (ld.image !== undefined && !(Array.isArray(ld.image) && ld.image.every(isAbsoluteUrl)))
    problems.push('image');
  const authors = ld.author;
  if (
    !Array.isArray(authors) ||
    authors.length === 0 ||
    !authors.every((a) => isObject(a) && isText(a.name))
  ) {
    problems.push('author');
  }
  const publisher = ld.publisher;
  if (!isObject(publisher) || !isText(publisher.name) || !isObject(publisher.logo))
    problems.push('publisher');
  return problems;
}
