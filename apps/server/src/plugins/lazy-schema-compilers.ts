// Route schemas compile when a route is first used, not while the server starts (issue 13, ADR 030).
// Fastify compiles every route's validators (Ajv) and response serializers (fast-json-stringify)
// in `ready`, before it listens: ~150 ms of a restart's CPU for the API's routes, most of which a
// given process serves rarely or never. These factories hand Fastify its own compilers, wrapped so
// that each schema compiles on its route's first request (about a millisecond, once).
// Ajv and fast-json-stringify themselves load with the first schema too (Ajv alone ~30 ms).
//
// `compileAll()` compiles what is still waiting; a test calls it, so a schema Ajv or
// fast-json-stringify cannot compile fails the suite rather than a reader's first request.
import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
type ValidatorFn = ((data: unknown, context?: unknown) => unknown) & {
  errors?: unknown;
  schemaEnv?: unknown;
};
type Serializer = (data: unknown) => string;
/** What Fastify passes a compiler for one schema of one route. */
interface RouteSchema {
  schema?: unknown;
  method: string;
  url: string;
  httpPart?: string;
  httpStatus?: string;
}
type Factory<F> = (externalSchemas: unknown, options: unknown) => (route: RouteSchema) => F;

export interface SchemaCompilers {
  compilersFactory: CompilersFactory;
  /** Compiles every schema not compiled yet (a test's check that all of them compile). */
  compileAll(): void;
  /** How many schemas wait for their route's first request. */
  pending(): number;
}

/**
 * Fastify lower-cases the property names of a headers schema only when it uses its default
 * compiler. Every schema here is written in lower case, and this keeps it so.
 */
function assertLowerCaseHeaders(schema: unknown, url: string): void {
  const properties = (schema as { properties?: Record<string, unknown> } | null)?.properties;
  for (const name of Object.keys(properties ?? {})) {
    if (name !== name.toLowerCase()) {
      throw new Error(`headers schema of ${url}: write the header name "${name}" in lower case`);
    }
  }
}

const require = createRequire(import.meta.url);

function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

export function lazySchemaCompilers(): SchemaCompilers {
  const waiting = new Set<() => void>();
  const ajv = once(() => (require('@fastify/ajv-compiler') as () => Factory<ValidatorFn>)());
  const fastJsonStringify = once(() =>
    (
      require('@fastify/fast-json-stringify-compiler') as { SerializerSelector: () => Factory<Serializer> }
    ).SerializerSelector(),
  );

  /** `compile` runs on the first call of the returned function, or in compileAll. */
  function deferred<F>(what: string, compile: () => F): () => F {
    let compiled: F | undefined;
    const force = (): F => {
      if (compiled === undefined) {
        try {
          compiled = compile();
        } catch (err) {
          throw new Error(`the schema of ${what} does not compile: ${(err as Error).message}`, {
            cause: err,
          });
        }
        waiting.delete(force);
      }
      return compiled;
    };
    waiting.add(force);
    return force;
  }

  return {
    compilersFactory: {
      buildValidator: ((externalSchemas, options) => {
        // A new Ajv instance with the shared schemas: ~10 ms each, so it waits for its first schema too.
        const compiler = once(() => ajv()(externalSchemas, options));
        return (route) => {
          if (route.httpPart === 'headers') assertLowerCaseHeaders(route.schema, route.url);
          const compiled = deferred(`${route.method} ${route.url} ${route.httpPart}`, () =>
            compiler()(route),
          );
          // Fastify passes Ajv's parent context (so that coercion can replace a whole request part)
          // only to a function with `schemaEnv`, and reads `errors` after a failed call.
          const validate: ValidatorFn = (data, context) => {
            const fn = compiled();
            return fn.schemaEnv ? fn(data, context) : fn(data);
          };
          validate.schemaEnv = true;
          Object.defineProperty(validate, 'errors', { get: () => compiled().errors });
          return validate;
        };
      }) satisfies Factory<ValidatorFn> as CompilersFactory['buildValidator'],
      buildSerializer: ((externalSchemas, options) => {
        const compiler = once(() => fastJsonStringify()(externalSchemas, options));
        return (route) => {
          const what = `${route.method} ${route.url} response ${route.httpStatus}`;
          const compiled = deferred(what, () => compiler()(route));
          return (data: unknown) => compiled()(data);
        };
      }) satisfies Factory<Serializer> as CompilersFactory['buildSerializer'],
    },
    compileAll() {
      for (const compile of [...waiting]) compile();
    },
    pending: () => waiting.size,
  };
}
