// Shapes of the jsonb columns as the server stores them (dates are ISO strings inside jsonb).
// Structural twins of the zod schemas in @tabayyun/schemas, which this package does not import.

/** Spec §3 File record, as stored by the files module. */
export interface FileRecord {
  _id?: string;
  fieldname?: string;
  originalname?: string;
  filename?: string;
  size?: number;
  encoding?: string;
  mimetype?: string;
  destination?: string;
  path: string;
  date?: string;
  status?: string;
  user?: string;
  meta?: Record<string, unknown>;
}

/** One row of a fact-check's evaluation table. */
export interface EvaluationRow {
  category: string;
  description?: string;
  score: number;
}

/** A feed item's status change. */
export interface UpdateLogEntry {
  date: string;
  from: string | null;
  to: string;
  by?: string | null;
}

/** The fact-check a feed item was investigated into. */
export interface FactcheckLink {
  _id: string;
  title: string;
}

/** A published fact-check a monitored feed item may restate (issue 15), with its similarity 0…1. */
export interface FeedMatch {
  _id: string;
  title: string;
  slug: string | null;
  score: number;
}

/** SEO meta (spec §3): permissive, the server stores what the schema accepted. */
export interface SeoMeta {
  title?: string;
  description?: string;
  keywords?: string | string[];
  author?: string;
  canonicalUrl?: string;
  image?: unknown;
  twitter?: Record<string, unknown>;
  og?: Record<string, unknown>;
  [key: string]: unknown;
}
