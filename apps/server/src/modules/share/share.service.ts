// What a fact-check's share image shows, read as the public reads it (published items only: the
// anonymous reader's scope forces it), and the rendered PNGs, kept by what they show: any change
// to the claim, the verdict, its name or its colour makes a new entry, so an edit, a correction or
// a re-rating is visible at the next request with no invalidation to miss.
import { createHash } from 'node:crypto';
import { ANONYMOUS_ACTOR } from '@tabayyun/permissions';
import { parseQuery } from '@tabayyun/query';
import type { Services } from '../../services.ts';
import {
  renderShareImage,
  type ShareFormat,
  type ShareImageInput,
  type ShareLanguage,
} from './share-image.ts';

type Doc = Record<string, unknown>;

/** ClaimReview's claimReviewed is at most this long (the site's CLAIM_SUMMARY_MAX). */
const CLAIM_SUMMARY_MAX = 75;
const SITE_NAME: Record<ShareLanguage, string> = { ar: 'تبيَّن', en: 'Tabayyun', tr: 'Tabayyun' };
/** Rendered images kept (about 30–60 KB each). */
const CACHE_ENTRIES = 128;
/** Renders at once (each holds a few MB and ~0.3 s of a core); more wait their turn. */
const CONCURRENT_RENDERS = 2;
const WAITING_RENDERS = 32;

export interface ShareImage {
  png: Buffer;
  etag: string;
}

export class ShareBusyError extends Error {}

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

function categoryName(category: Doc, language: ShareLanguage): string {
  const translated = language === 'en' ? str(category.nameEn) : language === 'tr' ? str(category.nameTr) : '';
  return translated || str(category.name);
}

export function createShareService(deps: { services: Pick<Services, 'resources'>; host: string }) {
  const { resources } = deps.services;
  const cache = new Map<string, ShareImage>();
  const inFlight = new Map<string, Promise<ShareImage>>();
  let running = 0;
  const waiting: (() => void)[] = [];

  async function withRenderSlot<T>(fn: () => Promise<T>): Promise<T> {
    if (running >= CONCURRENT_RENDERS) {
      if (waiting.length >= WAITING_RENDERS) throw new ShareBusyError('Too many share images being drawn');
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    running++;
    try {
      return await fn();
    } finally {
      running--;
      waiting.shift()?.();
    }
  }

  async function findFactcheck(slug: string): Promise<Doc | null> {
    const query = parseQuery('per_page=1&lookup=category');
    const byId = /^[0-9a-f]{24}$/.test(slug);
    query.where = [
      {
        any: [
          { kind: 'compare', field: 'slug', op: 'eq', value: slug },
          ...(byId ? [{ kind: 'compare' as const, field: '_id', op: 'eq' as const, value: slug }] : []),
        ],
      },
    ];
    const { data } = await resources.list({ actor: ANONYMOUS_ACTOR, resource: 'factcheck', query });
    return (data[0] as Doc | undefined) ?? null;
  }

  /** The verdict: the item's category, or its ancestor right under the rating tree's root. */
  async function verdictOf(doc: Doc): Promise<Doc | null> {
    let current = doc.category && typeof doc.category === 'object' ? (doc.category as Doc) : null;
    for (let depth = 0; current && depth < 8; depth++) {
      const parent = str(current.parent);
      if (!parent || parent === 'criteria') return current;
      try {
        current = (await resources.get({ actor: ANONYMOUS_ACTOR, resource: 'category', id: parent })) as Doc;
      } catch {
        return current;
      }
    }
    return current;
  }

  /** The input of the item's share image, or null when no published fact-check has this slug. */
  async function inputFor(slug: string, format: ShareFormat): Promise<ShareImageInput | null> {
    const doc = await findFactcheck(slug);
    if (!doc) return null;
    const language = (
      ['ar', 'en', 'tr'].includes(str(doc.language)) ? str(doc.language) : 'ar'
    ) as ShareLanguage;
    const verdict = await verdictOf(doc);
    const claim =
      str(doc.claimSummary) || truncate(textOf(str(doc.claims)) || str(doc.title), CLAIM_SUMMARY_MAX);
    return {
      format,
      language,
      verdict: {
        name: verdict ? categoryName(verdict, language) : '',
        color: verdict ? str(verdict.color) || null : null,
      },
      claim: claim || str(doc.title),
      siteName: SITE_NAME[language],
      host: deps.host,
    };
  }

  async function image(slug: string, format: ShareFormat): Promise<ShareImage | null> {
    const input = await inputFor(slug, format);
    if (!input) return null;
    const key = createHash('sha256').update(JSON.stringify(input)).digest('base64url').slice(0, 27);
    const cached = cache.get(key);
    if (cached) {
      cache.delete(key);
      cache.set(key, cached);
      return cached;
    }
    let pending = inFlight.get(key);
    if (!pending) {
      pending = withRenderSlot(async () => ({ png: await renderShareImage(input), etag: `"${key}"` }));
      inFlight.set(key, pending);
      pending
        .then((made) => {
          cache.set(key, made);
          if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
        })
        .catch(() => {})
        .finally(() => inFlight.delete(key));
    }
    return pending;
  }

  return { image, inputFor };
}

export type ShareService = ReturnType<typeof createShareService>;
