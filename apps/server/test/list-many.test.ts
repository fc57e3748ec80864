// Several lists of one resource in one statement (resources.service listMany, ADR 028): the home page's
// sections. Each list must hold exactly what `list` gives for its query, scoped as `list` scopes it.
import { ANONYMOUS_ACTOR } from '@tabayyun/permissions';
import { parseQuery } from '@tabayyun/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { buildFactcheck, create, createCriteria } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await createCriteria(t.app);
  const author = await create(t.app, 'author', { name: 'كاتب الاختبار', email: 'writer@example.org' });
  const day = (n: number) => new Date(Date.UTC(2026, 10, n, 9)).toISOString();
  for (let i = 0; i < 12; i++) {
    await create(
      t.app,
      'factcheck',
      buildFactcheck({
        status: i % 4 === 3 ? 'draft' : 'published',
        publishedAt: day(i + 1),
        category: i % 2 === 0 ? 'fraud' : 'confirmed',
        tags: i % 3 === 0 ? ['featured'] : ['slide'],
        reads: (i * 7) % 10,
        author: author._id,
      }),
    );
  }
}, 60_000);
afterAll(() => t.close());

const CARD = 'select=_id,title,slug,category,tags,reads,status,publishedAt,author&lookup=author';
const QUERIES = [
  `category=fraud&sort_by=-publishedAt&per_page=2&${CARD}`,
  `category=confirmed&sort_by=-publishedAt&per_page=2&${CARD}`,
  `tags=featured&sort_by=-reads&per_page=3&${CARD}`,
  `tags=slide&sort_by=-publishedAt&per_page=2&page=2&${CARD}`,
  `category=nothing-here&${CARD}`,
];

const services = () => t.app.services.resources;
const listOneByOne = (actor: typeof ANONYMOUS_ACTOR, queries: string[]) =>
  Promise.all(
    queries.map(
      async (q) => (await services().list({ actor, resource: 'factcheck', query: parseQuery(q) })).data,
    ),
  );

describe('listMany', () => {
  it('gives each list what list gives for its query, in order, for a reader (published only)', async () => {
    const many = await services().listMany({
      actor: ANONYMOUS_ACTOR,
      resource: 'factcheck',
      queries: QUERIES.map((q) => parseQuery(q)),
    });
    expect(many).toEqual(await listOneByOne(ANONYMOUS_ACTOR, QUERIES));
    expect(many.map((list) => list.length)).toEqual([2, 2, 3, 2, 0]);
    expect(many.flat().every((doc) => doc.status === 'published')).toBe(true);
    expect(many[0]![0]!.author).toMatchObject({ name: 'كاتب الاختبار' });
  });

  it('reads lists of different fields one by one, with the same answers', async () => {
    const queries = [`category=fraud&per_page=2&${CARD}`, 'category=confirmed&per_page=2&select=_id,title'];
    const many = await services().listMany({
      actor: ANONYMOUS_ACTOR,
      resource: 'factcheck',
      queries: queries.map((q) => parseQuery(q)),
    });
    expect(many).toEqual(await listOneByOne(ANONYMOUS_ACTOR, queries));
    expect(Object.keys(many[1]![0]!).sort()).toEqual(['_id', 'title']);
  });

  it('refuses a filter on a field that does not exist, as list does', async () => {
    await expect(
      services().listMany({
        actor: ANONYMOUS_ACTOR,
        resource: 'factcheck',
        queries: [parseQuery('category=fraud'), parseQuery('noSuchField=1')],
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});
