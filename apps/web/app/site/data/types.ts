// What loaders hand to the public pages: plain, browser-safe view models built on the server, so
// components stay light (no text processing or formatting libraries ship to the browser).
import type { Language } from '../i18n/language.ts';

export interface ImageView {
  /** The original (the fallback of browsers without WebP). */
  src: string;
  /** WebP widths; AVIF widths (issue 36 §4): absent for files without variants. */
  srcSet?: string;
  avifSrcSet?: string;
  /** The 1200×630 social variant, for og:image. */
  social?: string;
  /** The 320 px WebP, for avatars and small headers. */
  small?: string;
  alt: string;
}

export interface CategoryLink {
  id: string;
  name: string;
  href: string;
  color: string;
  isCurrent?: boolean;
}

export interface CriteriaNode extends CategoryLink {
  description: string;
  children: CategoryLink[];
}

export interface PostCardView {
  id: string;
  kind: 'factcheck' | 'article';
  title: string;
  href: string;
  description: string;
  image: ImageView | null;
  publishedAt: string | null;
  dateText: string;
  author: { name: string; href: string } | null;
  rating: { name: string; color: string; href: string } | null;
  color: string;
}

export interface PageResult {
  items: PostCardView[];
  total: number;
  /** The total is a lower bound: more items match (the search counts at most SEARCH_TOTAL_CAP). */
  totalAtLeast?: true;
  page: number;
  pageCount: number;
}

export interface TranslationLink {
  language: Language;
  href: string;
}

export interface LayoutData {
  language: Language;
  criteria: CriteriaNode[];
  topics: CategoryLink[];
}

export interface SeoView {
  title: string;
  description: string;
  canonical: string;
  image: string | null;
  imageAlt: string;
  type: 'website' | 'article' | 'profile';
  keywords?: string;
  twitterCard: string;
  twitterSite?: string;
  twitterCreator?: string;
  ogLocale: string;
  alternates: TranslationLink[];
  noindex?: boolean;
  jsonLd?: Record<string, unknown>[];
}

export const DEFAULT_COLOR = '#ff3657';
export const PAGE_SIZE = 9;
