// One compiler from the query AST (@tabayyun/query) to SQL over a resource's field declarations.
// Every filter, sort and select of every list screen and every permission selector goes through
// here, so this is the one place that decides what a caller can ask of the database.
import { type PgColumn, type SQL, sql } from '@tabayyun/db';
import type { Clause, Condition, Query } from '@tabayyun/query';
import { normalizeForSearch } from '@tabayyun/text';
import { AppError, invalidQuery } from '../../errors.ts';
import type { FieldSpec, Registry, ResourceDefinition } from './resource-types.ts';

/** Gives the extra condition (permission selectors) a joined resource must meet, if any. */
export type JoinGuard = (target: ResourceDefinition) => SQL | undefined;

interface CompileContext {
  registry: Registry;
  joinGuard: JoinGuard;
}

/**
 * A declaration by the name a caller sent: own entries only, so `valueOf` or `constructor` never
 * finds Object.prototype's members (which compiled to SQL over an undefined column: a 500).
 */
export function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** JSON fields are filterable with {exists} only; the compiler refuses other forms on them. */
function isFilterable(spec: FieldSpec): boolean {
  return spec.filterable ?? true;
}

/** ANDs the clauses; each clause ORs its conditions. Undefined when there is nothing to filter. */
export function compileWhere(
  def: ResourceDefinition,
  clauses: readonly Clause[],
  ctx: CompileContext,
): SQL | undefined {
  const parts = clauses.map((clause) => {
    const ors = clause.any.map((c) => compileCondition(def, c, ctx));
    return ors.length === 1 ? ors[0]! : sql`(${sql.join(ors, sql` or `)})`;
  });
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` and `)})`;
}

function compileCondition(def: ResourceDefinition, c: Condition, ctx: CompileContext): SQL {
  const spec = own(def.fields, c.field);
  if (spec) {
    if (!isFilterable(spec)) throw invalidQuery(c.field, `'${c.field}' cannot be filtered`);
    return compileFieldCondition(spec, c);
  }
  const dot = c.field.indexOf('.');
  const relation = dot > 0 ? own(def.relations, c.field.slice(0, dot)) : undefined;
  if (!relation) throw invalidQuery(c.field, `unknown field '${c.field}'`);
  const target = ctx.registry.get(relation.resource);
  if (!target) throw invalidQuery(c.field, `unknown relation '${c.field.slice(0, dot)}'`);
  const innerField = c.field.slice(dot + 1);
  let inner: SQL;
  try {
    inner = compileCondition(target, { ...c, field: innerField }, ctx);
  } catch (err) {
    // Name the key the caller sent (`author.password`), not the joined resource's field.
    if (err instanceof AppError && err.code === 'INVALID_QUERY') {
      throw invalidQuery(c.field, err.message.replace(/^Invalid query key '[^']*': /, ''));
    }
    throw err;
  }
  const guard = ctx.joinGuard(target);
  const id = target.fields._id!.column;
  const where = guard ? sql`${inner} and ${guard}` : inner;
  const ids = sql`select ${id} from ${target.table} where ${where}`;
  // A missing join (null id) never matches a condition on the joined record.
  return relation.many ? sql`${relation.column} && array(${ids})` : sql`${relation.column} in (${ids})`;
}

function compileFieldCondition(spec: FieldSpec, c: Condition): SQL {
  const col = spec.column;
  const isArray = spec.kind === 'text[]';
  switch (c.kind) {
    case 'compare': {
      if (c.value === 'null' && (c.op === 'eq' || c.op === 'ne')) {
        const missing = isArray ? sql`(${col} is null or cardinality(${col}) = 0)` : sql`${col} is null`;
        return c.op === 'eq' ? missing : sql`not ${missing}`;
      }
      const value = typedValue(spec, c.field, c.value);
      if (isArray) {
        if (c.op === 'eq') return sql`${col} @> array[${value}]::text[]`;
        if (c.op === 'ne') return sql`not coalesce(${col} @> array[${value}]::text[], false)`;
        throw invalidQuery(c.field, `'${c.op}' does not apply to a list field`);
      }
      if (spec.kind === 'json') throw invalidQuery(c.field, 'only {exists} applies to this field');
      switch (c.op) {
        case 'eq':
          return sql`${col} = ${value}`;
        case 'ne':
          // Like the original's $ne, a missing value is "not equal" too.
          return sql`${col} is distinct from ${value}`;
        case 'gt':
          return sql`${col} > ${value}`;
        case 'gte':
          return sql`${col} >= ${value}`;
        case 'lt':
          return sql`${col} < ${value}`;
        case 'lte':
          return sql`${col} <= ${value}`;
      }
      break;
    }
    case 'like': {
      if (spec.kind !== 'text' && spec.kind !== 'enum' && !isArray) {
        throw invalidQuery(c.field, 'wildcards apply to text fields only');
      }
      const target = spec.searchColumn ?? col;
      const normalise = spec.searchColumn !== undefined || spec.normalized === true;
      const text = normalise ? normalizeForSearch(c.value) : c.value;
      if (text === '') throw invalidQuery(c.field, 'the search text is empty');
      const escaped = text.replace(/[\\%_]/g, (m) => `\\${m}`);
      const pattern =
        c.mode === 'contains' ? `%${escaped}%` : c.mode === 'startsWith' ? `${escaped}%` : `%${escaped}`;
      if (isArray) {
        return sql`exists (select 1 from unnest(${col}) as u(v) where u.v ilike ${pattern})`;
      }
      return sql`${target} ilike ${pattern}`;
    }
    case 'list': {
      if (spec.kind === 'json') throw invalidQuery(c.field, 'only {exists} applies to this field');
      const values = c.values.map((v) => typedValue(spec, c.field, v));
      const list = sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      );
      if (isArray) {
        if (c.op === 'in') return sql`${col} && array[${list}]::text[]`;
        if (c.op === 'nin') return sql`not coalesce(${col} && array[${list}]::text[], false)`;
        return sql`${col} @> array[${list}]::text[]`;
      }
      if (c.op === 'all') throw invalidQuery(c.field, '{all} applies to list fields only');
      return c.op === 'in' ? sql`${col} in (${list})` : sql`(${col} is null or ${col} not in (${list}))`;
    }
    case 'between': {
      if (isArray || spec.kind === 'json' || spec.kind === 'boolean') {
        throw invalidQuery(c.field, '{btw} applies to numbers, dates and text');
      }
      return sql`${col} between ${typedValue(spec, c.field, c.from)} and ${typedValue(spec, c.field, c.to)}`;
    }
    case 'exists': {
      const present = existsSql(spec, col);
      return c.exists ? present : sql`not ${present}`;
    }
  }
  throw invalidQuery((c as Condition).field, 'unsupported condition');
}

function existsSql(spec: FieldSpec, col: PgColumn): SQL {
  if (spec.kind === 'text[]') return sql`coalesce(cardinality(${col}), 0) > 0`;
  if (spec.kind === 'json') {
    return sql`(${col} is not null and ${col} <> 'null'::jsonb and ${col} <> '[]'::jsonb)`;
  }
  if (spec.kind === 'text') return sql`coalesce(${col}, '') <> ''`;
  return sql`${col} is not null`;
}

const INTEGER = /^-?\d+$/;
const NUMBER = /^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;
/** Integer columns are PostgreSQL `integer` (32 bits): a larger value is an error there. */
const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
/** Dates the database stores and compares (years 1 to 9999, as the write schemas accept). */
const isStorableDate = (d: Date) => d.getUTCFullYear() >= 1 && d.getUTCFullYear() <= 9999;

/** Parses a filter value by its field's type; a malformed value is a 400 naming the key. */
function typedValue(spec: FieldSpec, key: string, raw: string): unknown {
  switch (spec.kind) {
    case 'integer':
      if (!INTEGER.test(raw)) throw invalidQuery(key, `'${raw}' is not a whole number`);
      if (Number(raw) < INT32_MIN || Number(raw) > INT32_MAX) {
        throw invalidQuery(key, `'${raw}' is outside ${INT32_MIN}…${INT32_MAX}`);
      }
      return Number(raw);
    case 'number':
      if (!NUMBER.test(raw)) throw invalidQuery(key, `'${raw}' is not a number`);
      return Number(raw);
    case 'boolean':
      if (raw !== 'true' && raw !== 'false') throw invalidQuery(key, `'${raw}' is not true or false`);
      return raw === 'true';
    case 'date': {
      const date = INTEGER.test(raw) ? new Date(Number(raw)) : new Date(raw);
      if (Number.isNaN(date.getTime()) || !/^\d|^-\d/.test(raw)) {
        throw invalidQuery(key, `'${raw}' is not a date (ISO 8601 or milliseconds)`);
      }
      if (!isStorableDate(date)) throw invalidQuery(key, `'${raw}' is outside the years 1 to 9999`);
      return date.toISOString();
    }
    case 'enum':
      if (spec.values && !spec.values.includes(raw)) {
        throw invalidQuery(key, `'${raw}' is not one of ${spec.values.join(', ')}`);
      }
      return raw;
    default:
      return spec.normalized ? normalizeForSearch(raw) : raw;
  }
}

export function compileOrderBy(def: ResourceDefinition, sort: Query['sort']): SQL {
  const { field, direction } = sort ?? def.defaultSort;
  const spec = own(def.fields, field);
  if (!spec || spec.sortable === false || spec.kind === 'json' || spec.kind === 'text[]') {
    throw invalidQuery('sort_by', `cannot sort by '${field}'`);
  }
  const id = def.fields._id!.column;
  // The id breaks ties so that pages never repeat or skip a row. Default null ordering (desc: nulls
  // first) matches the indexes, so the planner can walk them in order.
  return direction === 'desc' ? sql`${spec.column} desc, ${id} desc` : sql`${spec.column} asc, ${id} asc`;
}

/** The API fields a response carries, after `select`. `_id` is always included. */
export function selectedFields(def: ResourceDefinition, select: Query['select']): string[] {
  const visible = Object.keys(def.fields).filter((k) => def.fields[k]!.output !== false && !k.includes('.'));
  if (!select) return visible;
  for (const f of select.fields) {
    if (!visible.includes(f)) throw invalidQuery('select', `unknown field '${f}'`);
  }
  if (select.mode === 'include') return ['_id', ...select.fields.filter((f) => f !== '_id')];
  return visible.filter((f) => f === '_id' || !select.fields.includes(f));
}
