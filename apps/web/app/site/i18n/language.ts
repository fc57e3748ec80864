export const LANGUAGES = ['ar', 'en', 'tr'] as const;
export type Language = (typeof LANGUAGES)[number];
export type Direction = 'rtl' | 'ltr';

/** Arabic lives at the root (`/`); the other languages under their code (`/en/...`, `/tr/...`). */
export const DEFAULT_LANGUAGE: Language = 'ar';

/** The language of a site address, from its first path segment (routes match case-insensitively). */
export function languageFromPath(pathname: string): Language {
  const firstSegment = pathname.split('/')[1]?.toLowerCase();
  return firstSegment === 'en' || firstSegment === 'tr' ? firstSegment : DEFAULT_LANGUAGE;
}

export function directionOf(language: Language): Direction {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/** The home page address of a language: `/` for Arabic, `/en` and `/tr` for the others. */
export function homePathOf(language: Language): string {
  return language === DEFAULT_LANGUAGE ? '/' : `/${language}`;
}
