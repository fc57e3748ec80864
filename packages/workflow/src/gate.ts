// The publish gate of a fact-check (issue 33 §2, ADR 039): what must hold before it is published,
// as machine-readable keys with the sentence to show. Pure and browser-safe: the server refuses a
// publish with exactly these items (422 PUBLISH_GATE) and the editor shows them live.
import { decodeEntities, htmlToText, normalizeForSearch, truncateText } from '@tabayyun/text';
import { claimReviewLd, claimReviewProblems, type Organization } from './claim-review.ts';
import {
  CLAIM_SUMMARY_MAX,
  GATE_ITEM_KEYS,
  type GateItemKey,
  type GateSettings,
  type GateWarningKey,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
} from './gate-keys.ts';
import {
  type CriteriaCategory,
  categoryNameIn,
  criteriaScale,
  ratingOrdinals,
  topCriteriaOf,
} from './rating.ts';
import { GATE_ITEM_TEXTS, GATE_WARNING_TEXTS, type Localised, type WorkflowLanguage } from './texts.ts';

/** The fields of a fact-check the gate reads (API names; values as the API or the form holds them). */
export interface GateRecord {
  [field: string]: unknown;
  title?: unknown;
  language?: unknown;
  category?: unknown;
  claimSummary?: unknown;
  claims?: unknown;
  againstClaim?: unknown;
  conclusion?: unknown;
  content?: unknown;
  references?: unknown;
  sources?: unknown;
  images?: unknown;
  meta?: unknown;
  needsUpdate?: unknown;
  /** `lookup=translations`: the item's language versions, each with `needsUpdate`. */
  translations?: unknown;
  /** Claim source addresses the editor acknowledged could not be archived. */
  evidenceAcknowledged?: unknown;
  publishedAt?: unknown;
}

export type SnapshotState = 'pending' | 'done' | 'failed';

export interface GateContext {
  /** Which items the newsroom checks (Settings → Workflow); `claimReview` is always checked. */
  gate: GateSettings;
  /** The criteria tree (every category under `criteria`), as a map by id or a list. */
  categories: ReadonlyMap<string, CriteriaCategory> | readonly CriteriaCategory[];
  /** Evidence archive state by address (issue 15); an address missing here has no snapshot. */
  snapshots?: Readonly<Record<string, SnapshotState>>;
  /** The newsroom: the ClaimReview's author. */
  publisher: Organization;
  /** The item's public address. */
  url: string;
  /** The publication time the ClaimReview will carry (default: the stored one, else now). */
  datePublished?: string;
  /** The claim's authors (its media sources), as the public page names them. */
  claimAuthors?: { name: string; url?: string }[];
  /** The language of `message` (both are always in `messages`); default English. */
  language?: WorkflowLanguage;
}

export interface GateItem<K extends string = GateItemKey> {
  key: K;
  message: string;
  messages: Localised;
}

export interface GateResult {
  /** Items that block publishing (empty: the item may be published). */
  unmet: GateItem[];
  /** Items checked and met, in checklist order (switched-off items are in neither list). */
  met: GateItemKey[];
  warnings: GateItem<GateWarningKey>[];
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const textOf = (html: unknown): string =>
  str(html) ? htmlToText(str(html)).replace(/\s+/g, ' ').trim() : '';

/** The http(s) addresses an HTML fragment links or mentions, normalised, without duplicates. */
export function linksOf(html: unknown): string[] {
  const found: string[] = [];
  const source = decodeEntities(str(html));
  for (const match of source.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    try {
      const url = new URL(match[0].trim().replace(/[).,;:!?،؛]+$/u, ''));
      if (!found.includes(url.href)) found.push(url.href);
    } catch {
      // Not an address.
    }
  }
  return found;
}

const IMG_TAG = /<img\b[^>]*>/gi;
const ALT_ATTR = /\salt\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/i;

/** Images without an alternative text: the `images` field (`meta.alt`) and `<img>` in the HTML fields. */
export function imagesWithoutAlt(record: GateRecord): string[] {
  const missing: string[] = [];
  const images = Array.isArray(record.images) ? record.images : [];
  images.forEach((image, i) => {
    const meta = (image as { meta?: { alt?: unknown } | null } | null)?.meta;
    if (!str(meta?.alt).trim()) missing.push(`images.${i}`);
  });
  for (const field of ['content', 'claims', 'againstClaim', 'conclusion', 'references', 'sources'] as const) {
    for (const tag of str(record[field]).matchAll(IMG_TAG)) {
      const alt = ALT_ATTR.exec(tag[0]);
      if (!(alt?.[1] ?? alt?.[2] ?? alt?.[3] ?? '').trim()) missing.push(field);
    }
  }
  return missing;
}

/** Arabic definite-article proclitics a verdict word may carry (الزائف، والزائف، بالزائف…). */
const PROCLITICS = ['وال', 'بال', 'فال', 'كال', 'لل', 'ال'];
const tokens = (text: string) =>
  normalizeForSearch(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
const bare = (token: string) => {
  for (const p of PROCLITICS)
    if (token.startsWith(p) && token.length > p.length + 1) return token.slice(p.length);
  return token;
};

/** The verdict words (of the rating scale, any of the three languages) a text contains. */
export function verdictWordsIn(text: string, scale: readonly CriteriaCategory[]): string[] {
  const words = tokens(text);
  const found: string[] = [];
  for (const category of scale) {
    for (const name of [category.name, category.nameEn, category.nameTr]) {
      const phrase = tokens(str(name));
      if (phrase.length === 0) continue;
      const first = bare(phrase[0]!);
      for (let i = 0; i + phrase.length <= words.length; i++) {
        if (bare(words[i]!) !== first && words[i] !== phrase[0]) continue;
        if (phrase.every((p, j) => j === 0 || words[i + j] === p)) {
          found.push(str(name));
          break;
        }
      }
    }
  }
  return [...new Set(found)];
}

const toMap = (categories: GateContext['categories']): ReadonlyMap<string, CriteriaCategory> =>
  categories instanceof Map
    ? categories
    : new Map((categories as readonly CriteriaCategory[]).map((c) => [c._id, c]));

const isoOf = (value: unknown): string | undefined => {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' && value && !Number.isNaN(Date.parse(value)))
    return new Date(value).toISOString();
  return undefined;
};

/** The ClaimReview the public page would emit for the record once published (gate's check). */
export function claimReviewOf(record: GateRecord, context: GateContext) {
  const categories = toMap(context.categories);
  const language = str(record.language) || 'ar';
  const top = topCriteriaOf(str(record.category), categories);
  const ordinals = ratingOrdinals(categories);
  const values = [...ordinals.values()];
  const summary =
    str(record.claimSummary).trim() ||
    truncateText(textOf(record.claims) || str(record.title), CLAIM_SUMMARY_MAX);
  return claimReviewLd({
    url: context.url,
    claimReviewed: summary,
    datePublished: context.datePublished ?? isoOf(record.publishedAt) ?? new Date().toISOString(),
    inLanguage: language,
    rating: {
      value: top ? (ordinals.get(top._id) ?? 1) : 1,
      best: Math.max(...values, 1),
      worst: Math.min(...values, 1),
      name: top ? categoryNameIn(top, language) : '',
    },
    claimAuthors: context.claimAuthors ?? [],
    publisher: context.publisher,
  });
}

/** Evaluates the gate: every switched-on item, met or unmet, and the warnings. */
export function evaluatePublishGate(record: GateRecord, context: GateContext): GateResult {
  const language = context.language ?? 'en';
  const categories = toMap(context.categories);
  const failing = new Set<GateItemKey>();

  if (!topCriteriaOf(str(record.category), categories)) failing.add('category');
  if (claimReviewProblems(claimReviewOf(record, context)).length > 0) failing.add('claimReview');

  const summary = str(record.claimSummary).trim();
  if (
    !summary ||
    [...summary].length > CLAIM_SUMMARY_MAX ||
    verdictWordsIn(summary, criteriaScale(categories)).length > 0
  ) {
    failing.add('claimSummary');
  }

  const links = linksOf(record.sources);
  if (links.length === 0) failing.add('claimSource');
  const acknowledged = new Set(
    (Array.isArray(record.evidenceAcknowledged) ? record.evidenceAcknowledged : []).flatMap((u) =>
      linksOf(str(u)),
    ),
  );
  const snapshots = context.snapshots ?? {};
  if (links.length === 0 || links.some((url) => snapshots[url] !== 'done' && !acknowledged.has(url))) {
    failing.add('evidence');
  }

  if (!textOf(record.conclusion) && !/<img\b/i.test(str(record.conclusion))) failing.add('conclusion');
  if (imagesWithoutAlt(record).length > 0) failing.add('imageAlt');

  const unmet: GateItem[] = [];
  const met: GateItemKey[] = [];
  for (const key of GATE_ITEM_KEYS) {
    if (key !== 'claimReview' && context.gate[key] === false) continue;
    if (failing.has(key)) {
      const messages = GATE_ITEM_TEXTS[key];
      unmet.push({ key, message: messages[language], messages });
    } else {
      met.push(key);
    }
  }

  const warnings: GateItem<GateWarningKey>[] = [];
  const warn = (key: GateWarningKey) => {
    const messages = GATE_WARNING_TEXTS[key];
    warnings.push({ key, message: messages[language], messages });
  };
  const meta = (typeof record.meta === 'object' && record.meta !== null ? record.meta : {}) as {
    title?: unknown;
    description?: unknown;
  };
  if ([...str(meta.title)].length > SEO_TITLE_MAX) warn('seoTitle');
  if ([...str(meta.description)].length > SEO_DESCRIPTION_MAX) warn('seoDescription');
  const translations = Array.isArray(record.translations) ? record.translations : [];
  if (
    record.needsUpdate === true ||
    translations.some((t) => (t as { needsUpdate?: unknown })?.needsUpdate === true)
  )
    warn('translations');

  return { unmet, met, warnings };
}
