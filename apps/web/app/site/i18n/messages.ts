import { ar } from './ar.ts';
import { en } from './en.ts';
import type { Language } from './language.ts';
import { tr } from './tr.ts';

/** Arabic is the source language: every other language provides exactly its keys. */
export type Messages = { readonly [Key in keyof typeof ar]: string };

const MESSAGES: Record<Language, Messages> = { ar, en, tr };

export function messagesFor(language: Language): Messages {
  return MESSAGES[language];
}

const PLURAL_KEYS = {
  zero: 'resultsOther',
  one: 'resultsOne',
  two: 'resultsTwo',
  few: 'resultsFew',
  many: 'resultsMany',
  other: 'resultsOther',
} as const satisfies Record<Intl.LDMLPluralRule, keyof Messages>;

const pluralRules = new Map<Language, Intl.PluralRules>();

/**
 * "7 results" in the language's own plural form: Arabic has six (نتيجة واحدة، نتيجتان، ٣ نتائج،
 * ١١ نتيجة…), English two, Turkish one. Zero is not worded here: an empty list says so itself.
 */
export function resultCountText(language: Language, count: number): string {
  let rules = pluralRules.get(language);
  if (rules === undefined) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  const key = PLURAL_KEYS[rules.select(count)];
  return messagesFor(language)[key].replace('{count}', String(count));
}
