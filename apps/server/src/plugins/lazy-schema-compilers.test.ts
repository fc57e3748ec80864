import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { lazySchemaCompilers, type SchemaCompilers } from './lazy-schema-compilers.ts';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A Fastify app with the lazy compilers and one route with a body, query and response schema. */
async function appWith(compilers: SchemaCompilers, extra?: (app: FastifyInstance) => void) {
  app = Fastify({ schemaController: { compilersFactory: compilers.compilersFactory } });
  app.post(
    '/things',
    {
      schema: {
        querystring: { type: 'object', properties: { limit: { type: 'integer', maximum: 10 } } },
        body: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string', minLength: 2 } },
        },
        response: {
          200: { type: 'object', properties: { name: { type: 'string' }, limit: { type: 'integer' } } },
        },
      },
    },
    async (request) => ({
      ...(request.body as object),
      limit: (request.query as { limit?: number }).limit,
      secret: 'never serialised',
    }),
  );
  extra?.(app);
  await app.ready();
  return app;
}

describe('lazy schema compilers', () => {
  it('compiles no route schema before the first request, then each once', async () => {
    const compilers = lazySchemaCompilers();
    const server = await appWith(compilers);
    // body, querystring, response 200
    expect(compilers.pending()).toBe(3);
    const ok = await server.inject({ method: 'POST', url: '/things?limit=3', payload: { name: 'ab' } });
    expect(ok.statusCode).toBe(200);
    expect(compilers.pending()).toBe(0);
  });

  it('validates, coerces and serialises as Fastify’s own compilers do', async () => {
    const server = await appWith(lazySchemaCompilers());
    const ok = await server.inject({ method: 'POST', url: '/things?limit=3', payload: { name: 'ab' } });
    // The query string's "3" is coerced to a number; the response schema drops `secret`.
    expect(ok.json()).toEqual({ name: 'ab', limit: 3 });

    const short = await server.inject({ method: 'POST', url: '/things', payload: { name: 'a' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('body/name must NOT have fewer than 2 characters');

    const missing = await server.inject({ method: 'POST', url: '/things', payload: {} });
    expect(missing.json().message).toBe("body must have required property 'name'");

    const big = await server.inject({ method: 'POST', url: '/things?limit=11', payload: { name: 'ab' } });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('querystring/limit must be <= 10');
  });

  it('compileAll compiles what waits, and reports a schema that cannot compile', async () => {
    const compilers = lazySchemaCompilers();
    await appWith(compilers, (server) =>
      server.get('/broken', { schema: { querystring: { type: 'no-such-type' } } }, async () => 'x'),
    );
    // The route's three, and /broken's query string for GET and for the HEAD route Fastify adds.
    expect(compilers.pending()).toBe(5);
    expect(() => compilers.compileAll()).toThrow(
      /^the schema of (GET|HEAD) \/broken querystring does not compile: schema is invalid/,
    );
  });

  it('refuses a headers schema with an upper-case header name when the route is added', async () => {
    await expect(
      appWith(lazySchemaCompilers(), (server) =>
        server.get(
          '/headers',
          { schema: { headers: { type: 'object', properties: { 'If-Match': { type: 'string' } } } } },
          async () => 'x',
        ),
      ),
    ).rejects.toThrow(/"If-Match" in lower case/);
  });
});
