// Saved views (issue 35 §4): a user reads their own views and those shared with one of their roles,
// nothing else (the super-admin neither); only the owner renames, re-shares or deletes. On PGlite
// and PostgreSQL (DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, request, signIn, type TestApp } from '../../../test/build-test-app.ts';

let t: TestApp;
type User = { sub: string; access_token: string };
let editorA: User;
let editorB: User;
let factChecker: User;
let superAdmin: User;
let noRoles: User;

beforeAll(async () => {
  t = await buildTestApp();
  editorA = await signIn(t, ['editor']);
  editorB = await signIn(t, ['editor']);
  factChecker = await signIn(t, ['fact-checker']);
  superAdmin = await signIn(t, ['super-admin']);
  noRoles = await signIn(t, []);
});
afterAll(async () => t?.close());

const as = (
  who: User | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
) => request(t.app, method, url, { token: who?.access_token, ...(body === undefined ? {} : { body }) });

const REVIEW_SYRIA = {
  name: 'مراجعة — سوريا',
  resource: 'factcheck',
  path: '/panel/factcheck/review',
  query: 'country=syria&sort_by=-createdAt&page=3',
};

describe('/api/view', () => {
  let privateId: string;
  let sharedId: string;

  it('saves a private view: the owner reads it, without the page', async () => {
    const res = await as(editorA, 'POST', '/api/view', REVIEW_SYRIA);
    expect(res.status).toBe(200);
    const doc = res.body.document as Record<string, unknown>;
    expect(doc).toMatchObject({
      name: 'مراجعة — سوريا',
      resource: 'factcheck',
      path: '/panel/factcheck/review',
      query: 'country=syria&sort_by=-createdAt',
      sharedWith: [],
      owner: editorA.sub,
    });
    privateId = String(res.body._id);
    const mine = await as(editorA, 'GET', '/api/view?resource=factcheck');
    expect((mine.body.data as { _id: string }[]).map((v) => v._id)).toEqual([privateId]);
  });

  it('shares a view with a role: every user of that role reads it, others do not', async () => {
    const res = await as(editorA, 'POST', '/api/view', {
      name: 'Published this week',
      resource: 'factcheck',
      path: '/panel/factcheck/published',
      query: 'publishedAt={gte}2026-11-23',
      sharedWith: ['editor', 'fact-checker'],
    });
    expect(res.status).toBe(200);
    sharedId = String(res.body._id);
    const ofB = await as(editorB, 'GET', '/api/view');
    expect((ofB.body.data as { _id: string }[]).map((v) => v._id)).toEqual([sharedId]);
    expect((await as(factChecker, 'GET', `/api/view/${sharedId}`)).status).toBe(200);
    // Another's private view is not found, for the super-admin too: a view is a person's working state.
    expect((await as(editorB, 'GET', `/api/view/${privateId}`)).status).toBe(404);
    const ofAdmin = await as(superAdmin, 'GET', '/api/view');
    expect(ofAdmin.body.data).toEqual([]);
    expect((await as(noRoles, 'GET', '/api/view')).body.data).toEqual([]);
    expect((await as(undefined, 'GET', '/api/view')).status).toBe(401);
  });

  it('only the owner renames, re-shares or deletes', async () => {
    const rename = await as(editorB, 'PATCH', `/api/view/${sharedId}`, { name: 'mine now' });
    expect(rename.status).toBe(403);
    expect(rename.body.code).toBe('FORBIDDEN');
    expect((await as(editorB, 'DELETE', `/api/view/${sharedId}`)).status).toBe(403);
    const renamed = await as(editorA, 'PATCH', `/api/view/${sharedId}`, {
      name: 'هذا الأسبوع',
      sharedWith: ['fact-checker'],
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.document).toMatchObject({ name: 'هذا الأسبوع', sharedWith: ['fact-checker'] });
    // No longer shared with editors: editor B loses it.
    expect((await as(editorB, 'GET', '/api/view')).body.data).toEqual([]);
    expect((await as(editorA, 'DELETE', `/api/view/${sharedId}`)).status).toBe(200);
    expect((await as(factChecker, 'GET', `/api/view/${sharedId}`)).status).toBe(404);
  });

  it.each([
    [{ ...REVIEW_SYRIA, name: '' }, 'name'],
    [{ ...REVIEW_SYRIA, resource: 'nothing' }, 'resource'],
    [{ ...REVIEW_SYRIA, path: 'https://evil.example/' }, 'path'],
    [{ ...REVIEW_SYRIA, sharedWith: ['no-such-role'] }, 'sharedWith'],
    [{ ...REVIEW_SYRIA, owner: 'someone-else' }, '_'],
    [{ ...REVIEW_SYRIA, query: 'a={in}' }, 'query'],
  ])('refuses a bad view with 400 VALIDATION_FAILED naming the field (%#)', async (body, field) => {
    const res = await as(editorA, 'POST', '/api/view', body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.body.details as object)).toContain(field);
  });
});
