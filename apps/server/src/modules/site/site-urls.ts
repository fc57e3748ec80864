// Public site addresses, as the web app routes them (apps/web/app/site/i18n/paths.ts): Arabic at
// the root, English and Turkish under their code.

export const SITE_LANGUAGES = ['ar', 'en', 'tr'] as const;
export type SiteLanguage = (typeof SITE_LANGUAGES)[number];

export const isSiteLanguage = (value: unknown): value is SiteLanguage =>
  typeof value === 'string' && (SITE_LANGUAGES as readonly string[]).includes(value);

/** `/factcheck/x` in Arabic, `/en/factcheck/x` in English; the home page is `/`, `/en`, `/tr`. */
export function localePath(language: SiteLanguage, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (language === 'ar') return clean;
  return clean === '/' ? `/${language}` : `/${language}${clean}`;
}

const segment = (value: string) => encodeURIComponent(value);

export const factcheckPath = (slug: string) => `/factcheck/${segment(slug)}`;
export const articlePath = (slug: string) => `/article/${segment(slug)}`;
export const categoryPath = (id: string) => `/category/${segment(id)}`;
export const topicPath = (id: string) => `/topic/${segment(id)}`;
export const authorPath = (slugOrId: string) => `/writer-news/${segment(slugOrId)}`;
export const publisherPath = (id: string, slug: string) => `/publisher/${segment(id)}/${segment(slug)}`;

/**
 * Static pages (backoffice spec §2). The sitemap lists those the web app's build actually routes,
 * so a page still being written never appears as a dead link.
 */
export function staticPagePaths(productName: string): string[] {
  return [
    '/',
    '/about-us',
    '/our-vision',
    '/our-message',
    `/${productName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-story`,
    '/organizational-structure',
    '/vision',
    '/message',
    '/partners',
    '/topic/window-to-verify',
    '/methodology',
    '/correction-and-complaints-policy',
    '/privacy-policy',
    '/editorial-and-publication-policy',
    '/our-team',
    '/sources',
    '/contact-us',
  ];
}
