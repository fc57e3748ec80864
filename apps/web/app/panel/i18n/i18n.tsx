// The back office speaks Arabic (right to left) and English. The first visit follows the browser's
// language (Arabic for ar, English otherwise); the user menu switches it and the choice is stored.
// Each screen keeps its own texts beside it (`defineTexts`), English verbatim from the spec, Arabic
// written for the product; the type forces every English key to have its Arabic twin.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { local, readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage-keys.ts';

export type PanelLanguage = 'ar' | 'en';
export type Direction = 'rtl' | 'ltr';

export const directionOfPanel = (language: PanelLanguage): Direction => (language === 'ar' ? 'rtl' : 'ltr');

export function detectPanelLanguage(): PanelLanguage {
  const stored = readStorage(local(), STORAGE_KEYS.panelLanguage);
  if (stored === 'ar' || stored === 'en') return stored;
  const browser = typeof navigator === 'undefined' ? 'ar' : (navigator.language ?? 'ar');
  return browser.toLowerCase().startsWith('ar') ? 'ar' : 'en';
}

interface LanguageState {
  language: PanelLanguage;
  dir: Direction;
  setLanguage(language: PanelLanguage): void;
}

const LanguageContext = createContext<LanguageState>({ language: 'ar', dir: 'rtl', setLanguage: () => {} });

export function PanelLanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<PanelLanguage>(detectPanelLanguage);
  const setLanguage = useCallback((next: PanelLanguage) => {
    writeStorage(local(), STORAGE_KEYS.panelLanguage, next);
    setLanguageState(next);
  }, []);
  const dir = directionOfPanel(language);
  useEffect(() => {
    document.documentElement.lang = language;
    document.documentElement.dir = dir;
  }, [language, dir]);
  const value = useMemo(() => ({ language, dir, setLanguage }), [language, dir, setLanguage]);
  return <LanguageContext value={value}>{children}</LanguageContext>;
}

export function usePanelLanguage(): LanguageState {
  return useContext(LanguageContext);
}

export type Texts = Record<string, string>;
export interface TextSet<T extends Texts> {
  en: T;
  ar: { [K in keyof T]: string };
}

/** Declares a screen's texts: English keys and values, and the Arabic for every key. */
export function defineTexts<T extends Texts>(texts: TextSet<T>): TextSet<T> {
  return texts;
}

/** The texts of the current interface language. */
export function useTexts<T extends Texts>(texts: TextSet<T>): T {
  const { language } = usePanelLanguage();
  return texts[language] as T;
}

/** Fills `{name}` placeholders: format('User {email} has been banned', { email }). */
export function format(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) =>
    key in params ? String(params[key]) : match,
  );
}

type Formatters = {
  number: (value: number) => string;
  date: (value: unknown) => string;
  dateTime: (value: unknown) => string;
};
const formattersByLanguage = new Map<PanelLanguage, Formatters>();

/** One Intl formatter, built on first use: a constructor costs milliseconds (~15 ms for the three
 * of a language on the editor's first draw), and most screens format only numbers or nothing. */
function lazily<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

/** Formatters are built once per language. */
function formattersFor(language: PanelLanguage): Formatters {
  let formatters = formattersByLanguage.get(language);
  if (formatters) return formatters;
  const locale = language === 'ar' ? 'ar-SY-u-nu-latn' : 'en-GB';
  const number = lazily(() => new Intl.NumberFormat(locale));
  const date = lazily(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }));
  const dateTime = lazily(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }));
  const toDate = (value: unknown) => (value ? new Date(value as string) : undefined);
  formatters = {
    number: (value: number) => number().format(value),
    date: (value: unknown) => {
      const d = toDate(value);
      return d && !Number.isNaN(d.getTime()) ? date().format(d) : '';
    },
    dateTime: (value: unknown) => {
      const d = toDate(value);
      return d && !Number.isNaN(d.getTime()) ? dateTime().format(d) : '';
    },
  };
  formattersByLanguage.set(language, formatters);
  return formatters;
}

/** Numbers and dates in the interface language (Arabic digits are Latin here: newsroom habit). */
export function useFormatters(): Formatters {
  return formattersFor(usePanelLanguage().language);
}
