import { useLocation } from 'react-router';
import { type Language, languageFromPath } from './language.ts';
import { type Messages, messagesFor } from './messages.ts';

/** The language of the current address; the URL is the only source of truth for it. */
export function useLanguage(): Language {
  return languageFromPath(useLocation().pathname);
}

export function useMessages(): Messages {
  return messagesFor(useLanguage());
}
