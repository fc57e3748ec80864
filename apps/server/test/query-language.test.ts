// Every construct of the query language against the real database, through the HTTP API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';
import { buildFactcheck, create, createCriteria } from './factories.ts';

let t: TestApp;
const ids: Record<string, string> = {};
const titles = (body: { data?: unknown }) => (body.data as { title: string }[]).map((d) => d.title).sort();

beforeAll(async () => {
  t = await buildTestApp();
  await createCriteria(t.app);
  ids.author1 = (await create(t.app, 'author', { name: 'Rana', slug: 'rana' }))._id;
  ids.author2 = (await create(t.app, 'author', { name: 'Karim', slug: 'karim' }))._id;
  const docs = [
    {
      title: 'alpha',
      category: 'fraud',
      tags: ['featured'],
      topic: ['health'],
      author: ids.author1,
      evaluation: [{ category: 'fabricated', score: 0 }],
      status: 'published',
    },
    {
      title: 'beta',
      category: 'fraud',
      tags: ['featured', 'slide'],
      author: ids.author2,
      status: 'published',
    },
    { title: 'gamma', category: 'confirmed', tags: ['slide'], author: ids.author1, status: 'review' },
    { title: 'delta', category: 'confirmed', language: 'en', status: 'draft' },
    // A draft: a published fact-check needs a rating (the publish gate, ADR 039).
    { title: 'epsilon', status: 'draft', description: 'starts with star' },
  ];
  for (const d of docs) ids[d.title] = (await create(t.app, 'factcheck', buildFactcheck(d)))._id;
});
afterAll(() => t.close());

const get = (qs: string) => call(t.app, 'GET', `/api/factcheck?${qs}`);

describe('filters', () => {
  it('plain equality, typed by field', async () => {
    expect(titles((await get('category=fraud')).body)).toEqual(['alpha', 'beta']);
    expect(titles((await get('language=en')).body)).toEqual(['delta']);
    expect(titles((await get('hideClaimsTitle=false&status=review')).body)).toEqual(['gamma']);
  });

  it('null literal means missing', async () => {
    expect(titles((await get('category=null')).body)).toEqual(['epsilon']);
    expect(titles((await get('author=null&category=confirmed')).body)).toEqual(['delta']);
  });

  it('array fields: equality means contains; in, nin, all', async () => {
    expect(titles((await get('tags=slide')).body)).toEqual(['beta', 'gamma']);
    expect(titles((await get('tags={in}featured,slide')).body)).toEqual(['alpha', 'beta', 'gamma']);
    expect(titles((await get('tags={all}featured,slide')).body)).toEqual(['beta']);
    expect(titles((await get('tags={nin}featured,slide')).body)).toEqual(['delta', 'epsilon']);
  });

  it('wildcards: contains, starts with, ends with, case-insensitive; other characters literal', async () => {
    expect(titles((await get('title=*LPH*')).body)).toEqual(['alpha']);
    expect(titles((await get('title=*ta')).body)).toEqual(['beta', 'delta']);
    expect(titles((await get('title=ga*')).body)).toEqual(['gamma']);
    expect(titles((await get('title=*a_p*')).body)).toEqual([]);
    expect(titles((await get('title=*%25*')).body)).toEqual([]);
  });

  it('comparison operators and between on numbers and dates', async () => {
    expect(titles((await get('score={lt}0')).body)).toEqual(['alpha', 'beta']);
    expect(titles((await get('score={gte}3')).body)).toEqual(['delta', 'gamma']);
    expect(titles((await get('score={btw}-3,0')).body)).toEqual(['alpha', 'beta', 'epsilon']);
    expect(titles((await get('score={ne}0&status=published')).body)).toEqual(['alpha', 'beta']);
    expect((await get('createdAt={gt}2000-01-01')).body.total).toBe(5);
    expect((await get(`createdAt={btw}0,${Date.now() + 60_000}`)).body.total).toBe(5);
    expect((await get('createdAt={lt}2000-01-01T00:00:00Z')).body.total).toBe(0);
  });

  it('exists', async () => {
    expect(titles((await get('category={exists}false')).body)).toEqual(['epsilon']);
    expect((await get('category={exists}')).body.total).toBe(4);
    expect(titles((await get('tags={exists}false')).body)).toEqual(['delta', 'epsilon']);
  });

  it('OR on one key and across keys; repeated keys AND', async () => {
    expect(titles((await get('title=alpha|beta')).body)).toEqual(['alpha', 'beta']);
    expect(titles((await get('title=*lph*|category=confirmed')).body)).toEqual(['alpha', 'delta', 'gamma']);
    expect(titles((await get('title=*a*&title=*e*')).body)).toEqual(
      ['beta', 'delta', 'gamma']
        .filter((x) => x.includes('e'))
        .concat([])
        .sort(),
    );
  });

  it('dotted keys filter on joined and nested fields', async () => {
    expect(titles((await get('author.slug=rana')).body)).toEqual(['alpha', 'gamma']);
    expect(titles((await get('author.name=*kar*')).body)).toEqual(['beta']);
    expect(titles((await get('evaluation.category=fabricated')).body)).toEqual(['alpha']);
  });
});

describe('paging, sorting, select and lookup', () => {
  it('pages with total counted before paging, sorted by one field', async () => {
    const p1 = await get('sort_by=title&per_page=2&page=1');
    const p2 = await get('sort_by=title&per_page=2&page=2');
    expect((p1.body.data as { title: string }[]).map((d) => d.title)).toEqual(['alpha', 'beta']);
    expect((p2.body.data as { title: string }[]).map((d) => d.title)).toEqual(['delta', 'epsilon']);
    expect(p1.body.total).toBe(5);
    const desc = await get('sort_by=-title&per_page=1');
    expect((desc.body.data as { title: string }[])[0]!.title).toBe('gamma');
    const comma = await get('sort_by=title,desc&per_page=1');
    expect((comma.body.data as { title: string }[])[0]!.title).toBe('gamma');
  });

  it('select includes or excludes fields; _id always comes', async () => {
    const inc = await get('select=title,slug&per_page=1');
    expect(Object.keys((inc.body.data as object[])[0]!).sort()).toEqual(['_id', 'slug', 'title']);
    const exc = await get('select=!claims,!content&per_page=1');
    const doc = (exc.body.data as object[])[0]!;
    expect(doc).not.toHaveProperty('claims');
    expect(doc).toHaveProperty('title');
  });

  it('lookup replaces ids with the joined records', async () => {
    const res = await get('title=alpha&lookup=author;category;tags');
    const doc = (res.body.data as Record<string, unknown>[])[0]!;
    expect(doc.author).toMatchObject({ _id: ids.author1, name: 'Rana' });
    expect(doc.category).toMatchObject({ _id: 'fraud', score: -3 });
    expect(doc.tags).toEqual([]); // tags reference categories that do not exist in this database
  });
});

describe('bad queries answer 400 INVALID_QUERY naming the key', () => {
  it.each([
    ['colour=red', 'colour'],
    ['title={regex}x', 'title'],
    ['score=abc', 'score'],
    ['createdAt={gt}yesterday', 'createdAt'],
    ['status=live', 'status'],
    ['hideClaimsTitle=maybe', 'hideClaimsTitle'],
    ['score={btw}1', 'score'],
    ['tags={in}', 'tags'],
    ['page=0', 'page'],
    ['per_page=501', 'per_page'],
    ['sort_by=images', 'sort_by'],
    ['sort_by=nope', 'sort_by'],
    ['select=password', 'select'],
    ['lookup=secrets', 'lookup'],
    ['author.password=x', 'author.password'],
    ['titleNormalized.x=1', 'titleNormalized.x'],
    ['images=x', 'images'],
  ])('%s', async (qs, key) => {
    const res = await get(qs);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_QUERY');
    expect(res.body.message).toContain(key);
  });
});
