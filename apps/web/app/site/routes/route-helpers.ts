import type { HeadersFunction, MetaDescriptor } from 'react-router';
import type { SeoView } from '../data/types.ts';
import { languageFromPath } from '../i18n/language.ts';
import { messagesFor } from '../i18n/messages.ts';
import { pageTitle, seoMeta } from '../seo/meta.ts';

/** Head tags from a loader's `seo`; a failed loader (404) gets the not-found title and noindex. */
export function metaFromSeo(args: { loaderData: unknown; location: { pathname: string } }): MetaDescriptor[] {
  const language = languageFromPath(args.location.pathname);
  const seo = (args.loaderData as { seo?: SeoView } | undefined)?.seo;
  if (!seo) {
    return [
      { title: pageTitle(messagesFor(language).notFoundTitle, language) },
      { name: 'robots', content: 'noindex' },
    ];
  }
  return seoMeta(seo, language);
}

/** Passes the loader's headers on (draft previews: noindex, no caching). */
export const passLoaderHeaders: HeadersFunction = ({ loaderHeaders, errorHeaders }) =>
  errorHeaders ?? loaderHeaders;

export const PREVIEW_HEADERS = { 'X-Robots-Tag': 'noindex', 'Cache-Control': 'private, no-store' };
