// Generators and oracles of the fuzz tests (apps/server/test/fuzz-*.test.ts) and of the fuzz
// benchmark (bench/fuzz.ts): query strings, JSON-patch documents and upload file names, each
// biased towards the shapes that reach interesting code (the grammar's operators, field names
// that exist, values of the wrong type, text PostgreSQL cannot store) with random text mixed in.
// The oracle is the same everywhere: an input is accepted, or refused with a 4xx catalogue code.
import { PgDialect } from '@tabayyun/db';
import { parseQuery, QueryError } from '@tabayyun/query';
import fc from 'fast-check';
import { AppError, ERROR_CODES } from '../src/errors.ts';
import { createRegistry } from '../src/modules/content/registry.ts';
import { compileOrderBy, compileWhere, selectedFields } from '../src/modules/resources/query-compiler.ts';
import type { ResourceDefinition } from '../src/modules/resources/resource-types.ts';

export const registry = createRegistry();
export const RESOURCES = registry.all();

// ---------- query strings ----------

/** Awkward values: wrong types, limits, encodings PostgreSQL refuses, grammar characters. */
const TRICKY_VALUES = [
  '',
  'null',
  'true',
  'false',
  '0',
  '-1',
  '2147483648',
  '-2147483649',
  '99999999999999999999999',
  '1e308',
  '1e999',
  '-0',
  '.5',
  'NaN',
  'Infinity',
  '2026-11-24',
  '2026-13-45',
  '0000-01-01',
  '10000-01-01',
  '-271821-04-20',
  '8640000000000001',
  '1700000000000',
  'draft',
  'published',
  'ar',
  '\u0000',
  '%00',
  '%ED%A0%80',
  '%FF',
  '\uD800',
  '\\',
  '%',
  '_',
  "'",
  '"',
  'غزة',
  'İstanbul',
  'a'.repeat(3000),
  '{eq}',
  '{in}',
  '{btw}1',
  '{exists}maybe',
];
const GRAMMAR = ['*', '{', '}', '=', ',', ';', '!', '-', '|', '&', '.', ' ', '+', '#', '?', '%', '\n'];
const OPERATORS = [
  '{eq}',
  '{ne}',
  '{gt}',
  '{gte}',
  '{lt}',
  '{lte}',
  '{in}',
  '{nin}',
  '{all}',
  '{btw}',
  '{exists}',
];
const RESERVED = ['page', 'per_page', 'sort_by', 'select', 'lookup'];
/** Names every object inherits: a lookup by a caller's name must never find them. */
const INHERITED = ['valueOf', 'constructor', 'toString', '__proto__', 'hasOwnProperty', 'isPrototypeOf'];

const anyText = (maxLength: number) =>
  fc.oneof(
    fc.string({ maxLength }),
    fc.string({ unit: 'grapheme', maxLength }),
    fc.string({ unit: 'binary', maxLength }),
    fc.array(fc.constantFrom(...GRAMMAR, 'a', 'ا', '0'), { maxLength }).map((parts) => parts.join('')),
  );

function fieldNames(def: ResourceDefinition): string[] {
  const own = Object.keys(def.fields);
  const joined = Object.entries(def.relations).flatMap(([relation, spec]) => {
    const target = registry.get(spec.resource);
    return target ? Object.keys(target.fields).map((f) => `${relation}.${f}`) : [`${relation}.x`];
  });
  return [...own, ...joined];
}

const valueArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...TRICKY_VALUES) },
  { weight: 2, arbitrary: anyText(12) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...OPERATORS, '*', ''),
        fc.array(fc.oneof(fc.constantFrom(...TRICKY_VALUES), anyText(6)), { maxLength: 3 }),
        fc.constantFrom('', '*'),
      )
      .map(([op, parts, tail]) => `${op}${parts.join(',')}${tail}`),
  },
  { weight: 1, arbitrary: fc.double().map(String) },
  {
    weight: 1,
    arbitrary: fc
      .date({ noInvalidDate: false })
      .map((d) => (Number.isNaN(d.getTime()) ? 'x' : d.toISOString())),
  },
);

/** One `key=value` pair, percent-encoded as a client would (or not quite). */
function pairArb(def: ResourceDefinition): fc.Arbitrary<string> {
  const names = fieldNames(def);
  const key = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...names) },
    { weight: 2, arbitrary: fc.constantFrom(...RESERVED) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...INHERITED, ...Object.keys(def.relations).map((r) => `${r}.valueOf`)),
    },
    { weight: 1, arbitrary: anyText(8) },
  );
  const value = fc.oneof(
    { weight: 6, arbitrary: valueArb },
    // Alternatives: `a|b`, `a|field=b`.
    {
      weight: 2,
      arbitrary: fc
        .array(
          fc.oneof(
            valueArb,
            fc.tuple(fc.constantFrom(...names), valueArb).map(([k, v]) => `${k}=${v}`),
          ),
          {
            minLength: 2,
            maxLength: 3,
          },
        )
        .map((alts) => alts.join('|')),
    },
    // Reserved keys' own forms.
    { weight: 1, arbitrary: fc.constantFrom(...names).map((n) => n) },
    { weight: 1, arbitrary: fc.constantFrom(...names, ...INHERITED).map((n) => `-${n}`) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.constantFrom(...names, ...names.map((n) => `!${n}`)), { maxLength: 4 })
        .map((l) => l.join(',')),
    },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.constantFrom(...Object.keys(def.relations), 'translations', 'x'), { maxLength: 3 })
        .map((l) => l.join(';')),
    },
  );
  return fc
    .tuple(key, value, fc.boolean())
    .map(([k, v, encode]) => (encode ? `${encodeLoosely(k)}=${encodeLoosely(v)}` : `${k}=${v}`));
}

/** encodeURIComponent, except that lone surrogates (which it refuses) are sent raw. */
function encodeLoosely(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A whole query string for `def`: structured pairs, sometimes plain noise. */
export function queryStringArb(def: ResourceDefinition): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 8, arbitrary: fc.array(pairArb(def), { maxLength: 5 }).map((pairs) => pairs.join('&')) },
    { weight: 1, arbitrary: anyText(40) },
  );
}

/** Any resource (by name, so counterexamples print short) and a query string for it. */
export const resourceQueryArb = fc
  .constantFrom(...RESOURCES)
  .chain((def) => queryStringArb(def).map((query) => ({ resource: def.name, query })));

/** The definition of a generated resource name. */
export const definitionOf = (resource: string): ResourceDefinition => registry.get(resource)!;

const dialect = new PgDialect();

/** True when `error` is a refusal a client may see: a 4xx with a catalogue code. */
export function isCatalogueRefusal(error: unknown): boolean {
  if (error instanceof QueryError) return true;
  return (
    error instanceof AppError &&
    error.statusCode >= 400 &&
    error.statusCode < 500 &&
    error.code in ERROR_CODES
  );
}

/**
 * The parser and the compiler on one query string, as the list route runs them (where, order,
 * select), down to the SQL text and its parameters. 'ok' or 'refused'; anything else throws.
 */
export function runQueryInProcess(def: ResourceDefinition, query: string): 'ok' | 'refused' {
  try {
    const parsed = parseQuery(new URLSearchParams(query));
    const where = compileWhere(def, parsed.where, { registry, joinGuard: () => undefined });
    const order = compileOrderBy(def, parsed.sort);
    selectedFields(def, parsed.select);
    for (const part of [where, order]) {
      if (!part) continue;
      // SQL over an undefined column or a stray object fails only in the database: catch it here.
      const { sql: text, params } = dialect.sqlToQuery(part);
      if (
        // (An undefined column renders as nothing: ` = $1`, `( ilike $2`, ` asc`.)
        /(^|\(|\band |\bor |, )\s*(=|<>|<|>|is |in \(|asc\b|desc\b|ilike|between|@>|&&)|\bundefined\b|\[object /.test(
          text,
        ) ||
        params.some((p) => p === undefined || typeof p === 'function')
      ) {
        throw new Error(`compiled to broken SQL: ${text} ${JSON.stringify(params)}`);
      }
    }
    return 'ok';
  } catch (error) {
    if (isCatalogueRefusal(error)) return 'refused';
    throw error;
  }
}

// ---------- JSON patch ----------

const pointerArb = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '/title',
      '/description',
      '/status',
      '/tags',
      '/tags/0',
      '/tags/-',
      '/reads',
      '/slug',
      '/language',
      '/author',
      '/evaluation',
      '/evaluation/0',
      '/_id',
      '/_version',
      '/updateLog',
      '/meta',
      '/seo/title',
      '/claims',
    ),
  },
  {
    weight: 2,
    arbitrary: fc
      .array(
        fc.oneof(
          anyText(6),
          fc.constantFrom('0', '-', '~0', '~1', '__proto__', 'constructor', '999999999999'),
        ),
        { maxLength: 4 },
      )
      .map((parts) => `/${parts.join('/')}`),
  },
  { weight: 1, arbitrary: fc.oneof(anyText(10), fc.constant(''), fc.constant('/'), fc.constant('//')) },
);

const jsonValueArb = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      '',
      null,
      'draft',
      'published',
      'x\u0000y',
      '\uD800',
      'غزة',
      ['a'],
      [],
      {},
      0,
      -1,
      1e308,
      true,
    ),
  },
  { weight: 1, arbitrary: anyText(20) },
);

// Operations a client means: edits of text fields with awkward text (most reach the database).
const meantOperationArb = fc.record({
  op: fc.constantFrom('replace', 'add', 'replace', 'remove'),
  path: fc.constantFrom('/title', '/description', '/claims', '/name', '/bio', '/content', '/tags/-', '/tags'),
  value: fc.oneof(anyText(30), fc.constantFrom(...TRICKY_VALUES), fc.array(anyText(5), { maxLength: 3 })),
});

const operationArb = fc.oneof(
  { weight: 4, arbitrary: meantOperationArb },
  {
    weight: 8,
    arbitrary: fc.record(
      {
        op: fc.constantFrom('add', 'remove', 'replace', 'move', 'copy', 'test'),
        path: pointerArb,
        from: pointerArb,
        value: jsonValueArb,
      },
      { requiredKeys: ['op', 'path'] },
    ),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** A PATCH body: usually a list of operations, sometimes any JSON at all. */
export const patchBodyArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: fc.array(meantOperationArb, { minLength: 1, maxLength: 2 }) },
  { weight: 9, arbitrary: fc.array(operationArb, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

// ---------- upload file names ----------

/** Client file names: traversal, controls, bidi tricks, reserved punctuation, long Arabic, noise. */
export const fileNameArb: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '../../etc/passwd',
      '..\\..\\boot.ini',
      '/absolute.txt',
      '.hidden',
      '...',
      '.',
      '',
      ' ',
      'file\u0000.txt',
      'exe\u202Egpj.txt',
      '\uFEFFbom.txt',
      'con.txt',
      'a:b*c?d"e<f>g|h.txt',
      'ملف تجريبي طويل جدا '.repeat(20),
      `${'x'.repeat(300)}.txt`,
      'name.tar.gz',
      'NAME.TXT',
      'noext',
      'dots....txt',
      '%2e%2e%2f.txt',
      '\uD800.txt',
      'a\nb.txt',
      'emoji-😀.txt',
    ),
  },
  {
    weight: 5,
    arbitrary: fc
      .tuple(anyText(30), fc.constantFrom('.txt', '.TXT', '', '.', '.t x t', '.exe', '.txt\u0000', '.تكست'))
      .map(([stem, ext]) => `${stem}${ext}`),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
);
