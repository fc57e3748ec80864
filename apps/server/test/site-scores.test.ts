// A media source's score on the public site, where Arabic pages run right to left: a negative score
// must read "-3", not "3-". Left in the paragraph's direction, the minus (a neutral character
// beside a number) takes the side the right-to-left text puts it on; the score is its own
// left-to-right run (SourceScore, dir="ltr" isolates it), as the panel's number formatter does with
// its mark.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../src/modules/seed/seed.service.ts';
import { ensureWebBuild, WEB_BUILD_TIMEOUT_MS } from '../src/modules/site/web-build.ts';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';

let t: TestApp;
let source: { _id: string; slug: string };

const html = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.body;
};

beforeAll(async () => {
  ensureWebBuild();
  t = await buildTestApp({ site: true });
  await seedDemoContent({ db: t.database.db, resources: t.app.services.resources });
  const listed = await call(t.app, 'GET', '/api/media-source?per_page=1&sort_by=name&select=_id,slug');
  source = (listed.body.data as { _id: string; slug: string }[])[0]!;
  const patched = await call(t.app, 'PATCH', `/api/media-source/${source._id}`, [
    { op: 'replace', path: '/score', value: -3 },
  ]);
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
}, WEB_BUILD_TIMEOUT_MS + 120_000);
afterAll(() => t?.close());

describe('a negative media source score', () => {
  it.each([
    ['the sources page', () => '/sources'],
    ['the publisher page', () => `/publisher/${source._id}/${source.slug}`],
    ['the English publisher page', () => `/en/publisher/${source._id}/${source.slug}`],
  ])('is a left-to-right run on %s', async (_, url) => {
    const body = await html(url());
    expect(body).toContain('<strong dir="ltr">-3</strong>');
    expect(body).not.toMatch(/<strong>-3<\/strong>/);
  });
});
