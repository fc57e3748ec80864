// The ClaimReview of a published fact-check (schema.org; Google's fact-check markup) and the checks
// Google's Rich Results test makes on it. One copy for everyone: the public page emits it
// (apps/web site/seo/json-ld.ts re-exports it), and the publish gate builds the same object from
// the record and refuses to publish while it has problems (ADR 039).
export type LdObject = { [key: string]: LdValue };
export type LdValue = string | number | boolean | null | LdObject | LdValue[];

export interface Organization {
  name: string;
  url: string;
  logo: string;
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

export function organizationLd(org: Organization): LdObject {
  return {
    '@type': 'Organization',
    name: org.name,
    url: org.url,
    logo: { '@type': 'ImageObject', url: org.logo },
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

export const isText = (v: unknown): v is string => typeof v === 'string' && v.trim().length > 0;
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
export const isAbsoluteUrl = (v: unknown): boolean => isText(v) && /^https?:\/\/[^/]+/.test(v);
export const isIsoDate = (v: unknown): boolean =>
  isText(v) && !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}T/.test(v);

/** The problems of a ClaimReview against the properties search engines require; empty when valid. */
export function claimReviewProblems(ld: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(ld)) return ['not an object'];
  if (ld['@context'] !== 'https://schema.org') problems.push('@context');
  if (ld['@type'] !== 'ClaimReview') problems.push('@type');
  if (!isAbsoluteUrl(ld.url)) problems.push('url');
  if (!isText(ld.claimReviewed)) problems.push('claimReviewed');
  if (!isIsoDate(ld.datePublished)) problems.push('datePublished');
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
