import { DEFAULT_LANGUAGE, type Language } from './language.ts';

/** A site address in a language: `/factcheck/x` for Arabic, `/en/factcheck/x` for English. */
export function localePath(language: Language, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (language === DEFAULT_LANGUAGE) return clean;
  return clean === '/' ? `/${language}` : `/${language}${clean}`;
}

/** The address without its language prefix: `/en/search?x` → `/search?x`. */
export function stripLanguage(pathname: string): string {
  const match = /^\/(en|tr)(?=\/|$)/i.exec(pathname);
  if (!match) return pathname || '/';
  return pathname.slice(match[0].length) || '/';
}
