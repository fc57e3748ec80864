// check-a-claim (issue 36 §1): as the reader types, the published fact-checks that match appear
// under the claim (GET /api/tip/matches), 300 ms after the last key, for the latest text only. The
// form itself posts as it does without JavaScript (the route's action answers with the matches).
import { LANGUAGES, type Language } from '../i18n/language.ts';
import { localePath } from '../i18n/paths.ts';
import { element } from './dom.ts';
import { TIP_MATCHES_ATTRIBUTE } from './markers.ts';

export const TIP_DEBOUNCE_MS = 300;
const MIN_LENGTH = 4;
const MAX_QUERY = 500;

/** What the page hands the script (check-a-claim.tsx). */
export interface TipMatchesSetup {
  language: Language;
  title: string;
  noMatch: string;
  searching: string;
  /** By category id: the rating's name and its chip's style properties. */
  ratings: Record<string, { name: string; style: Record<string, string> }>;
}

interface TipMatch {
  _id: string;
  title: string;
  slug: string | null;
  language: string;
  category: string | null;
}

/** The list of matches, as the server renders it after a post (check-a-claim.tsx, MatchList). */
export function matchList(matches: TipMatch[], setup: TipMatchesSetup): HTMLElement {
  const items = matches.map((match) => {
    const rating = match.category ? setup.ratings[match.category] : undefined;
    const language = (LANGUAGES as readonly string[]).includes(match.language)
      ? (match.language as Language)
      : setup.language;
    const item = element('li', { 'data-testid': 'tip-match' });
    if (rating) {
      const chip = element('span', { class: 'rating-chip small' }, rating.name);
      for (const [name, value] of Object.entries(rating.style)) chip.style.setProperty(name, value);
      item.append(chip);
    }
    const href = localePath(language, `/factcheck/${encodeURIComponent(match.slug || match._id)}`);
    item.append(element('a', { href, lang: language }, match.title));
    return item;
  });
  return element(
    'section',
    { class: 'tip-matches', 'aria-labelledby': 'tip-matches-title' },
    element('h2', { id: 'tip-matches-title' }, setup.title),
    element('ul', {}, ...items),
  );
}

export function enhanceTipForm(doc: Document, fetcher: typeof fetch = fetch): void {
  const live = doc.querySelector<HTMLElement>(`[${TIP_MATCHES_ATTRIBUTE}]`);
  const claim = doc.querySelector<HTMLTextAreaElement>('#tip-claim');
  if (!live || !claim) return;
  const setup = JSON.parse(live.getAttribute(TIP_MATCHES_ATTRIBUTE)!) as TipMatchesSetup;
  let asked = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const show = (...nodes: Node[]) => live.replaceChildren(...nodes);
  claim.addEventListener('input', () => {
    clearTimeout(timer);
    const text = claim.value.trim();
    const id = ++asked;
    if (text.length < MIN_LENGTH) {
      show();
      return;
    }
    timer = setTimeout(async () => {
      if (!live.firstChild) show(element('p', { class: 'muted' }, setup.searching));
      try {
        const response = await fetcher(`/api/tip/matches?q=${encodeURIComponent(text.slice(0, MAX_QUERY))}`);
        if (!response.ok || id !== asked) return;
        const { data } = (await response.json()) as { data: TipMatch[] };
        if (id !== asked) return;
        show(
          data.length > 0
            ? matchList(data, setup)
            : element('p', { class: 'muted', 'data-testid': 'tip-no-match' }, setup.noMatch),
        );
      } catch {
        // Matching is a help, not a step: the form still works without it.
        if (id === asked && live.querySelector('p.muted:not([data-testid])')) show();
      }
    }, TIP_DEBOUNCE_MS);
  });
}
