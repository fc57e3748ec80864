// "Already checked?": compares a feed item with the published fact-checks inside PostgreSQL, on
// the Arabic-normalised search columns of ADR 004 (alef, ya, ta marbuta and diacritics already
// folded by the writer), with pg_trgm similarity (GIN-indexed) and a full-text rank as a bonus.
// No external service; the same SQL runs on PGlite and PostgreSQL 15.
import { type Db, type FeedMatch, sql } from '@tabayyun/db';
import { normalizeForSearch } from '@tabayyun/text';

/** Scores below this are not shown as "possibly already checked". */
export const MATCH_THRESHOLD = 0.45;
/** Matches stored per feed item. */
export const MATCH_LIMIT = 3;
/** Candidates scored per item (the trigram indexes' best guesses). */
const CANDIDATES_MAX = 200;

interface MatchRow extends Record<string, unknown> {
  _id: string;
  title: string;
  slug: string | null;
  score: number | string;
}

/** The best published fact-checks for `text` (a feed item's title and description), best first. */
export async function findMatches(db: Db, text: string): Promise<FeedMatch[]> {
  const q = normalizeForSearch(text).slice(0, 1000);
  if (q.length < 4) return [];
  // Trigram score: the title against the title, and the title against the best-matching stretch of
  // the claim text (word_similarity), so a restated claim matches a fact-check titled differently.
  // `%` and `<%` find candidates through the GIN trigram indexes; the best few get a full-text
  // rank bonus of at most 0.1.
  const result = await db.transaction(async (tx) => {
    // Candidates come from the title's trigram index only (a claim-text branch through `<%` cost
    // ten times more per item on PGlite; the claim text still counts in the score below): a scan computing similarity on every
    // fact-check costs far more than the planner thinks (it sees a small table, not the function).
    // The threshold of `%` is the match threshold, so no candidate is scored only to be dropped.
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql.raw(`set local pg_trgm.similarity_threshold = ${MATCH_THRESHOLD}`));
    const candidates = await tx.execute<{ _id: string }>(sql`
      select _id from factcheck where title_normalized % ${q}
      limit ${CANDIDATES_MAX}
    `);
    await tx.execute(sql`set local enable_seqscan = on`);
    const ids = candidates.rows.map((r) => r._id);
    if (ids.length === 0) return { rows: [] as MatchRow[] };
    return tx.execute<MatchRow>(sql`
      with scored as (
        select _id, title, slug,
          greatest(
            similarity(title_normalized, ${q}),
            similarity(claims_normalized, ${q}),
            word_similarity(${q}, claims_normalized)
          ) as trigram,
          title_normalized || ' ' || claims_normalized as body
        from factcheck
        where _id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
          and status = 'published' and deleted_at is null
        order by trigram desc, _id
        limit ${MATCH_LIMIT * 4}
      )
      select _id, title, slug,
        round(least(1, trigram + least(0.1, ts_rank(to_tsvector('simple', body), plainto_tsquery('simple', ${q}))))::numeric, 3) as score
      from scored
      order by score desc, _id
      limit ${MATCH_LIMIT}
    `);
  });
  return result.rows
    .map((r) => ({ _id: r._id, title: r.title, slug: r.slug, score: Number(r.score) }))
    .filter((m) => m.score >= MATCH_THRESHOLD);
}
