// Statements kept, prepared, for the next read with the same input (ADR 035). Building a statement
// (compiling the filters, drizzle's query builder, then its SQL text) was the largest part of a
// cold public page's database work on the server's own thread: 10 % of a cold home page's main
// thread and 14 % of what a cold fact-check page allocated. The public site asks the same
// questions again and again (each refresh of a cached page renders the same page), so a statement
// is built once per distinct input and executed again with the values it was built with.
//
// What is kept is the statement, never its rows: every execution reads the database as it is.
// The key is everything the statement is made of: the resource, the actor's access selectors (the
// rows it may read) and the whole query. A filter on a joined record (`author.name=…`) also depends
// on the actor's access to that record's resource; such a read is not kept.
import type { Clause, Query } from '@tabayyun/query';
import type { Access } from '../../plugins/access.ts';
import type { ResourceDefinition } from './resource-types.ts';

/** A statement with its SQL text and values fixed, executed as drizzle executes a query. */
export interface PreparedStatement {
  execute(): Promise<unknown>;
}

/** The statements of one `list`: its page, and its total (with the count cache's key for it). */
export interface PreparedPage {
  page: PreparedStatement;
  count: PreparedStatement;
  countKey: string | undefined;
}

/** The statements of one `listMany`: one `UNION ALL` of its lists, or one statement per list. */
export interface PreparedLists {
  union: boolean;
  prepared: PreparedStatement[];
}

/**
 * A query builder prepared without a name: drizzle's own `execute()` prepares it the same way. A
 * name would make a server-side prepared statement on each PostgreSQL connection that ran it, kept
 * until the connection closes, whether or not this process still keeps the statement.
 */
export function unnamed(statement: { prepare(name: string): PreparedStatement }): PreparedStatement {
  return statement.prepare(undefined as unknown as string);
}

const joinsARecord = (clauses: readonly Clause[]) =>
  clauses.some((clause) => clause.any.some((condition) => condition.field.includes('.')));

/**
 * What a statement of `def` for these queries is made of, as one string; undefined when a filter
 * reaches a joined record (its access is the actor's, see above).
 */
export function statementKey(
  def: ResourceDefinition,
  access: Access,
  queries: readonly Query[],
): string | undefined {
  if (joinsARecord(access.where) || queries.some((query) => joinsARecord(query.where))) return undefined;
  return JSON.stringify([def.name, access.where, queries]);
}

/** The last `capacity` statements used, by key. */
export class PreparedStatements<T> {
  readonly #entries = new Map<string, T>();
  #hits = 0;
  #misses = 0;

  readonly capacity: number;

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  #get(key: string): T | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) {
      this.#misses++;
      return undefined;
    }
    this.#hits++;
    // Most recently used last: the first entry is the one to drop.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  /** The entry kept under `key`, else a new one from `build`, kept unless `key` is undefined. */
  keep(key: string | undefined, build: () => T): T {
    let entry = key === undefined ? undefined : this.#get(key);
    if (entry === undefined) {
      entry = build();
      if (key !== undefined) this.#set(key, entry);
    }
    return entry;
  }

  #set(key: string, entry: T): void {
    this.#entries.set(key, entry);
    if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value!);
  }

  stats(): { size: number; hits: number; misses: number } {
    return { size: this.#entries.size, hits: this.#hits, misses: this.#misses };
  }
}
