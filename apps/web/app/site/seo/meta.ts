// Per-page head tags from a loader's SeoView: title, description, canonical, Open Graph, Twitter,
// hreflang alternates and JSON-LD. Browser-safe: `meta` also runs on client navigations.
import type { MetaDescriptor } from 'react-router';
import type { SeoView } from '../data/types.ts';
import type { Language } from '../i18n/language.ts';
import { messagesFor } from '../i18n/messages.ts';

/** "{title} - {product}", the product in the page's language; the product alone for the home page. */
export function pageTitle(title: string | undefined, language: Language): string {
  const product = messagesFor(language).siteName;
  return title ? `${title} - ${product}` : product;
}

const HREFLANG: Record<Language, string> = { ar: 'ar', en: 'en', tr: 'tr' };

export function seoMeta(seo: SeoView | undefined, language: Language): MetaDescriptor[] {
  if (!seo) return [{ title: pageTitle(undefined, language) }];
  const t = messagesFor(language);
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: 'description', content: seo.description },
    { tagName: 'link', rel: 'canonical', href: seo.canonical },
    { property: 'og:title', content: seo.title },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: seo.canonical },
    { property: 'og:type', content: seo.type },
    { property: 'og:site_name', content: t.siteName },
    { property: 'og:locale', content: seo.ogLocale },
    { name: 'twitter:card', content: seo.twitterCard },
    { name: 'twitter:title', content: seo.title },
    { name: 'twitter:description', content: seo.description },
  ];
  if (seo.keywords) tags.push({ name: 'keywords', content: seo.keywords });
  if (seo.image) {
    tags.push(
      { property: 'og:image', content: seo.image },
      { property: 'og:image:alt', content: seo.imageAlt },
      { name: 'twitter:image', content: seo.image },
      { name: 'twitter:image:alt', content: seo.imageAlt },
    );
  }
  if (seo.twitterSite) tags.push({ name: 'twitter:site', content: seo.twitterSite });
  if (seo.twitterCreator) tags.push({ name: 'twitter:creator', content: seo.twitterCreator });
  if (seo.alternates.length > 1) {
    for (const alternate of seo.alternates) {
      tags.push({
        tagName: 'link',
        rel: 'alternate',
        hrefLang: HREFLANG[alternate.language],
        href: alternate.href,
      });
    }
  }
  if (seo.noindex) tags.push({ name: 'robots', content: 'noindex' });
  for (const ld of seo.jsonLd ?? []) tags.push({ 'script:ld+json': ld as never });
  return tags;
}
