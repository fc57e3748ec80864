// Fuzzing the query language (issue 14): generated query strings through the parser and the
// compiler in process, then through the list and count routes on the real database. Every input
// is accepted or refused with a 4xx catalogue code: no crash, no 500. The benchmark-style run
// (`npm run bench -- fuzz`) pushes a million inputs through the same oracle.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../src/errors.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { buildFactcheck, create } from './factories.ts';
import { definitionOf, resourceQueryArb, runQueryInProcess } from './fuzz-inputs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // A little content, so that filters meet rows and joins.
  for (let i = 0; i < 3; i++) await create(t.app, 'factcheck', buildFactcheck({ status: 'published' }));
});
afterAll(() => t?.close());

describe('query language: faults found by fuzzing', () => {
  // `?valueOf` found Object.prototype.valueOf as the field's declaration: SQL over an undefined
  // column, and a 500 from the database.
  const inherited = ['valueOf', 'constructor', 'toString', 'hasOwnProperty', '__proto__', 'isPrototypeOf'];
  const queries = inherited.flatMap((name) => [
    name,
    `${name}=x`,
    `${name}={exists}`,
    `author.${name}=x`,
    `${name}.slug=x`,
    `sort_by=${name}`,
    `sort_by=-${name}`,
    `select=${name}`,
    `lookup=${name}`,
  ]);
  it.each(queries)('refuses ?%s with INVALID_QUERY', async (query) => {
    for (const resource of ['factcheck', 'media-source']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/${resource}?${query}`,
        headers: { 'x-test-actor': 'superAdmin' },
      });
      expect(res.statusCode, `${resource}?${query} → ${res.body}`).toBe(400);
      expect(res.json().code).toBe('INVALID_QUERY');
    }
  });
});

describe('query language under fuzzing', () => {
  it('parses and compiles every generated query or refuses it with a catalogue code (in process)', () => {
    fc.assert(
      fc.property(resourceQueryArb, ({ resource, query }) => {
        runQueryInProcess(definitionOf(resource), query);
      }),
      { numRuns: 5000 },
    );
  });

  it('answers every generated query on the list and count routes with 200 or a 4xx catalogue code', async () => {
    await fc.assert(
      fc.asyncProperty(
        resourceQueryArb,
        fc.boolean(),
        fc.boolean(),
        async ({ resource, query }, count, anonymous) => {
          const res = await t.app.inject({
            method: 'GET',
            url: `/api/${resource}${count ? '/count' : ''}?${query}`,
            headers: { 'x-test-actor': anonymous ? 'anonymous' : 'superAdmin' },
          });
          expect(res.statusCode, `${resource}?${query} → ${res.body}`).toBeLessThan(500);
          if (res.statusCode >= 400) expect(Object.keys(ERROR_CODES)).toContain(res.json().code);
        },
      ),
      { numRuns: 300 },
    );
  });
});
