// "Already checked?": compares a feed item with the published fact-checks inside PostgreSQL, on
// the Arabic-normalised search columns of ADR 004 (alef, ya, ta marbuta and diacritics already
// folded by the writer), with pg_trgm similarity (GIN-indexed) and a full-text rank as a bonus.
// No external service; the same SQL runs on PGlite and PostgreSQL 15.
import { type DbExecutor, type FeedMatch, sql } from '@tabayyun/db';
import { normalizeForSearch } from '@tabayyun/text';

/** Scores below this are not shown as "possibly already checked". */
export const MATCH_THRESHOLD = 0.45;
/** Matches stored per feed item. */
export const MATCH_LIMIT = 3;

interface MatchRow extends Record<string, unknown> {
  _id: string;
  title: string;
  slug: string | null;
  score: number | string;
}

/** The best published fact-checks for `text` (a feed item's title and description), best first. */
export async function findMatches(db: DbExecutor, text: string): Promise<FeedMatch[]> {
  const q = normalizeForSearch(text).slice(0, 1000);
  if (q.length < 4) return [];
  // Trigram score: the title against the title, and the title against the best-matching stretch of
  // the claim text (word_similarity), so a restated claim matches a fact-check titled differently.
  // `%` and `<%` use the GIN trigram indexes to find candidates; the rank adds at most 0.1.
  const result = await db.execute<MatchRow>(sql`
    with candidates as (
      select f._id, f.title, f.slug,
        greatest(
          similarity(f.title_normalized, ${q}),
          similarity(f.claims_normalized, ${q}),
          word_similarity(${q}, f.claims_normalized)
        ) as trigram,
        ts_rank(
          to_tsvector('simple', f.title_normalized || ' ' || f.claims_normalized),
          plainto_tsquery('simple', ${q})
        ) as rank
      from factcheck f
      where f.status = 'published'
        and f.deleted_at is null
        and (f.title_normalized % ${q} or f.claims_normalized % ${q} or ${q} <% f.claims_normalized)
    )
    select _id, title, slug, round(least(1, trigram + least(0.1, rank))::numeric, 3) as score
    from candidates
    order by score desc, _id
    limit ${MATCH_LIMIT}
  `);
  return result.rows
    .map((r) => ({ _id: r._id, title: r.title, slug: r.slug, score: Number(r.score) }))
    .filter((m) => m.score >= MATCH_THRESHOLD);
}
