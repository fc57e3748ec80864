// Per-resource declarations: which fields exist on the API, how each maps to SQL, and what a
// caller may filter, sort, select and join. The query compiler accepts nothing undeclared.
import type { Database, Db, PgColumn, PgTable, SQL } from '@tabayyun/db';
import type { Actor } from '@tabayyun/permissions';
import type { z } from 'zod';

export type FieldKind = 'text' | 'enum' | 'number' | 'integer' | 'boolean' | 'date' | 'text[]' | 'json';

export interface FieldSpec {
  column: PgColumn;
  kind: FieldKind;
  /** Allowed values of an enum field; other values are a malformed query. */
  values?: readonly string[];
  /** Default: true (json fields accept {exists} only). */
  filterable?: boolean;
  sortable?: boolean;
  /** false: an internal column (search text, derived arrays) never sent to clients. */
  output?: boolean;
  /** Wildcard filters on this field run on that normalised column, with the value normalised. */
  searchColumn?: PgColumn;
  /** The column itself holds normalised text: wildcard and equality values are normalised too. */
  normalized?: boolean;
  /** An expression computed by SQL at read time (`column` holds it): never written. */
  computed?: boolean;
}

export interface RelationSpec {
  /** The joined resource. */
  resource: string;
  /** The local column holding the id (text) or ids (text[]). */
  column: PgColumn;
  many: boolean;
}

export interface WriteContext {
  db: Db;
  actor: Actor;
  now: Date;
  /** The stored document when replacing or patching; undefined on create. */
  existing: ApiDocument | undefined;
  /** Seeding and imports may keep their own createdAt/publishedAt; never reachable over HTTP. */
  preserveTimestamps: boolean;
}

export type ApiDocument = Record<string, unknown> & { _id: string };

export interface ResourceDefinition {
  name: string;
  table: PgTable;
  fields: Record<string, FieldSpec>;
  relations: Record<string, RelationSpec>;
  /** The zod schema of a full document a client may write (create and replace). */
  input: z.ZodType<Record<string, unknown>>;
  /** Fields the server owns: stripped from client input before validation. */
  readOnly: readonly string[];
  /** Users choose ids (categories); otherwise the server generates them. */
  userIds: boolean;
  defaultSort: { field: string; direction: 'asc' | 'desc' };
  /** Computes derived columns from the validated input; may throw AppError. */
  derive?(input: Record<string, unknown>, ctx: WriteContext): Promise<Record<string, unknown>>;
  /** Runs inside the write transaction after the row is stored (e.g. category path cascade). */
  afterWrite?(doc: ApiDocument, ctx: WriteContext): Promise<void>;
  /** Refuses deletes that would break references; runs inside the delete transaction. */
  beforeDelete?(doc: ApiDocument, ctx: WriteContext): Promise<void>;
  /** Rich-text fields sanitised on every write. */
  htmlFields?: readonly string[];
  /** Every save stores a revision (the whole document) in its transaction (ADR 013). */
  revisions?: boolean;
  /** A change of these fields stamps `sourceChangedAt`: the translations follow them (ADR 014). */
  translationSource?: readonly string[];
  /**
   * The editorial workflow (issue 33, ADR 039): status changes follow the state machine, nothing
   * ever published is deleted; `gate` and `fourEyes` also check each publish.
   */
  workflow?: { gate: boolean; fourEyes: boolean };
}

export interface Registry {
  get(name: string): ResourceDefinition | undefined;
  all(): ResourceDefinition[];
}

export type { Database, SQL };
