// SeoView for a page: the item's SEO `meta` (spec §3) first, its own content second, the site last.

import { firstImage, socialImage } from '../../lib/images.ts';
import type { Language } from '../i18n/language.ts';
import { LANGUAGES } from '../i18n/language.ts';
import { messagesFor } from '../i18n/messages.ts';
import { localePath, stripLanguage } from '../i18n/paths.ts';
import type { SeoView, TranslationLink } from './types.ts';

export const DEFAULT_SOCIAL_IMAGE = '/social-default.png';
export const LOGO_PATH = '/logo-512.png';

const OG_LOCALE: Record<Language, string> = { ar: 'ar_AR', en: 'en_US', tr: 'tr_TR' };

export function originOf(request: Request): string {
  return new URL(request.url).origin;
}

export function absoluteUrl(request: Request, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${originOf(request)}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** The same address in every language: for pages that exist everywhere (lists, static pages). */
export function sameAddressAlternates(request: Request): TranslationLink[] {
  const path = stripLanguage(new URL(request.url).pathname);
  return LANGUAGES.map((language) => ({ language, href: absoluteUrl(request, localePath(language, path)) }));
}

interface SeoInput {
  request: Request;
  language: Language;
  title?: string;
  description?: string;
  type?: SeoView['type'];
  image?: string | null;
  imageAlt?: string;
  alternates?: TranslationLink[];
  noindex?: boolean;
  /** Keeps `?page=N` (N > 1) in the canonical address of a paged list. */
  page?: number;
  meta?: unknown;
  /** The address search engines should keep (an item's slug address when reached by id). */
  canonicalPath?: string;
  jsonLd?: Record<string, unknown>[];
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

export function buildSeo(input: SeoInput): SeoView {
  const t = messagesFor(input.language);
  const meta = (input.meta && typeof input.meta === 'object' ? input.meta : {}) as Record<string, unknown>;
  const twitter = (meta.twitter && typeof meta.twitter === 'object' ? meta.twitter : {}) as Record<
    string,
    unknown
  >;
  const url = new URL(input.request.url);
  const canonicalPath =
    input.canonicalPath ?? `${url.pathname}${input.page && input.page > 1 ? `?page=${input.page}` : ''}`;
  const metaImage = firstImage(Array.isArray(meta.image) ? meta.image : meta.image ? [meta.image] : []);
  const image = metaImage ? socialImage(metaImage) : (input.image ?? DEFAULT_SOCIAL_IMAGE);
  const title = str(meta.title) ?? input.title;
  const keywords = Array.isArray(meta.keywords) ? meta.keywords.join(', ') : str(meta.keywords);
  return {
    title: title ? `${title} - ${t.siteName}` : t.siteName,
    description: str(meta.description) ?? input.description ?? t.tagline,
    canonical: absoluteUrl(input.request, str(meta.canonicalUrl) ?? canonicalPath),
    image: absoluteUrl(input.request, image),
    imageAlt: input.imageAlt ?? title ?? t.siteName,
    type: input.type ?? 'website',
    ...(keywords ? { keywords } : {}),
    twitterCard: str(twitter.card) ?? 'summary_large_image',
    ...(str(twitter.site) ? { twitterSite: str(twitter.site) } : {}),
    ...(str(twitter.creator) ? { twitterCreator: str(twitter.creator) } : {}),
    ogLocale: OG_LOCALE[input.language],
    alternates: input.alternates ?? sameAddressAlternates(input.request),
    ...(input.noindex ? { noindex: true } : {}),
    ...(input.jsonLd ? { jsonLd: input.jsonLd } : {}),
  };
}
