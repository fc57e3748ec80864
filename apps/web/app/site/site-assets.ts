// Files the document links to, imported so they get hashed names (cached for a year, immutable)
// instead of the one-hour lifetime of unhashed public/ files.

// The site script (ADR 056): `?worker&url` makes Vite bundle it, with what it imports, into one
// minified file with a hashed name, the same in the client and the server build.
import siteScriptHref from './enhance/site-script.ts?worker&url';
import arabic400 from './fonts/plex-arabic-400.woff2?url';
import arabic700 from './fonts/plex-arabic-700.woff2?url';
import latin400 from './fonts/plex-latin-400.woff2?url';
import latin700 from './fonts/plex-latin-700.woff2?url';
import type { Language } from './i18n/language.ts';
import imageErrorHref from './images/image-error.svg?no-inline';
import logoHref from './images/logo.svg?no-inline';
import placeholderHref from './images/placeholder.svg?no-inline';

export { imageErrorHref, logoHref, placeholderHref, siteScriptHref };

/**
 * The font files of fonts.css. Referencing them here makes the client build emit them even though
 * production pages inline site.css (the inlined CSS points at these same hashed files).
 */
export const FONT_FILES = { arabic400, arabic700, latin400, latin700 } as const;

/**
 * The font files the first screen needs: the regular and bold weights of the page's script. The
 * bold one sets the title (the largest paint) and every card's heading: discovered only at layout,
 * it arrived after the first paint and its swap moved the headings (a layout shift of up to 0.09
 * on the home page in Lighthouse; issue 36 §4). Both are fetched anyway; this only fetches them first.
 */
export function preloadedFontsOf(language: Language): string[] {
  return language === 'ar'
    ? [FONT_FILES.arabic400, FONT_FILES.arabic700]
    : [FONT_FILES.latin400, FONT_FILES.latin700];
}
