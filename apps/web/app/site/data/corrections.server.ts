// Corrections on the public site (issue 33 §3, ADR 040): the dated notices at the top of a
// fact-check or article page, and /corrections (every correction of the language's published items,
// newest first, 20 a page). Read as the anonymous reader, so the server shows only the corrections
// of published items; the reads carry the `correction:item=<id>` and `correction:*@<language>`
// cache tags that a correction's write touches.
import { formatPublishedDate } from '../../lib/dates.ts';
import { categoryName } from '../i18n/category-text.ts';
import { type Language, languageFromPath } from '../i18n/language.ts';
import { type Messages, messagesFor } from '../i18n/messages.ts';
import { localePath } from '../i18n/paths.ts';
import {
  isoOf,
  loadCriteriaCategories,
  type PostKind,
  pageParam,
  postHref,
  queryOf,
  type Services,
  str,
} from './content.server.ts';
import { type Doc, READER } from './context.server.ts';
import { buildSeo } from './seo.server.ts';
import type { SeoView } from './types.ts';

export const CORRECTIONS_PER_PAGE = 20;
/** Notices on one page: far more than an item ever gets. */
const NOTICES_MAX = 100;

export type CorrectionKind = 'correction' | 'clarification' | 'rating-change' | 'update';

export interface CorrectionNotice {
  id: string;
  kind: CorrectionKind;
  label: string;
  date: string;
  dateText: string;
  note: string;
  /** A rating change, worded with both verdicts. */
  rating: string | null;
  /** The note's language (the item's), for `lang` when it differs from the page's. */
  language: string;
}

export interface CorrectionEntry extends CorrectionNotice {
  item: { title: string; href: string } | null;
}

export interface CorrectionsPageData {
  entries: CorrectionEntry[];
  page: number;
  pageCount: number;
  total: number;
  rssHref: string;
  seo: SeoView;
}

const KIND_LABEL: Record<CorrectionKind, keyof Messages> = {
  correction: 'correctionKindCorrection',
  clarification: 'correctionKindClarification',
  'rating-change': 'correctionKindRatingChange',
  update: 'correctionKindUpdate',
};

const isKind = (v: unknown): v is CorrectionKind => typeof v === 'string' && v in KIND_LABEL;

/** One correction as readers see it; rating names from the criteria categories. */
export function correctionNotice(
  doc: Doc,
  language: Language,
  categories: Map<string, Doc>,
): CorrectionNotice {
  const t = messagesFor(language);
  const kind = isKind(doc.type) ? doc.type : 'correction';
  const date = isoOf(doc.createdAt) ?? '';
  const nameOf = (id: unknown) => {
    const category = typeof id === 'string' ? categories.get(id) : undefined;
    return category ? categoryName(category, language) : str(id);
  };
  const rating =
    kind === 'rating-change' && doc.toCategory
      ? t.correctionRating.replace('{from}', nameOf(doc.fromCategory)).replace('{to}', nameOf(doc.toCategory))
      : null;
  return {
    id: doc._id,
    kind,
    label: t[KIND_LABEL[kind]],
    date,
    dateText: date ? formatPublishedDate(date, t) : '',
    note: str(doc.note),
    rating,
    language: str(doc.language) || language,
  };
}

/** The corrections of one published item, newest first. */
export async function loadItemCorrections(
  services: Services,
  itemId: string,
  language: Language,
  categories: Map<string, Doc>,
): Promise<CorrectionNotice[]> {
  const { data } = await services.resources.list({
    actor: READER,
    resource: 'correction',
    query: queryOf({ item: itemId, sort_by: '-createdAt', per_page: NOTICES_MAX }),
  });
  return data.map((doc) => correctionNotice(doc, language, categories));
}

/** The published items the corrections name: title and address by id. */
async function itemLinks(
  services: Services,
  language: Language,
  docs: Doc[],
): Promise<Map<string, { title: string; href: string }>> {
  const links = new Map<string, { title: string; href: string }>();
  for (const kind of ['factcheck', 'article'] as PostKind[]) {
    const ids = [...new Set(docs.filter((d) => d.itemType === kind).map((d) => str(d.item)))];
    if (ids.length === 0) continue;
    const { data } = await services.resources.list({
      actor: READER,
      resource: kind,
      query: queryOf({
        _id: `{in}${ids.join(',')}`,
        select: '_id,slug,title,language',
        per_page: ids.length,
      }),
    });
    for (const item of data) {
      const itemLanguage = (str(item.language) || language) as Language;
      links.set(item._id, { title: str(item.title), href: postHref(itemLanguage, kind, item) });
    }
  }
  return links;
}

/** /corrections, /en/corrections, /tr/corrections: the language's corrections, 20 a page. */
export async function loadCorrectionsPage(
  services: Services,
  request: Request,
): Promise<CorrectionsPageData> {
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const t = messagesFor(language);
  const page = pageParam(url);
  const [{ data, total }, categories] = await Promise.all([
    services.resources.list({
      actor: READER,
      resource: 'correction',
      query: queryOf({ language, sort_by: '-createdAt', per_page: CORRECTIONS_PER_PAGE, page }),
    }),
    loadCriteriaCategories(services),
  ]);
  const links = await itemLinks(services, language, data);
  const entries = data.map((doc) => ({
    ...correctionNotice(doc, language, categories),
    item: links.get(str(doc.item)) ?? null,
  }));
  const rssHref = localePath(language, '/corrections/rss.xml');
  return {
    entries,
    page,
    pageCount: Math.max(1, Math.ceil(total / CORRECTIONS_PER_PAGE)),
    total,
    rssHref,
    seo: buildSeo({
      request,
      language,
      title: t.corrections,
      description: t.correctionsIntro,
      page,
    }),
  };
}
