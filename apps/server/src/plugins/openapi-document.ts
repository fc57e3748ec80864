// The API document at {api}/docs/json is OpenAPI 3.0 (issue 36 §3), so that partners generate
// clients from it. The routes' schemas are JSON Schema (draft 7, what Fastify validates with), and
// @fastify/swagger copies them as they are; this pass turns the JSON Schema that OpenAPI 3.0 does
// not allow into its 3.0 form, in schema positions only:
// - `propertyNames` (not in 3.0) moves to the `x-propertyNames` extension: still documented,
//   ignored by validators and generators;
// - a null alternative (`anyOf: [X, { enum: [null] }]`, `type: [X, 'null']`) becomes `nullable`;
// - `const` becomes a one-value `enum`.
// And in paths: a path parameter declared on a path that does not have it (a shared `params`
// schema, e.g. `n` on …/{id}/revisions) is dropped, and Fastify's wildcard `{*}` is named `{path}`.

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const isNullSchema = (s: unknown): boolean =>
  isObject(s) && ((Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null) || s.type === 'null');

/** One schema (and the schemas inside it) in its OpenAPI 3.0 form; a new object. */
export function toOpenApi30Schema(input: unknown): unknown {
  if (!isObject(input)) return input;
  let s: Json = { ...input };
  if ('propertyNames' in s) {
    s['x-propertyNames'] = s.propertyNames;
    delete s.propertyNames;
  }
  if ('const' in s) {
    s.enum = [s.const];
    delete s.const;
  }
  if (Array.isArray(s.type)) {
    const types = (s.type as unknown[]).filter((t) => t !== 'null');
    if (types.length < s.type.length) s.nullable = true;
    if (types.length === 1) s.type = types[0];
    else {
      delete s.type;
      if (types.length > 1) s.anyOf = types.map((type) => ({ type }));
    }
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const list = s[key];
    if (!Array.isArray(list) || !list.some(isNullSchema)) continue;
    const rest = list.filter((x) => !isNullSchema(x));
    delete s[key];
    if (rest.length === 1 && isObject(rest[0])) {
      // `anyOf: [X, null]` is X, nullable (X may itself be a composition).
      const single = toOpenApi30Schema(rest[0]) as Json;
      if ('$ref' in single) s.allOf = [single];
      else s = { ...single, ...s };
    } else if (rest.length > 0) {
      s[key] = rest;
    }
    s.nullable = true;
  }
  for (const key of ['items', 'additionalProperties', 'not'] as const) {
    if (isObject(s[key])) s[key] = toOpenApi30Schema(s[key]);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(s[key])) s[key] = (s[key] as unknown[]).map(toOpenApi30Schema);
  }
  if (isObject(s.properties)) {
    s.properties = Object.fromEntries(
      Object.entries(s.properties).map(([name, v]) => [name, toOpenApi30Schema(v)]),
    );
  }
  // `nullable` needs a `type` beside it in 3.0: without one, the parts of a composition carry it.
  if (s.nullable === true && s.type === undefined) {
    delete s.nullable;
    s = markNullable(s);
  }
  return s;
}

/** `x` also accepts null, said where 3.0 allows it: beside a `type`, or on a composition's parts. */
function markNullable(x: Json): Json {
  if (x.type !== undefined) return { ...x, nullable: true };
  const next = { ...x };
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(next[key])) {
      next[key] = (next[key] as unknown[]).map((part) =>
        isObject(part) && !('$ref' in part) ? markNullable(part) : part,
      );
    }
  }
  // A schema with no type (or a $ref) accepts null as it is, or cannot say more in 3.0.
  return next;
}

function convertContent(content: unknown): unknown {
  if (!isObject(content)) return content;
  return Object.fromEntries(
    Object.entries(content).map(([type, media]) => [
      type,
      isObject(media) && 'schema' in media ? { ...media, schema: toOpenApi30Schema(media.schema) } : media,
    ]),
  );
}

function convertParameters(parameters: unknown, pathNames: Set<string>): unknown {
  if (!Array.isArray(parameters)) return parameters;
  return parameters
    .map((p) => (isObject(p) && p.in === 'path' && p.name === '*' ? { ...p, name: 'path' } : p))
    .filter((p) => !(isObject(p) && p.in === 'path' && !pathNames.has(String(p.name))))
    .map((p) => (isObject(p) && 'schema' in p ? { ...p, schema: toOpenApi30Schema(p.schema) } : p));
}

const OPERATIONS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The whole document (paths and component schemas) in its OpenAPI 3.0 form. */
export function toOpenApi30<T extends object>(document: T): T {
  const doc = document as Json;
  const paths: Json = {};
  for (const [rawPath, rawItem] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    const path = rawPath.replace('{*}', '{path}');
    const pathNames = new Set([...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!));
    if (!isObject(rawItem)) {
      paths[path] = rawItem;
      continue;
    }
    const item: Json = { ...rawItem };
    if ('parameters' in item) item.parameters = convertParameters(item.parameters, pathNames);
    for (const method of OPERATIONS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const next: Json = { ...op };
      if ('parameters' in next) next.parameters = convertParameters(next.parameters, pathNames);
      if (isObject(next.requestBody)) {
        next.requestBody = { ...next.requestBody, content: convertContent(next.requestBody.content) };
      }
      if (isObject(next.responses)) {
        next.responses = Object.fromEntries(
          Object.entries(next.responses).map(([code, r]) => [
            code,
            isObject(r) && 'content' in r ? { ...r, content: convertContent(r.content) } : r,
          ]),
        );
      }
      item[method] = next;
    }
    paths[path] = item;
  }
  const components = isObject(doc.components) ? { ...doc.components } : undefined;
  if (components && isObject(components.schemas)) {
    components.schemas = Object.fromEntries(
      Object.entries(components.schemas).map(([name, s]) => [name, toOpenApi30Schema(s)]),
    );
  }
  return { ...doc, paths, ...(components ? { components } : {}) } as T;
}
