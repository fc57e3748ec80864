import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';
import { buildArticle, buildFactcheck, create, createCriteria } from './factories.ts';

let t: TestApp;
let published = '';
let draft = '';
let authorId = '';

beforeAll(async () => {
  t = await buildTestApp({ env: { CONTACT_RATE_MAX: '3', READ_RATE_MAX: '50' } });
  await createCriteria(t.app);
  authorId = (await create(t.app, 'author', { name: 'Lina' }))._id;
  const source = (await create(t.app, 'media-source', { name: 'قناة الشائعات' }))._id;
  published = (
    await create(
      t.app,
      'factcheck',
      buildFactcheck({
        status: 'published',
        category: 'fraud',
        topic: ['health'],
        author: authorId,
        mediaSource: [source],
      }),
    )
  )._id;
  await create(
    t.app,
    'factcheck',
    buildFactcheck({ status: 'published', category: 'fraud', topic: ['health'] }),
  );
  await create(
    t.app,
    'factcheck',
    buildFactcheck({ status: 'published', category: 'confirmed', language: 'en' }),
  );
  draft = (await create(t.app, 'factcheck', buildFactcheck({ status: 'draft', category: 'confirmed' })))._id;
  await create(t.app, 'article', buildArticle({ status: 'published' }));
});
afterAll(() => t.close());

describe('counts', () => {
  it('factcheck/count and article/count take the list filters', async () => {
    expect((await call(t.app, 'GET', '/api/factcheck/count')).body).toEqual({ data: 4 });
    expect((await call(t.app, 'GET', '/api/factcheck/count?status=published&category=fraud')).body).toEqual({
      data: 2,
    });
    expect((await call(t.app, 'GET', '/api/article/count?status=published')).body).toEqual({ data: 1 });
  });

  it('count/category: published fact-checks per criteria category, zeros included, language optional', async () => {
    const all = await call(t.app, 'GET', '/api/count/category', undefined, 'anonymous');
    expect(all.status).toBe(200);
    const byId = Object.fromEntries(
      (all.body.data as { _id: string; count: number }[]).map((r) => [r._id, r.count]),
    );
    expect(byId).toEqual({ fraud: 2, confirmed: 1 });
    const ar = await call(t.app, 'GET', '/api/count/category?language=ar', undefined, 'anonymous');
    expect((ar.body.data as { _id: string; count: number }[]).find((r) => r._id === 'confirmed')!.count).toBe(
      0,
    );
    expect((await call(t.app, 'GET', '/api/count/category?language=xx', undefined, 'anonymous')).status).toBe(
      400,
    );
  });

  it('count/category counts once until content changes (the home page asks on every render)', async () => {
    t.app.services.countCache.clear();
    const first = await call(t.app, 'GET', '/api/count/category?language=en', undefined, 'anonymous');
    const remembered = t.app.services.countCache.size;
    expect(remembered).toBeGreaterThan(0);
    const again = await call(t.app, 'GET', '/api/count/category?language=en', undefined, 'anonymous');
    expect(again.body).toEqual(first.body);
    expect(t.app.services.countCache.size).toBe(remembered);
  });

  it('count/category carries the names in every language (the English home named them in Arabic)', async () => {
    await call(t.app, 'PATCH', '/api/category/fraud', [
      { op: 'add', path: '/nameEn', value: 'False' },
      { op: 'add', path: '/nameTr', value: 'Yanlış' },
    ]);
    const res = await call(t.app, 'GET', '/api/count/category?language=en', undefined, 'anonymous');
    expect((res.body.data as Record<string, unknown>[]).find((r) => r._id === 'fraud')).toMatchObject({
      name: 'زائف',
      nameEn: 'False',
      nameTr: 'Yanlış',
    });
  });
});

describe('stats/factcheck', () => {
  const range = `publishedAt={btw}${Date.now() - 3_600_000},${Date.now() + 3_600_000}`;

  it.each([
    ['category', { fraud: 2, confirmed: 1 }],
    ['topic', { health: 2, null: 1 }],
    ['author', { AUTHOR: 1, null: 2 }],
    ['country', { null: 3 }],
  ])('groups by %s over a publishedAt range', async (by, expected) => {
    const res = await call(t.app, 'GET', `/api/stats/factcheck?by=${by}&${range}`);
    expect(res.status).toBe(200);
    const got = Object.fromEntries(
      (res.body.data as { _id: string | null; count: number }[]).map((r) => [String(r._id), r.count]),
    );
    const want = Object.fromEntries(
      Object.entries(expected).map(([k, v]) => [k === 'AUTHOR' ? authorId : k, v]),
    );
    expect(got).toEqual(want);
  });

  it('names each group and counts media sources', async () => {
    const res = await call(t.app, 'GET', `/api/stats/factcheck?by=mediaSource&${range}`);
    const rows = res.body.data as { _id: string | null; details: { name: string | null }; count: number }[];
    expect(rows.find((r) => r._id !== null)).toMatchObject({ details: { name: 'قناة الشائعات' }, count: 1 });
    const cat = await call(t.app, 'GET', `/api/stats/factcheck?by=category&${range}`);
    expect(
      (cat.body.data as { _id: string; details: { name: string } }[]).find((r) => r._id === 'fraud')!.details
        .name,
    ).toBe('زائف');
  });

  it('an empty range yields no rows; a bad by or range is INVALID_QUERY', async () => {
    const none = await call(t.app, 'GET', '/api/stats/factcheck?by=category&publishedAt={btw}0,1000');
    expect(none.body.data).toEqual([]);
    const bad = await call(t.app, 'GET', '/api/stats/factcheck?by=colour');
    expect(bad.body.code).toBe('INVALID_QUERY');
    expect(bad.body.message).toContain('by');
    const badRange = await call(t.app, 'GET', '/api/stats/factcheck?by=category&publishedAt={btw}x,y');
    expect(badRange.body.code).toBe('INVALID_QUERY');
  });
});

describe('count/read', () => {
  it('counts reads of published items only', async () => {
    const ok = await call(t.app, 'POST', '/api/count/read', { _id: published }, 'anonymous');
    expect(ok.body).toEqual({ data: { counted: true } });
    const no = await call(t.app, 'POST', '/api/count/read', { _id: draft }, 'anonymous');
    expect(no.body).toEqual({ data: { counted: false } });
    const got = await call(t.app, 'GET', `/api/factcheck/${draft}`);
    expect((got.body.data as { reads: number }[])[0]!.reads).toBe(0);
    const pub = await call(t.app, 'GET', `/api/factcheck/${published}`);
    expect((pub.body.data as { reads: number }[])[0]!.reads).toBe(1);
    const bad = await call(t.app, 'POST', '/api/count/read', { _id: 'x' }, 'anonymous');
    expect(bad.status).toBe(400);
  });
});

describe('contract (the contact form)', () => {
  const postContact = (body: Record<string, unknown>) =>
    call(t.app, 'POST', '/api/contract', body, 'anonymous');

  it('stores a valid message from an anonymous visitor, refuses an invalid one, then rate-limits', async () => {
    const ok = await postContact({ name: 'سارة', email: 'sara@example.org', subject: 'لدي معلومة' });
    expect(ok.status).toBe(200);
    const bad = await postContact({ name: 'x', email: 'nope', subject: '' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.details as object)).toEqual(expect.arrayContaining(['email', 'subject']));
    const extra = await postContact({ name: 'x', email: 'a@example.org', subject: 'y', role: 'admin' });
    expect(extra.status).toBe(200);
    const limited = await postContact({ name: 'x', email: 'a@example.org', subject: 'y' });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    const stored = await call(t.app, 'GET', '/api/contact');
    expect(stored.body.total).toBe(2);
    expect((stored.body.data as { subject: string }[]).map((d) => d.subject)).toContain('لدي معلومة');
  });
});

describe('cached totals', () => {
  it('a write changes the next total at once', async () => {
    const before = (await call(t.app, 'GET', '/api/factcheck?status=published')).body.total as number;
    expect((await call(t.app, 'GET', '/api/factcheck?status=published')).body.total).toBe(before);
    await create(t.app, 'factcheck', buildFactcheck({ status: 'published' }));
    expect((await call(t.app, 'GET', '/api/factcheck?status=published')).body.total).toBe(before + 1);
    expect((await call(t.app, 'GET', '/api/factcheck/count?status=published')).body.data).toBe(before + 1);
  });
});
