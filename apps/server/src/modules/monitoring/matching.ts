// "Already checked?": compares feed items with the published fact-checks on the Arabic-normalised
// search columns of ADR 004 (alef, ya, ta marbuta and diacritics already folded by the writer):
// pg_trgm similarity and word similarity, plus a full-text rank as a bonus, computed by
// PostgreSQL (no external service; the same SQL on PGlite and PostgreSQL 15).
//
// A matcher serves one run and takes the items of a feed together (ADR 023). Which fact-checks are
// candidates is pg_trgm's `title_normalized % item` or `left(claims_normalized, CLAIM_LEAD) % item`
// (the title's or the claim's opening similarity at or above the threshold),
// decided here on the trigram sets PostgreSQL itself makes (`show_trgm`): the published titles' and claims'
// sets are read once per run, each batch's item sets in one statement. Asking the GIN index per
// item cost 10 ms an item on PGlite, most of a run. The candidates are then scored in one
// statement per batch.
import { type Db, type FeedMatch, sql } from '@tabayyun/db';
import { normalizeForSearch } from '@tabayyun/text';

/** Scores below this are not shown as "possibly already checked". */
export const MATCH_THRESHOLD = 0.45;
/** Matches stored per feed item. */
export const MATCH_LIMIT = 3;
/** Candidates scored per item (the titles most similar to it). */
const CANDIDATES_MAX = 200;
/** Shorter normalised texts are not compared. */
const TEXT_MIN = 4;
/** The part of an item's normalised text that is compared. */
const TEXT_MAX = 1000;
/**
 * The opening of a fact-check's claim text that also makes it a candidate (issue 36 §1): a
 * fact-check titled as a headline ("No, the crossing did not close") is found by an item that
 * restates its claim. The claim text opens with the claim; its whole length is scored below.
 */
export const CLAIM_LEAD = 200;

interface MatchRow extends Record<string, unknown> {
  i: number;
  _id: string;
  title: string;
  slug: string | null;
  score: number | string;
}

/**
 * The published fact-checks' trigram sets, two per fact-check (the title and the claim's opening):
 * an inverted index from trigram to sets.
 */
interface PublishedTitles {
  /** The fact-check of each set. */
  ids: string[];
  /** Number of distinct trigrams of each set. */
  sizes: number[];
  byTrigram: Map<string, number[]>;
}

/**
 * pg_trgm's similarity (`similarity()`, the `%` operator): shared trigrams over the union of both
 * sets, computed in single precision as PostgreSQL does, so the comparison with the threshold
 * agrees with the operator's at the boundary too.
 */
function trigramSimilarity(shared: number, sizeA: number, sizeB: number): number {
  return Math.fround(shared / (sizeA + sizeB - shared));
}

export interface Matcher {
  /**
   * The best published fact-checks for each text (a feed item's title and description), best
   * first, at most MATCH_LIMIT at or above MATCH_THRESHOLD; in the order of `texts`.
   */
  match(texts: string[]): Promise<FeedMatch[][]>;
}

/**
 * A matcher for one run. Fact-checks published after its first batch are not offered in the same
 * run; one unpublished or deleted meanwhile never is (the scoring reads their current state).
 */
export function createMatcher(db: Db): Matcher {
  let published: Promise<PublishedTitles> | undefined;

  async function loadPublished(): Promise<PublishedTitles> {
    const { rows } = await db.execute<{
      _id: string;
      trigrams: string[] | null;
      claim_trigrams: string[] | null;
    }>(sql`
      select _id, show_trgm(coalesce(title_normalized, '')) as trigrams,
        show_trgm(left(coalesce(claims_normalized, ''), ${CLAIM_LEAD})) as claim_trigrams
      from factcheck
      where status = 'published' and deleted_at is null
    `);
    const titles: PublishedTitles = { ids: [], sizes: [], byTrigram: new Map() };
    for (const row of rows) {
      for (const trigrams of [row.trigrams ?? [], row.claim_trigrams ?? []]) {
        if (trigrams.length === 0) continue;
        const k = titles.ids.push(row._id) - 1;
        titles.sizes.push(trigrams.length);
        for (const trigram of trigrams) {
          const list = titles.byTrigram.get(trigram);
          if (list) list.push(k);
          else titles.byTrigram.set(trigram, [k]);
        }
      }
    }
    return titles;
  }

  /** The fact-checks with `title % text` or `claim opening % text`, most similar first. */
  function candidatesOf(titles: PublishedTitles, trigrams: string[], shared: Int32Array): string[] {
    const touched: number[] = [];
    for (const trigram of trigrams) {
      for (const k of titles.byTrigram.get(trigram) ?? []) {
        if (shared[k] === 0) touched.push(k);
        shared[k] = shared[k]! + 1;
      }
    }
    const found: { k: number; similarity: number }[] = [];
    for (const k of touched) {
      const similarity = trigramSimilarity(shared[k]!, titles.sizes[k]!, trigrams.length);
      if (similarity >= MATCH_THRESHOLD) found.push({ k, similarity });
      shared[k] = 0;
    }
    found.sort((a, b) => b.similarity - a.similarity || a.k - b.k);
    const ids = new Set<string>();
    for (const c of found) {
      ids.add(titles.ids[c.k]!);
      if (ids.size === CANDIDATES_MAX) break;
    }
    return [...ids];
  }

  return {
    async match(texts) {
      const out: FeedMatch[][] = texts.map(() => []);
      const queries = texts.map((text) => normalizeForSearch(text).slice(0, TEXT_MAX));
      const asked = queries.flatMap((q, i) => (q.length >= TEXT_MIN ? [i] : []));
      if (asked.length === 0) return out;
      published ??= loadPublished().catch((err: unknown) => {
        published = undefined;
        throw err;
      });
      const titles = await published;
      if (titles.ids.length === 0) return out;

      // Each text's trigram set, made by PostgreSQL (`show_trgm`, as `%` and `similarity` see it).
      const { rows: sets } = await db.execute<{ i: number; trigrams: string[] | null }>(sql`
        select (q.n - 1)::int as i, show_trgm(q.q) as trigrams
        from jsonb_array_elements_text(${JSON.stringify(asked.map((i) => queries[i]))}::jsonb)
          with ordinality as q(q, n)
      `);
      const shared = new Int32Array(titles.ids.length);
      const pairs: [number, string][] = [];
      for (const set of sets) {
        const i = asked[set.i]!;
        for (const id of candidatesOf(titles, set.trigrams ?? [], shared)) pairs.push([i, id]);
      }
      if (pairs.length === 0) return out;

      // Score: the title against the title, and the text against the best-matching stretch of the
      // claim text (word_similarity), so a restated claim matches a fact-check titled differently;
      // the best few of each text get a full-text rank bonus of at most 0.1.
      const { rows } = await db.execute<MatchRow>(sql`
        with item as (
          select (t.n - 1)::int as i, t.q
          from jsonb_array_elements_text(${JSON.stringify(queries)}::jsonb) with ordinality as t(q, n)
        ),
        pair as (
          select (p->>0)::int as i, p->>1 as id from jsonb_array_elements(${JSON.stringify(pairs)}::jsonb) as p
        ),
        scored as (
          select item.i, item.q, f._id, f.title, f.slug,
            greatest(
              similarity(f.title_normalized, item.q),
              similarity(f.claims_normalized, item.q),
              word_similarity(item.q, f.claims_normalized)
            ) as trigram,
            f.title_normalized || ' ' || f.claims_normalized as body
          from pair
          join item on item.i = pair.i
          join factcheck f on f._id = pair.id
          where f.status = 'published' and f.deleted_at is null
        ),
        best as (
          select *, row_number() over (partition by i order by trigram desc, _id) as place from scored
        ),
        ranked as (
          select i, _id, title, slug,
            round(least(1, trigram + least(0.1, ts_rank(to_tsvector('simple', body), plainto_tsquery('simple', q))))::numeric, 3) as score
          from best
          where place <= ${MATCH_LIMIT * 4}
        )
        select i, _id, title, slug, score
        from (select *, row_number() over (partition by i order by score desc, _id) as place from ranked) r
        where place <= ${MATCH_LIMIT}
        order by i, place
      `);
      for (const r of rows) {
        const score = Number(r.score);
        if (score >= MATCH_THRESHOLD) out[r.i]!.push({ _id: r._id, title: r.title, slug: r.slug, score });
      }
      return out;
    },
  };
}
