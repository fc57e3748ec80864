// `?access_token=` is honoured only where the spec needs it (file downloads, GET/HEAD under the
// files base); anywhere else a token in the URL is ignored, so it cannot end up in API logs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, request, signIn, type TestApp } from './build-test-app.ts';

let t: TestApp;
let token = '';
beforeAll(async () => {
  t = await buildTestApp();
  token = (await signIn(t, ['editor'])).access_token;
});
afterAll(() => t.close());

describe('access_token in the query string', () => {
  it('is ignored on API routes: the caller stays anonymous', async () => {
    const withHeader = await request(t.app, 'GET', '/api/feed', { token });
    expect(withHeader.status).toBe(200);
    const withQuery = await request(t.app, 'GET', `/api/feed?access_token=${token}`);
    expect(withQuery.status).toBe(401);
  });

  it('is ignored for writes even under the files base', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/storage/news-feed/x.jpg?access_token=${token}`,
    });
    expect(res.statusCode).toBe(401);
  });
});
