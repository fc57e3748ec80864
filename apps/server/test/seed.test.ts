// The demo content loads through the resource operations, is idempotent, and answers the
// issue's headline query: published fact-checks with author and category joined.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../src/modules/seed/seed.service.ts';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';

let t: TestApp;
let first: Awaited<ReturnType<typeof seedDemoContent>>;
beforeAll(async () => {
  t = await buildTestApp();
  first = await seedDemoContent({ db: t.database.db, resources: t.app.services.resources });
}, 180_000);
afterAll(() => t.close());

describe('demo content', () => {
  it('creates the documented volumes', () => {
    expect(first.created.category).toBeGreaterThanOrEqual(30);
    expect(first.created.author).toBe(12);
    expect(first.created['media-source']).toBe(15);
    expect(first.created.feed).toBe(40);
    expect(first.created.factcheck).toBeGreaterThanOrEqual(75);
    expect(first.created.article).toBe(25);
  });

  it('is idempotent', async () => {
    const again = await seedDemoContent({ db: t.database.db, resources: t.app.services.resources });
    expect(Object.values(again.created).every((n) => n === 0)).toBe(true);
    expect(again.skipped.factcheck).toBe(first.created.factcheck);
  });

  it('answers the public list with author and category joined, newest first', async () => {
    const res = await call(
      t.app,
      'GET',
      '/api/factcheck?status=published&lookup=author;category&sort_by=-publishedAt&per_page=9',
      undefined,
      'anonymous',
    );
    expect(res.status).toBe(200);
    const data = res.body.data as {
      publishedAt: string;
      author: { name: string } | null;
      category: { _id: string } | null;
    }[];
    expect(data).toHaveLength(9);
    expect(res.body.total).toBeGreaterThanOrEqual(60);
    const dates = data.map((d) => Date.parse(d.publishedAt));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(data.every((d) => typeof d.author?.name === 'string')).toBe(true);
    expect(
      data.every((d) => ['fraud', 'confounding', 'futility', 'confirmed'].includes(String(d.category?._id))),
    ).toBe(true);
  });

  it('builds the criteria tree with paths, levels and scores', async () => {
    const res = await call(
      t.app,
      'GET',
      '/api/category?path=/criteria/*&sort_by=path&per_page=50',
      undefined,
      'anonymous',
    );
    const rows = res.body.data as { _id: string; level: number; path: string; score: number | null }[];
    const top = rows
      .filter((r) => r.level === 1)
      .map((r) => r._id)
      .sort();
    expect(top).toEqual(['confirmed', 'confounding', 'fraud', 'futility']);
    expect(rows.every((r) => r.path.startsWith('/criteria/'))).toBe(true);
    expect(rows.every((r) => typeof r.score === 'number')).toBe(true);
  });

  it('links translations and investigated feed items', async () => {
    const translated = await call(
      t.app,
      'GET',
      '/api/factcheck?language={in}en,tr&translation_id={exists}true',
    );
    expect(translated.body.total).toBeGreaterThanOrEqual(5);
    const linked = await call(t.app, 'GET', '/api/feed?factcheck={exists}true&lookup=factcheck');
    expect(linked.body.total).toBe(5);
    for (const item of linked.body.data as { status: string; factcheck: { _id: string } | null }[]) {
      expect(item.status).toBe('review');
      expect(item.factcheck?._id).toMatch(/^[0-9a-f]{24}$/);
    }
    const statuses = await call(t.app, 'GET', '/api/feed/count?status=new');
    expect(statuses.body.data).toBeGreaterThan(5);
  });
});
