// Fuzzing JSON Patch (issue 14): generated patch documents through applyJsonPatch in process and
// through the PATCH route on the real database. Every document is applied or refused with a 4xx
// catalogue code: no crash, no 500, and a refused patch changes nothing.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../src/errors.ts';
import { applyJsonPatch } from '../src/modules/resources/json-patch.ts';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';
import { buildArticle, buildFactcheck, create } from './factories.ts';
import { isCatalogueRefusal, patchBodyArb } from './fuzz-inputs.ts';

let t: TestApp;
let targets: { resource: string; id: string }[];
beforeAll(async () => {
  t = await buildTestApp();
  const factcheck = await create(t.app, 'factcheck', buildFactcheck({ tags: [], claims: 'ادعاء' }));
  const article = await create(t.app, 'article', buildArticle());
  const author = await create(t.app, 'author', { name: 'كاتب التجربة' });
  targets = [
    { resource: 'factcheck', id: factcheck._id },
    { resource: 'article', id: article._id },
    { resource: 'author', id: author._id },
  ];
});
afterAll(() => t?.close());

const sampleDocument = {
  _id: '0a0000000000000000000001',
  title: 'عنوان',
  tags: ['a', 'b'],
  evaluation: [{ category: 'x', note: 'y' }],
  seo: { title: 't' },
  reads: 3,
};

describe('JSON Patch: faults found by fuzzing', () => {
  // `/__proto__/x` walked from the document into Object.prototype: one PATCH request set a
  // property on every object of the server process (prototype pollution).
  it.each([
    [{ op: 'add', path: '/__proto__/polluted', value: 'yes' }],
    [{ op: 'replace', path: '/__proto__/polluted', value: 'yes' }],
    [{ op: 'add', path: '/constructor/prototype/polluted', value: 'yes' }],
    [{ op: 'add', path: '/__proto__/__proto__', value: {} }],
    [{ op: 'copy', from: '/title', path: '/__proto__/polluted' }],
  ])('refuses %j with INVALID_PATCH and leaves Object.prototype alone', async (operation) => {
    const { resource, id } = targets[0]!;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/${resource}/${id}`,
      headers: { 'x-test-actor': 'superAdmin', 'content-type': 'application/json' },
      payload: JSON.stringify([operation]),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('INVALID_PATCH');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(Object.prototype)).toBeNull();
  });
});

describe('JSON Patch under fuzzing', () => {
  it('applies every generated document or refuses it with INVALID_PATCH, never touching the input (in process)', () => {
    fc.assert(
      fc.property(patchBodyArb, (body) => {
        const before = structuredClone(sampleDocument);
        try {
          applyJsonPatch(before, body);
        } catch (error) {
          if (!isCatalogueRefusal(error)) throw error;
        }
        expect(before).toEqual(sampleDocument);
      }),
      { numRuns: 20_000 },
    );
  });

  it('answers every generated PATCH with 200 or a 4xx catalogue code; a refusal stores nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(0, 1, 2), patchBodyArb, async (which, body) => {
        const { resource, id } = targets[which]!;
        const before = await call(t.app, 'GET', `/api/${resource}/${id}`);
        const res = await t.app.inject({
          method: 'PATCH',
          url: `/api/${resource}/${id}`,
          headers: { 'x-test-actor': 'superAdmin', 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect(res.statusCode, `${resource} ${JSON.stringify(body)} → ${res.body}`).toBeLessThan(500);
        if (res.statusCode >= 400) {
          expect(Object.keys(ERROR_CODES)).toContain(res.json().code);
          const after = await call(t.app, 'GET', `/api/${resource}/${id}`);
          expect(after.body).toEqual(before.body);
        }
      }),
      { numRuns: 300 },
    );
  });
});
