// Structured data for search engines: a NewsArticle for every published item and a ClaimReview for
// every published fact-check (schema.org; Google's fact-check markup). Pure and browser-safe: the
// loaders build the inputs, the route's `meta` emits `<script type="application/ld+json">`.
export type LdObject = { [key: string]: LdValue };
export type LdValue = string | number | boolean | null | LdObject | LdValue[];

export interface Organization {
  name: string;
  url: string;
  logo: string;
}

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

export interface ClaimReviewInput {
  url: string;
  claimReviewed: string;
  datePublished: string;
  inLanguage: string;
  rating: { value: number; best: number; worst: number; name: string; image?: string | null };
  /** The media sources that spread the claim: the claim's authors. */
  claimAuthors: { name: string; url?: string }[];
  publisher: Organization;
}

/** Headlines over 110 characters are cut by search engines; keep ours whole words. */
const HEADLINE_MAX = 110;

function organizationLd(org: Organization): LdObject {
  return {
    '@type': 'Organization',
    name: org.name,
    url: org.url,
    logo: { '@type': 'ImageObject', url: org.logo },
  };
}

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

export function claimReviewLd(input: ClaimReviewInput): LdObject {
  return {
    '@context': 'https://schema.org',
    '@type': 'ClaimReview',
    url: input.url,
    claimReviewed: input.claimReviewed,
    datePublished: input.datePublished,
    inLanguage: input.inLanguage,
    author: organizationLd(input.publisher),
    itemReviewed: {
      '@type': 'Claim',
      author: input.claimAuthors.map((a) => ({
        '@type': 'Organization',
        name: a.name,
        ...(a.url ? { sameAs: a.url } : {}),
      })),
    },
    reviewRating: {
      '@type': 'Rating',
      ratingValue: input.rating.value,
      bestRating: input.rating.best,
      worstRating: input.rating.worst,
      alternateName: input.rating.name,
      ...(input.rating.image ? { image: input.rating.image } : {}),
    },
  };
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.trim().length > 0;
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isAbsoluteUrl = (v: unknown): boolean => isText(v) && /^https?:\/\/[^/]+/.test(v);
const isDate = (v: unknown): boolean =>
  isText(v) && !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}T/.test(v);

/** The problems of a ClaimReview against the properties search engines require; empty when valid. */
export function claimReviewProblems(ld: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(ld)) return ['not an object'];
  if (ld['@context'] !== 'https://schema.org') problems.push('@context');
  if (ld['@type'] !== 'ClaimReview') problems.push('@type');
  if (!isAbsoluteUrl(ld.url)) problems.push('url');
  if (!isText(ld.claimReviewed)) problems.push('claimReviewed');
  if (!isDate(ld.datePublished)) problems.push('datePublished');
  const author = ld.author;
  if (!isObject(author) || author['@type'] !== 'Organization' || !isText(author.name))
    problems.push('author');
  const rating = ld.reviewRating;
  if (!isObject(rating) || rating['@type'] !== 'Rating') {
    problems.push('reviewRating');
  } else {
    const { ratingValue, bestRating, worstRating, alternateName } = rating;
    if (
      typeof ratingValue !== 'number' ||
      typeof bestRating !== 'number' ||
      typeof worstRating !== 'number'
    ) {
      problems.push('reviewRating.ratingValue/bestRating/worstRating');
    } else if (ratingValue < worstRating || ratingValue > bestRating || worstRating >= bestRating) {
      problems.push('reviewRating.ratingValue out of range');
    }
    if (!isText(alternateName)) problems.push('reviewRating.alternateName');
  }
  const item = ld.itemReviewed;
  if (!isObject(item) || item['@type'] !== 'Claim') {
    problems.push('itemReviewed');
  } else if (
    !Array.isArray(item.author) ||
    !item.author.every((a) => isObject(a) && a['@type'] === 'Organization' && isText(a.name))
  ) {
    problems.push('itemReviewed.author');
  }
  return problems;
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
