// Desk metrics (issue 35 §5) against hand-computed fixtures: published per day, median and 90th
// percentile durations (percentile_cont: linear between the two nearest), verdicts, authors,
// corrections per month, the feed backlog by age, and the previous period of equal length. On
// PGlite and PostgreSQL (DATABASE_URL).
import { author, correction, factcheck, feed } from '@tabayyun/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, request, signIn, type TestApp } from '../../../test/build-test-app.ts';
import { createCriteria } from '../../../test/factories.ts';
import type { Metrics } from './metrics.service.ts';

let t: TestApp;
let editor: { access_token: string };
let factChecker: { access_token: string };
let reader: { access_token: string };

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await buildTestApp();
  await createCriteria(t.app);
  editor = await signIn(t, ['editor']);
  factChecker = await signIn(t, ['fact-checker']);
  reader = await signIn(t, []);
  const db = t.database.db;
  await db.insert(author).values([
    { _id: 'a1', name: 'ليلى', slug: 'a1' },
    { _id: 'a2', name: 'Omar', slug: 'a2' },
  ] as (typeof author.$inferInsert)[]);
  await db.insert(feed).values([
    { _id: 'feed1', title: 'خبر 1', status: 'review', createdAt: at('2026-10-01T08:00:00Z') },
    { _id: 'feed2', title: 'خبر 2', status: 'review', createdAt: at('2026-10-02T06:00:00Z') },
    { _id: 'feed3', title: 'خبر 3', status: 'review', createdAt: at('2026-10-07T21:00:00Z') },
  ]);
  const fc = (
    id: string,
    created: string,
    published: string | null,
    extra: Partial<typeof factcheck.$inferInsert> = {},
  ): typeof factcheck.$inferInsert => ({
    _id: id,
    title: `تحقق ${id}`,
    description: 'وصف',
    status: published ? 'published' : 'draft',
    createdAt: at(created),
    publishedAt: published ? at(published) : null,
    slug: id,
    ...extra,
  });
  await db.insert(factcheck).values([
    // The current period, [2026-10-01, 2026-10-08):
    fc('f1', '2026-10-01T00:00:00Z', '2026-10-01T10:00:00Z', {
      category: 'fabricated',
      author: 'a1',
      newsFeed: 'feed1',
    }),
    fc('f2', '2026-09-30T12:00:00Z', '2026-10-02T12:00:00Z', {
      category: 'fabricated',
      author: 'a1',
      newsFeed: 'feed2',
    }),
    fc('f3', '2026-10-03T00:00:00Z', '2026-10-03T01:00:00Z', { category: 'confirmed', author: 'a2' }),
    fc('f4', '2026-10-05T00:00:00Z', '2026-10-07T22:00:00Z', { newsFeed: 'feed3' }),
    fc('f5', '2026-10-02T00:00:00Z', null),
    // The end is not in the range: it opens the next one.
    fc('f6', '2026-10-07T00:00:00Z', '2026-10-08T00:00:00Z', { category: 'confirmed' }),
    // The previous period, [2026-09-24, 2026-10-01):
    fc('f7', '2026-09-25T00:00:00Z', '2026-09-25T12:00:00Z', { category: 'confirmed', author: 'a2' }),
  ]);
  const corr = (id: string, created: string): typeof correction.$inferInsert => ({
    _id: id,
    item: 'f1',
    itemType: 'factcheck',
    type: 'correction',
    note: 'تصحيح',
    createdAt: at(created),
  });
  await db
    .insert(correction)
    .values([
      corr('c1', '2026-10-02T09:00:00Z'),
      corr('c2', '2026-10-06T09:00:00Z'),
      corr('c3', '2026-09-26T09:00:00Z'),
    ]);
  const now = Date.now();
  const waiting = (id: string, hoursAgo: number, status: 'new' | 'review' | 'archive' = 'new') => ({
    _id: id,
    title: `ينتظر ${id}`,
    status,
    createdAt: new Date(now - hoursAgo * HOUR),
  });
  await db
    .insert(feed)
    .values([
      waiting('b1', 1),
      waiting('b2', 10),
      waiting('b3', 20),
      waiting('b4', 48),
      waiting('b5', 240),
      waiting('b6', 2, 'review'),
      waiting('b7', 30, 'archive'),
    ]);
});
afterAll(async () => t?.close());

const metrics = async (query: string, who: { access_token: string } | null = editor) =>
  request(t.app, 'GET', `/api/metrics?${query}`, { token: who?.access_token });

describe('GET /api/metrics', () => {
  it('answers the figures of the range and of the period of equal length before it', async () => {
    const res = await metrics('from=2026-10-01T00:00:00Z&to=2026-10-08T00:00:00Z');
    expect(res.status).toBe(200);
    const body = res.body as unknown as Metrics;
    expect(body.tz).toBe('UTC');
    const { current, previous } = body;
    expect(current.from).toBe('2026-10-01T00:00:00.000Z');
    expect(current.published).toBe(4);
    expect(current.publishedPerDay).toEqual([
      { day: '2026-10-01', count: 1 },
      { day: '2026-10-02', count: 1 },
      { day: '2026-10-03', count: 1 },
      { day: '2026-10-04', count: 0 },
      { day: '2026-10-05', count: 0 },
      { day: '2026-10-06', count: 0 },
      { day: '2026-10-07', count: 1 },
    ]);
    // Creation → publication: 1 h, 10 h, 48 h, 70 h. Median between 10 h and 48 h; p90 at 0.7 of
    // the way from 48 h to 70 h.
    expect(current.createdToPublished).toEqual({ count: 4, median: 104_400, p90: 228_240 });
    // Feed item → publication: 1 h, 2 h, 6 h. p90 at 0.8 of the way from 2 h to 6 h.
    expect(current.feedToPublished).toEqual({ count: 3, median: 7_200, p90: 18_720 });
    expect(current.verdicts).toEqual([
      { category: 'fabricated', name: 'مفبرك', color: null, count: 2 },
      { category: 'confirmed', name: 'صحيح', color: '#2bb673', count: 1 },
      { category: null, name: null, color: null, count: 1 },
    ]);
    expect(current.authors).toEqual([
      { author: 'a1', name: 'ليلى', count: 2 },
      { author: 'a2', name: 'Omar', count: 1 },
      { author: null, name: null, count: 1 },
    ]);
    expect(current.corrections).toBe(2);
    expect(current.correctionsPerMonth).toEqual([{ month: '2026-10', count: 2 }]);

    expect(previous.from).toBe('2026-09-24T00:00:00.000Z');
    expect(previous.to).toBe('2026-10-01T00:00:00.000Z');
    expect(previous.published).toBe(1);
    expect(previous.publishedPerDay).toHaveLength(7);
    expect(previous.createdToPublished).toEqual({ count: 1, median: 43_200, p90: 43_200 });
    expect(previous.feedToPublished).toEqual({ count: 0, median: null, p90: null });
    expect(previous.corrections).toBe(1);
    expect(previous.correctionsPerMonth).toEqual([{ month: '2026-09', count: 1 }]);

    // New feed items now waiting, by age (reviewed and archived ones are not waiting).
    expect(body.backlog.map((b) => [b.bucket, b.count])).toEqual([
      ['0-6h', 1],
      ['6-24h', 2],
      ['1-3d', 1],
      ['3-7d', 0],
      ['7d+', 1],
    ]);
    expect(body.backlog[4]!.from).toBeNull();
  });

  it("counts days in the newsroom's time zone", async () => {
    const res = await metrics('from=2026-10-01T00:00:00Z&to=2026-10-08T00:00:00Z&tz=Asia/Damascus');
    expect(res.status).toBe(200);
    const { current } = res.body as unknown as Metrics;
    // 22:00 UTC on the 7th is 01:00 on the 8th in Damascus (UTC+3); the range ends at 03:00 there.
    expect(current.publishedPerDay.map((d) => d.day)).toHaveLength(8);
    expect(current.publishedPerDay.at(-1)).toEqual({ day: '2026-10-08', count: 1 });
    expect(current.published).toBe(4);
  });

  it('opens to the staff (the dashboard right); others get 403, anonymous callers 401', async () => {
    const range = 'from=2026-10-01T00:00:00Z&to=2026-10-08T00:00:00Z';
    expect((await metrics(range, factChecker)).status).toBe(200);
    const refused = await metrics(range, reader);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    expect((await metrics(range, null)).status).toBe(401);
  });

  it.each([
    ['to=2026-10-08', 'from'],
    ['from=yesterday&to=2026-10-08', 'from'],
    ['from=2026-10-08&to=2026-10-01', 'to'],
    ['from=2024-01-01&to=2026-01-01', 'to'],
    ['from=2026-10-01&to=2026-10-08&tz=Mars/Olympus', 'tz'],
    ['from=2026-10-01&to=2026-10-08&tz=UTC%27;drop', 'tz'],
  ])('refuses %s with 400 INVALID_QUERY naming %s', async (query, key) => {
    const res = await metrics(query);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_QUERY');
    expect(res.body.details).toEqual({ key });
  });
});
