// "Is this true?" (issue 36 §1) as the site sees it: the server's tips service (matches and
// submissions), declared structurally like the other services (context.server.ts), and the rating
// names and colours the page shows next to each match.

import { categoryName } from '../i18n/category-text.ts';
import type { Language } from '../i18n/language.ts';
import { colorOf, loadCriteriaCategories, type Services, topCategoryOf } from './content.server.ts';

export interface TipMatchView {
  _id: string;
  title: string;
  slug: string | null;
  language: string;
  category: string | null;
  score: number;
}

/** What a submission's parse refused: field → message (the API's VALIDATION_FAILED details). */
interface AppErrorLike {
  code?: string;
  statusCode?: number;
  details?: Record<string, string>;
}

declare module '@tabayyun/site-context' {
  interface AppLoadContext {
    tips: {
      matches(text: string): Promise<TipMatchView[]>;
      submit(
        input: {
          claim: string;
          link: string | null;
          email: string | null;
          language: Language;
          consent: boolean;
        },
        screenshots?: Buffer[],
      ): Promise<{
        _id: string;
        matches: { _id: string; title: string; slug: string | null; score: number }[];
      }>;
    };
  }
}

export interface RatingLabel {
  name: string;
  color: string;
}

/** Each rating's name in the page's language and its top rating's colour, by category id. */
export async function ratingLabels(
  services: Services,
  language: Language,
): Promise<Record<string, RatingLabel>> {
  const categories = await loadCriteriaCategories(services);
  const labels: Record<string, RatingLabel> = {};
  for (const category of categories.values()) {
    const top = topCategoryOf({ _id: '', category: category._id }, categories);
    labels[category._id] = { name: categoryName(category, language), color: colorOf(top ?? category) };
  }
  return labels;
}

export type SubmitResult =
  | { status: 'sent'; matches: TipMatchView[] }
  | { status: 'invalid'; fields: string[] }
  | { status: 'failed'; code: string };

/** The form posted without JavaScript: the same rules as `POST {api}/tip`, through the same service. */
export async function submitTipForm(
  services: Services,
  form: FormData,
  language: Language,
): Promise<SubmitResult> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const screenshots: Buffer[] = [];
  for (const value of form.getAll('images')) {
    if (typeof value !== 'string' && value.size > 0) screenshots.push(Buffer.from(await value.arrayBuffer()));
  }
  try {
    const saved = await services.tips.submit(
      {
        claim: text('claim').trim(),
        link: text('link').trim() || null,
        email: text('email').trim() || null,
        language,
        consent: form.get('consent') !== null,
      },
      screenshots,
    );
    // The matches the submission found, with the fields the page shows.
    const matches = await services.tips.matches(text('claim'));
    return { status: 'sent', matches: matches.length > 0 ? matches : saved.matches.map(asView) };
  } catch (error) {
    const e = error as AppErrorLike;
    if (e.code === 'VALIDATION_FAILED') return { status: 'invalid', fields: Object.keys(e.details ?? {}) };
    if (e.code && e.statusCode && e.statusCode < 500) return { status: 'failed', code: e.code };
    throw error;
  }
}

const asView = (m: { _id: string; title: string; slug: string | null; score: number }): TipMatchView => ({
  ...m,
  language: 'ar',
  category: null,
});
