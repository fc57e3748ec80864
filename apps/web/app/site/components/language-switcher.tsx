// Goes to the linked translation of the current item when one exists; pages that exist in every
// language switch to the same address; an item without a translation goes to that language's home.
import { useLocation, useMatches } from 'react-router';
import type { TranslationLink } from '../data/types.ts';
import { homePathOf, LANGUAGES, type Language } from '../i18n/language.ts';
import { localePath, stripLanguage } from '../i18n/paths.ts';
import { useLanguage } from '../i18n/use-language.ts';
import { SiteLink } from './site-link.tsx';

const NAMES: Record<Language, string> = { ar: 'العربية', en: 'English', tr: 'Türkçe' };

/** Content pages put `translations` in their loader data (an empty list: no translation). */
function useTranslations(): TranslationLink[] | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]?.loaderData as { translations?: TranslationLink[] } | undefined;
    if (data && Array.isArray(data.translations)) return data.translations;
  }
  return undefined;
}

export function languageTarget(
  target: Language,
  pathname: string,
  search: string,
  translations: TranslationLink[] | undefined,
): string {
  if (translations === undefined) {
    const path = stripLanguage(pathname);
    return `${localePath(target, path)}${search}`;
  }
  const linked = translations.find((t) => t.language === target);
  if (!linked) return homePathOf(target);
  const url = new URL(linked.href, 'http://site');
  return url.pathname;
}

export function LanguageSwitcher() {
  const current = useLanguage();
  const location = useLocation();
  const translations = useTranslations();
  const search = new URLSearchParams(location.search);
  search.delete('draft');
  const query = search.toString();
  return (
    <ul className="language-switcher">
      {LANGUAGES.filter((l) => l !== current).map((language) => (
        <li key={language}>
          <SiteLink
            to={languageTarget(language, location.pathname, query ? `?${query}` : '', translations)}
            hrefLang={language}
            lang={language}
          >
            {NAMES[language]}
          </SiteLink>
        </li>
      ))}
    </ul>
  );
}
