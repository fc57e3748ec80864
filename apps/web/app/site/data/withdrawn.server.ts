// Retractions instead of disappearance (issue 33 §4, ADR 040): the address of an unpublished item
// answers 410 with a tombstone (withdrawn, when, the public reason) instead of a 404. Only an item
// that was published and then unpublished (`withdrawnAt`, set by the workflow and cleared when it
// is published again) has one; a draft that was never published stays a plain 404.
import { formatPublishedDate } from '../../lib/dates.ts';
import { type Language, languageFromPath } from '../i18n/language.ts';
import { messagesFor } from '../i18n/messages.ts';
import { isoOf, type PostKind, queryOf, type Services, str } from './content.server.ts';
import { type Doc, PREVIEWER } from './context.server.ts';
import { buildSeo } from './seo.server.ts';
import type { SeoView } from './types.ts';

export interface WithdrawnView {
  kind: PostKind;
  title: string;
  /** "We withdrew this fact-check on …". */
  text: string;
  withdrawnAt: string;
  reason: string;
}

export interface WithdrawnPageData {
  withdrawn: WithdrawnView;
  seo: SeoView;
}

/** The tombstone of the withdrawn item at this address, or null (then the address is a 404). */
export async function loadWithdrawnPage(
  services: Services,
  request: Request,
  kind: PostKind,
  slug: string,
): Promise<WithdrawnPageData | null> {
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const byId = /^[0-9a-f]{24}$/.test(slug);
  const query = queryOf({
    per_page: 1,
    select: '_id,title,language,withdrawnAt,withdrawnReason',
    status: '{ne}published',
    withdrawnAt: '{ne}null',
  });
  query.where = [
    ...query.where,
    {
      any: [
        { kind: 'compare', field: 'slug', op: 'eq', value: slug },
        ...(byId ? [{ kind: 'compare' as const, field: '_id', op: 'eq' as const, value: slug }] : []),
      ],
    },
  ];
  // Readers cannot read an unpublished item; the tombstone shows only the fields selected above.
  let found: Doc[] | undefined;
  try {
    [found] = await services.resources.listMany({ actor: PREVIEWER, resource: kind, queries: [query] });
  } catch (error) {
    // A server without the workflow's columns (withdrawnAt) has no tombstones: the address is a 404.
    if ((error as { code?: unknown } | null)?.code === 'INVALID_QUERY') return null;
    throw error;
  }
  const doc = found?.[0];
  const withdrawnAt = isoOf(doc?.withdrawnAt);
  if (!doc || !withdrawnAt || (str(doc.language) || 'ar') !== language) return null;
  const t = messagesFor(language as Language);
  const date = formatPublishedDate(withdrawnAt, t);
  const title = str(doc.title);
  return {
    withdrawn: {
      kind,
      title,
      text: (kind === 'factcheck' ? t.withdrawnFactcheck : t.withdrawnArticle).replace('{date}', date),
      withdrawnAt,
      // The unpublish's own reason (ADR 048), never a later send-back's.
      reason: str(doc.withdrawnReason),
    },
    seo: buildSeo({ request, language, title: `${t.withdrawnTitle}: ${title}`, noindex: true }),
  };
}
