// "Is this true?" (issue 36 §1): matching a reader's text against our published fact-checks as they
// type, taking submissions into the news feed (a repeat of an open one is counted, not added), and
// answering each submitter by e-mail once, when the fact-check linked to their submission is
// published. Matching is the feed's "already checked" on the Arabic-normalised columns (ADR 004):
// the title and the claim text, by pg_trgm similarity through the trigram indexes.
import { randomBytes } from 'node:crypto';
import { type Db, type FeedMatch, feed, newId, sql, tip } from '@tabayyun/db';
import { normalizeForSearch, truncateText } from '@tabayyun/text';
import type { z } from 'zod';
import { AppError, validationFailed } from '../../errors.ts';
import { loadSharp } from '../files/load-sharp.ts';
import type { Mailer } from '../mail/mail.service.ts';
import { createMatcher } from '../monitoring/matching.ts';
import { TIP_IMAGES_MAX, type TipInput, tipInput } from './tip-input.ts';

const OUTPUT = { jpeg: 'jpg', png: 'png', webp: 'webp' } as const;

/** The image re-encoded upright with no metadata (sharp keeps none unless asked); not an image: 415. */
export async function withoutMetadata(bytes: Buffer): Promise<{ data: Buffer; ext: string }> {
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: 50_000_000 });
    const { format } = await image.metadata();
    const target = format === 'png' || format === 'webp' ? format : 'jpeg';
    const data = await image.rotate().toFormat(target).toBuffer();
    return { data, ext: OUTPUT[target] };
  } catch {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Screenshots must be images (JPEG, PNG, WebP, GIF, HEIC or AVIF)',
    );
  }
}

import { tipAnswerMail } from './tip-mail.ts';

/** Matches shown to a reader. */
export const TIP_MATCHES_MAX = 5;
/** Below this a fact-check is not offered as the answer. */
export const TIP_MATCH_THRESHOLD = 0.35;
/** An open reader submission this similar to a new one is the same question. */
export const TIP_DUPLICATE_SIMILARITY = 0.8;
/** Submitters' e-mail addresses are deleted after this many days (the consent text says so). */
export const TIP_EMAIL_RETENTION_DAYS = 90;
/** A title this similar to the text (pg_trgm `%`) makes a fact-check a candidate. */
const TITLE_SIMILARITY = 0.3;
/** The text found in a claim this well (pg_trgm `<%`, word similarity) makes a fact-check a candidate. */
const CLAIM_SIMILARITY = 0.5;
/** Shorter normalised texts are not matched. */
const QUERY_MIN = 4;
const QUERY_MAX = 500;
/**
 * A side (title or claim) whose trigram index finds more matches than this takes its NEAREST best
 * from the GiST index instead (ADR 059).
 */
const INDEXED_MAX = 100;
/** The best matches taken from each side by the GiST index (at least TIP_MATCHES_MAX). */
const NEAREST = 40;
/** Ties at the fifth place beyond NEAREST: up to this many are read whole, else the newest. */
const TIES_MAX = 500;
/**
 * Up to this many distinct trigrams (four or five words), the title side is the nearest at once:
 * its GIN condition (a third of the text's trigrams) is met by a common word or two.
 */
const SHORT_TEXT_TRIGRAMS = 32;

/** Distinct trigrams of a normalised text as pg_trgm makes them (words of letters and digits, padded). */
export function trigramCount(text: string): number {
  const set = new Set<string>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const padded = [...`  ${word} `];
    for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3).join(''));
  }
  return set.size;
}

export interface TipMatch {
  _id: string;
  title: string;
  slug: string | null;
  language: string;
  category: string | null;
  score: number;
}

export interface StoredImage {
  path: string;
  [key: string]: unknown;
}

/** Stores screenshots already stripped of their metadata (the tips module gives the files service). */
export type ImageStore = (images: { data: Buffer; ext: string }[]) => Promise<StoredImage[]>;

export interface TipsServiceDeps {
  db: Db;
  /** The site's address, for the links in answer mails. */
  publicUrl: string;
  apiBase: string;
  /** A content change for the feed's lists and counts (the content events). */
  changed?: (resource: string, id: string) => void;
  /** A new feed item, for partners' `feed.created` webhooks (not a counted repeat). */
  created?: (feedItem: string) => void;
}

export interface AnswerRoundDeps {
  mailer: Mailer;
  log: { error(obj: object, msg: string): void };
}

/** The zod issues of a parse as `details` (field → message), like the resource API's. */
export function detailsOf(error: z.ZodError): Record<string, string> {
  const details: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(',') : '');
    details[key] ??= issue.message;
  }
  return details;
}

export function parseTip(body: unknown): TipInput {
  const parsed = tipInput.safeParse(body ?? {});
  if (!parsed.success) throw validationFailed(detailsOf(parsed.error));
  if (parsed.data.email && !parsed.data.consent) {
    throw validationFailed({ consent: 'Agree to be written to, or leave the e-mail out' });
  }
  return parsed.data;
}

type Side = 'title' | 'claims';

/** Each side's index condition and the setting of its threshold. */
const SIDES = {
  title: {
    setting: 'pg_trgm.similarity_threshold',
    condition: (q: string) => sql`title_normalized % ${q}`,
  },
  claims: {
    setting: 'pg_trgm.word_similarity_threshold',
    condition: (q: string) => sql`${q} <% claims_normalized`,
  },
} as const;

type Ranked = {
  _id: string;
  title: string;
  slug: string | null;
  language: string;
  category: string | null;
  title_similarity: number;
  claim_similarity: number;
  /** The greater of the two similarities, unrounded. */
  score: number;
  /** Meets a side's condition and the threshold. */
  matches: boolean;
};

/** The candidates scored and ranked (best first, then the newest), read by their key. */
async function rank(tx: Pick<Db, 'execute'>, q: string, ids: Set<string>): Promise<Ranked[]> {
  if (ids.size === 0) return [];
  const { rows } = await tx.execute<Ranked>(sql`
    with candidate as materialized (
      select jsonb_array_elements_text(${JSON.stringify([...ids])}::jsonb) as _id
    )
    select _id, title, slug, language, category, title_similarity, claim_similarity, score,
      -- As \`%\` and \`<%\` compare: the real similarity against the double threshold.
      (title_similarity >= ${TITLE_SIMILARITY}::float8 or claim_similarity >= ${CLAIM_SIMILARITY}::float8)
        and round(score::numeric, 3) >= ${TIP_MATCH_THRESHOLD} as matches
    from (
      select f._id, f.title, f.slug, f.language, f.category, f.published_at,
        similarity(f.title_normalized, ${q})::float8 as title_similarity,
        word_similarity(${q}, f.claims_normalized)::float8 as claim_similarity,
        greatest(similarity(f.title_normalized, ${q}), word_similarity(${q}, f.claims_normalized))::float8 as score
      from candidate join factcheck f on f._id = candidate._id
      where f.status = 'published' and f.deleted_at is null
    ) c
    order by score desc, published_at desc nulls last, _id
  `);
  return rows.map((r) => ({
    ...r,
    title_similarity: Number(r.title_similarity),
    claim_similarity: Number(r.claim_similarity),
    score: Number(r.score),
  }));
}

export function createTipsService(deps: TipsServiceDeps) {
  const { db } = deps;
  let imageStore: ImageStore | undefined;

  /**
   * Published fact-checks whose title or claim the text restates, best first (ADR 059). A fact-check
   * matches when its title is similar to the text (`%`, 0.3) or the text is found in its claim
   * (`<%`, word similarity 0.5), and its score, the greater of the two, is at least
   * TIP_MATCH_THRESHOLD; the best are shown, the newest first among equals. Each side's candidates
   * are all its matches when its GIN index finds few; else (a few common words: thousands match) its
   * NEAREST best from its GiST index, and, when the fifth place ties with the last of them, every
   * fact-check of that side as good as the fifth (or the newest of them when they are many).
   */
  async function matches(text: string): Promise<TipMatch[]> {
    const q = normalizeForSearch(text).slice(0, QUERY_MAX);
    if (q.length < QUERY_MIN) return [];
    const rows = await db.transaction(async (tx) => {
      const threshold = (side: Side, value: number) =>
        tx.execute(sql`select set_config(${SIDES[side].setting}, ${String(value)}, true)`);
      await threshold('title', TITLE_SIMILARITY);
      await threshold('claims', CLAIM_SIMILARITY);
      /** The side's fact-checks meeting its index condition, or undefined when more than `max`. */
      const indexed = async (name: Side, max: number) => {
        const { rows } = await tx.execute<{ _id: string }>(sql`
          select _id from factcheck where status = 'published' and deleted_at is null and ${SIDES[name].condition(q)}
          limit ${max + 1}`);
        return rows.length > max ? undefined : rows.map((r) => r._id);
      };
      const ids = new Set<string>();
      /** The sides given by their nearest only, with those nearest. */
      const nearestOf = new Map<Side, string[]>();
      // A short text's title condition is met by a common word or two: the GIN index would hand
      // over a large part of the table to recheck, so the title side is the nearest at once.
      const short = trigramCount(q) <= SHORT_TEXT_TRIGRAMS;
      for (const name of ['claims', 'title'] as const) {
        const all = name === 'title' && short ? undefined : await indexed(name, INDEXED_MAX);
        if (all) {
          for (const id of all) ids.add(id);
          continue;
        }
        // `<> ''` is in the GiST indexes' condition (migration 0024): only these queries use them.
        const { rows } = await tx.execute<{ _id: string }>(
          name === 'title'
            ? sql`select _id from factcheck
                where status = 'published' and deleted_at is null and title_normalized <> ''
                order by title_normalized <-> ${q} limit ${NEAREST}`
            : sql`select _id from factcheck
                where status = 'published' and deleted_at is null and claims_normalized <> ''
                order by ${q} <<-> claims_normalized limit ${NEAREST}`,
        );
        for (const r of rows) ids.add(r._id);
        // Fewer than asked: the side has no more fact-checks, so these are all of them.
        if (rows.length === NEAREST)
          nearestOf.set(
            name,
            rows.map((r) => r._id),
          );
      }
      let ranked = await rank(tx, q, ids);
      // A side given by its nearest misses only fact-checks no better on it than the last of them;
      // when the fifth place is that good, the ones as good as the fifth are fetched as well.
      const fifth = ranked.filter((r) => r.matches)[TIP_MATCHES_MAX - 1]?.score;
      if (fifth !== undefined) {
        const byId = new Map(ranked.map((r) => [r._id, r]));
        let added = false;
        for (const [name, nearest] of nearestOf) {
          const value = (r: Ranked) => (name === 'title' ? r.title_similarity : r.claim_similarity);
          const last = Math.min(...nearest.map((id) => (byId.has(id) ? value(byId.get(id)!) : 1)));
          if (last < fifth) continue;
          await threshold(name, fifth);
          const equals = await indexed(name, TIES_MAX);
          await threshold(name, name === 'title' ? TITLE_SIMILARITY : CLAIM_SIMILARITY);
          const found =
            equals ??
            (
              await tx.execute<{ _id: string }>(sql`
                select _id from factcheck
                where status = 'published' and deleted_at is null and published_at is not null
                  and ${name === 'title' ? sql`similarity(title_normalized, ${q})` : sql`word_similarity(${q}, claims_normalized)`}::float8 >= ${fifth}::float8
                order by published_at desc, _id
                limit ${TIP_MATCHES_MAX}`)
            ).rows.map((r) => r._id);
          for (const id of found) {
            if (!ids.has(id)) added = true;
            ids.add(id);
          }
        }
        if (added) ranked = await rank(tx, q, ids);
      }
      return ranked.filter((r) => r.matches).slice(0, TIP_MATCHES_MAX);
    });
    return rows.map((r) => ({
      _id: r._id,
      title: r.title,
      slug: r.slug,
      language: r.language,
      category: r.category,
      score: Math.round(r.score * 1000) / 1000,
    }));
  }

  /**
   * Validates and stores a submission: a new feed item with source "reader" (and its "already checked" matches),
   * or one more ask on the open reader item that is the same question. One transaction: the tip
   * row and the item or its count, never one without the other.
   */
  async function submit(
    body: unknown,
    screenshots: Buffer[] = [],
  ): Promise<{
    _id: string;
    feedItem: string;
    askedCount: number;
    duplicate: boolean;
    matches: FeedMatch[];
  }> {
    // The same rules for the API and the site's form without JavaScript: nothing is stored on a refusal.
    const input = parseTip(body);
    if (screenshots.length > TIP_IMAGES_MAX) {
      throw validationFailed({ images: `At most ${TIP_IMAGES_MAX} images` });
    }
    const cleaned = await Promise.all(screenshots.map(withoutMetadata));
    let images: StoredImage[] = [];
    if (cleaned.length > 0) {
      if (!imageStore) throw new AppError('SERVICE_UNAVAILABLE', 'File storage is not available');
      images = await imageStore(cleaned);
    }
    const q = normalizeForSearch(input.claim).slice(0, 1000);
    const [found] = await createMatcher(db).match([input.claim]);
    const title = truncateText(input.claim.replace(/\s+/g, ' '), 300);
    const tipId = newId();
    const result = await db.transaction(async (tx) => {
      // One submission of a question at a time, so two readers asking at once count 2, not 1 + 1 item.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('reader-tips'))`);
      const { rows: same } = await tx.execute<{ _id: string; asked_count: number }>(sql`
        select _id, asked_count from feed
        where source = 'reader' and status <> 'archive'
          and similarity(title_normalized, ${q}) >= ${TIP_DUPLICATE_SIMILARITY}
        order by similarity(title_normalized, ${q}) desc, created_at
        limit 1
        for update
      `);
      let feedItem: string;
      let askedCount: number;
      const duplicate = same.length > 0;
      if (duplicate) {
        feedItem = same[0]!._id;
        const { rows } = await tx.execute<{ asked_count: number }>(sql`
          update feed set asked_count = asked_count + 1, updated_at = now(), version = version + 1
          where _id = ${feedItem} returning asked_count
        `);
        askedCount = Number(rows[0]!.asked_count);
      } else {
        feedItem = newId();
        askedCount = 1;
        const now = new Date();
        await tx.insert(feed).values({
          _id: feedItem,
          status: 'new',
          title,
          titleNormalized: q,
          featuredImage: images.slice(0, 1) as never,
          mediaSource: [],
          description: input.claim,
          body: null,
          link: input.link,
          source: 'reader',
          askedCount: 1,
          matches: found ?? [],
          updateLog: [],
          createdAt: now,
          updatedAt: now,
        });
      }
      await tx.insert(tip).values({
        _id: tipId,
        feedItem,
        claim: input.claim,
        link: input.link,
        email: input.email,
        language: input.language,
        images: images as never,
        unsubscribeToken: randomBytes(24).toString('base64url'),
      });
      return { feedItem, askedCount, duplicate };
    });
    deps.changed?.('feed', result.feedItem);
    if (!result.duplicate) deps.created?.(result.feedItem);
    return { _id: tipId, ...result, matches: found ?? [] };
  }

  /**
   * One round of answers: each submitter with an e-mail whose item's fact-check is now published
   * gets one mail. The claim is an UPDATE … RETURNING, so two instances never both take a tip; a
   * mail that fails is released for the next round. Also deletes addresses past their retention.
   */
  async function answerRound(
    round: AnswerRoundDeps,
  ): Promise<{ sent: number; failed: number; forgotten: number }> {
    const { rows } = await db.execute<{
      _id: string;
      email: string;
      language: string;
      unsubscribe_token: string;
      claim: string;
      factcheck: string;
      title: string;
      slug: string | null;
      fc_language: string;
      verdict: string | null;
    }>(sql`
      with due as (
        select t._id, f._id as factcheck from tip t
        join feed i on i._id = t.feed_item
        join factcheck f on f._id = i.factcheck_id
        where t.email is not null and t.answered_at is null
          and f.status = 'published' and f.deleted_at is null
        order by t.created_at
        limit 200
        for update of t skip locked
      )
      update tip t set answered_at = now(), answered_factcheck = due.factcheck
      from due, factcheck f
      left join category c on c._id = f.category
      where t._id = due._id and f._id = due.factcheck
      returning t._id, t.email, t.language, t.unsubscribe_token, t.claim, f._id as factcheck, f.title,
        f.slug, f.language as fc_language,
        case t.language when 'en' then coalesce(nullif(c.name_en, ''), c.name)
          when 'tr' then coalesce(nullif(c.name_tr, ''), c.name) else c.name end as verdict
    `);
    let sent = 0;
    let failed = 0;
    for (const row of rows) {
      const site = deps.publicUrl.replace(/\/+$/, '');
      const prefix = row.fc_language === 'ar' ? '' : `/${row.fc_language}`;
      const link = `${site}${prefix}/factcheck/${encodeURIComponent(row.slug || row.factcheck)}`;
      const unsubscribe = `${site}${deps.apiBase}/tip/unsubscribe?token=${row.unsubscribe_token}`;
      try {
        await round.mailer.send({
          to: row.email,
          ...tipAnswerMail(row.language, {
            claim: row.claim,
            title: row.title,
            verdict: row.verdict,
            link,
            unsubscribe,
          }),
        });
        sent++;
      } catch (err) {
        failed++;
        round.log.error(
          { err, tip: row._id },
          'the answer mail of a reader submission failed; retried next round',
        );
        await db.execute(
          sql`update tip set answered_at = null, answered_factcheck = null where _id = ${row._id}`,
        );
      }
    }
    const forgotten = await forgetOldAddresses();
    return { sent, failed, forgotten };
  }

  async function forgetOldAddresses(): Promise<number> {
    const { rows } = await db.execute<{ _id: string }>(sql`
      update tip set email = null
      where email is not null and created_at < now() - make_interval(days => ${TIP_EMAIL_RETENTION_DAYS})
      returning _id
    `);
    return rows.length;
  }

  /** The unsubscribe link: the address is deleted at once. True when the token was known. */
  async function unsubscribe(token: string): Promise<boolean> {
    if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return false;
    const { rows } = await db.execute<{ _id: string }>(sql`
      update tip set email = null where unsubscribe_token = ${token} returning _id
    `);
    return rows.length > 0;
  }

  return {
    matches,
    submit,
    answerRound,
    unsubscribe,
    /** Where screenshots go (the files module's protected folder), set when the module registers. */
    setImageStore(store: ImageStore) {
      imageStore = store;
    },
  };
}

export type TipsService = ReturnType<typeof createTipsService>;
