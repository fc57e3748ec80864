// The command palette's pure parts: matching screen names (Arabic without diacritics, alef forms
// unified), the searches it runs as you type, and where each result leads.
import type { Params } from '../../lib/api-client.ts';

export const PALETTE_DEBOUNCE_MS = 250;
export const PALETTE_RESULTS = 5;
/** Shorter queries only filter the screens (the server's like search needs something to hold). */
export const MIN_SEARCH_LENGTH = 2;

/** Lower case, no Arabic diacritics or tatweel, one alef, yaa and haa for their variants. */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Every word of the query appears in one of the texts. */
export function matches(query: string, texts: string[]): boolean {
  const words = foldText(query).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const haystack = texts.map(foldText).join(' ');
  return words.every((word) => haystack.includes(word));
}

export type ResultKind = 'factcheck' | 'article' | 'feed' | 'user';

export interface SearchSource {
  kind: ResultKind;
  resource: string;
  searchField: string;
  select: string;
  /** The screen a result opens. */
  link(record: Record<string, unknown>): string;
  /** The result's label. */
  label(record: Record<string, unknown>): string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export const SEARCH_SOURCES: SearchSource[] = [
  {
    kind: 'factcheck',
    resource: 'factcheck',
    searchField: 'title',
    select: '_id,title,status',
    link: (r) => `/panel/factcheck/edit/${encodeURIComponent(text(r._id))}`,
    label: (r) => text(r.title),
  },
  {
    kind: 'article',
    resource: 'article',
    searchField: 'title',
    select: '_id,title,status',
    link: (r) => `/panel/article/edit/${encodeURIComponent(text(r._id))}`,
    label: (r) => text(r.title),
  },
  {
    kind: 'feed',
    resource: 'feed',
    searchField: 'title',
    select: '_id,title,status',
    link: (r) => `/panel/feeds/edit/${encodeURIComponent(text(r._id))}`,
    label: (r) => text(r.title),
  },
  {
    kind: 'user',
    resource: 'user',
    searchField: 'name,email',
    select: '_id,name,email',
    link: (r) => `/panel/users?q=${encodeURIComponent(text(r.email))}`,
    label: (r) => text(r.name) || text(r.email),
  },
];

export function searchParams(source: SearchSource, query: string): Params {
  return {
    search: query.trim(),
    searchField: source.searchField,
    per_page: PALETTE_RESULTS,
    select: source.select,
  };
}
