// Several lists of one resource in one statement (resources.service listMany, ADR 028): the home page's
// sections. Each list must hold exactly what `list` gives for its query, scoped as `list` scopes it.
import { ANONYMOUS_ACTOR } from '@tabayyun/permissions';
import { parseQuery } from '@tabayyun/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTORS, buildTestApp, type TestApp } from './build-test-app.ts';
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

// ADR 035: a listMany's statements are prepared once per distinct input and executed again.
describe('listMany statements kept for the next call', () => {
  const queries = () => QUERIES.map((q) => parseQuery(q));
  const read = (actor: typeof ANONYMOUS_ACTOR, list = queries()) =>
    services().listMany({ actor, resource: 'factcheck', queries: list });

  it('reuses the statement of the same lists, and each call reads the database as it is now', async () => {
    const first = await read(ANONYMOUS_ACTOR);
    const before = services().preparedStatementStats().listMany;
    expect(await read(ANONYMOUS_ACTOR)).toEqual(first);
    expect(services().preparedStatementStats().listMany.hits).toBe(before.hits + 1);

    const newest = await create(
      t.app,
      'factcheck',
      buildFactcheck({
        status: 'published',
        publishedAt: new Date(Date.UTC(2026, 10, 20)).toISOString(),
        category: 'fraud',
      }),
    );
    const after = await read(ANONYMOUS_ACTOR);
    expect(services().preparedStatementStats().listMany.hits).toBe(before.hits + 2);
    expect(after[0]!.map((doc) => doc._id)).toEqual([newest._id, first[0]![0]!._id]);
    expect(after).toEqual(await listOneByOne(ANONYMOUS_ACTOR, QUERIES));
  });

  it("never answers a reader with a statement kept for an editor's wider access", async () => {
    // Drafts are in 'confirmed' (every fourth item).
    const mixed = ['category=confirmed&sort_by=-publishedAt&per_page=20&select=_id,status'];
    const list = () => mixed.map((q) => parseQuery(q));
    const editors = await read(ACTORS.superAdmin, list());
    expect(editors[0]!.some((doc) => doc.status === 'draft')).toBe(true);
    const readers = await read(ANONYMOUS_ACTOR, list());
    expect(readers[0]!.length).toBeGreaterThan(0);
    expect(readers[0]!.every((doc) => doc.status === 'published')).toBe(true);
    expect(await read(ACTORS.superAdmin, list())).toEqual(editors);
    expect(readers).toEqual(await listOneByOne(ANONYMOUS_ACTOR, mixed));
  });

  it("builds a filter on a joined record anew for each call (its access is the actor's)", async () => {
    const joined = ['author.name=كاتب الاختبار&per_page=50&select=_id,author'];
    const before = services().preparedStatementStats().listMany;
    const first = await read(
      ANONYMOUS_ACTOR,
      joined.map((q) => parseQuery(q)),
    );
    expect(first[0]!.length).toBeGreaterThan(0);
    expect(
      await read(
        ANONYMOUS_ACTOR,
        joined.map((q) => parseQuery(q)),
      ),
    ).toEqual(first);
    expect(services().preparedStatementStats().listMany).toMatchObject({
      hits: before.hits,
      misses: before.misses,
    });
  });
});

describe('list statements kept for the next call', () => {
  it('reuses the page and total statements of the same query, and reads new rows and totals', async () => {
    const query = () => parseQuery('category=fraud&sort_by=-publishedAt&per_page=3&select=_id,title');
    const read = () => services().list({ actor: ANONYMOUS_ACTOR, resource: 'factcheck', query: query() });
    const first = await read();
    const before = services().preparedStatementStats().list;
    expect(await read()).toEqual(first);
    expect(services().preparedStatementStats().list.hits).toBe(before.hits + 1);

    const newest = await create(
      t.app,
      'factcheck',
      buildFactcheck({
        status: 'published',
        publishedAt: new Date(Date.UTC(2026, 10, 25)).toISOString(),
        category: 'fraud',
      }),
    );
    // Totals are cached until the write's NOTIFY clears them (count-cache.ts).
    await expect.poll(async () => (await read()).total).toBe(first.total + 1);
    const after = await read();
    expect(after.data[0]!._id).toBe(newest._id);
    expect(services().preparedStatementStats().list.hits).toBeGreaterThanOrEqual(before.hits + 3);
  });

  it("never answers a reader with an editor's statement", async () => {
    const query = () => parseQuery('category=confirmed&per_page=50&select=_id,status');
    const editors = await services().list({
      actor: ACTORS.superAdmin,
      resource: 'factcheck',
      query: query(),
    });
    const readers = await services().list({ actor: ANONYMOUS_ACTOR, resource: 'factcheck', query: query() });
    expect(editors.data.some((doc) => doc.status === 'draft')).toBe(true);
    expect(readers.data.every((doc) => doc.status === 'published')).toBe(true);
    expect(readers.total).toBe(readers.data.length);
    expect(editors.total).toBeGreaterThan(readers.total);
  });
});
