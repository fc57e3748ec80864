// The data behind each fact-check's ClaimReview (issue 6, item 7): a claim summary of at most 75
// characters on fact-checks and a rating ordinal (1 = worst … 5 = best) on criteria categories,
// both round-tripping through the API and present in the demo content.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../src/modules/seed/seed.service.ts';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';
import { buildFactcheck, ensureCriteria } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoContent({ db: t.database.db, resources: t.app.services.resources });
}, 180_000);
afterAll(() => t?.close());

describe('claimSummary on fact-checks', () => {
  it('round-trips through POST, GET and PATCH, and reads anonymously once published', async () => {
    const summary = 'سد الفرات على وشك الانهيار';
    // Complete, so it passes the publish gate (ADR 039).
    await ensureCriteria(t.app);
    const created = await call(
      t.app,
      'POST',
      '/api/factcheck',
      buildFactcheck({
        title: 'claim summary round trip',
        description: 'd',
        claimSummary: summary,
        status: 'published',
      }),
    );
    expect(created.status).toBe(200);
    const id = created.body._id as string;
    expect((created.body.document as { claimSummary: string }).claimSummary).toBe(summary);
    const read = await call(t.app, 'GET', `/api/factcheck/${id}?select=claimSummary`, undefined, 'anonymous');
    expect((read.body.data as { claimSummary: string }[])[0]!.claimSummary).toBe(summary);
    const patched = await call(t.app, 'PATCH', `/api/factcheck/${id}`, [
      { op: 'replace', path: '/claimSummary', value: 'x'.repeat(75) },
    ]);
    expect(patched.status).toBe(200);
    expect((patched.body.document as { claimSummary: string }).claimSummary).toHaveLength(75);
  });

  it('refuses more than 75 characters', async () => {
    const res = await call(t.app, 'POST', '/api/factcheck', {
      title: 'too long',
      description: 'd',
      claimSummary: 'x'.repeat(76),
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.details).toHaveProperty('claimSummary');
  });

  it('is filled on a dozen published demo fact-checks, each within 75 characters', async () => {
    const res = await call(
      t.app,
      'GET',
      '/api/factcheck?claimSummary={exists}&select=claimSummary&per_page=50',
      undefined,
      'anonymous',
    );
    const summaries = (res.body.data as { claimSummary: string | null }[])
      .map((d) => d.claimSummary)
      .filter(Boolean);
    expect(summaries.length).toBeGreaterThanOrEqual(12);
    for (const s of summaries) expect(s!.length).toBeLessThanOrEqual(75);
  });
});

describe('ratingOrdinal on criteria categories', () => {
  it('orders the demo ratings from false (1) to true (5), sub-ratings like their parent', async () => {
    const res = await call(
      t.app,
      'GET',
      '/api/category?path=/criteria/*&select=_id,parent,ratingOrdinal&per_page=50',
      undefined,
      'anonymous',
    );
    const byId = new Map(
      (res.body.data as { _id: string; parent: string; ratingOrdinal: number }[]).map((c) => [c._id, c]),
    );
    expect(byId.get('fraud')?.ratingOrdinal).toBe(1);
    expect(byId.get('futility')?.ratingOrdinal).toBe(2);
    expect(byId.get('confounding')?.ratingOrdinal).toBe(3);
    expect(byId.get('confirmed')?.ratingOrdinal).toBe(5);
    for (const c of byId.values()) {
      expect(c.ratingOrdinal).toBeGreaterThanOrEqual(1);
      expect(c.ratingOrdinal).toBeLessThanOrEqual(5);
    }
    expect(byId.get('fabricated-content')?.ratingOrdinal).toBe(1);
  });

  it('round-trips through PATCH and refuses a value outside 1…5', async () => {
    const ok = await call(t.app, 'PATCH', '/api/category/partly-false', [
      { op: 'replace', path: '/ratingOrdinal', value: 4 },
    ]);
    expect(ok.status).toBe(200);
    const read = await call(t.app, 'GET', '/api/category/partly-false', undefined, 'anonymous');
    expect((read.body.data as { ratingOrdinal: number }[])[0]!.ratingOrdinal).toBe(4);
    const bad = await call(t.app, 'PATCH', '/api/category/partly-false', [
      { op: 'replace', path: '/ratingOrdinal', value: 6 },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });
});
