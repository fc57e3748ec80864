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
