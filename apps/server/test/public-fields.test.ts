// Issue 34 §5: the public reads the public fields only. Every resource and every lookup is walked as
// an anonymous caller and as a signed-in account without roles (both read through the public
// grant); any field outside the resource's public list fails. Filters, sorts and selects on other
// fields are refused (400 INVALID_QUERY naming the key), so `?updatedBy=<id>` cannot probe who
// edited what; hidden authors are not listed. Staff still read everything.
// On PGlite and on PostgreSQL (DATABASE_URL).
import { storage } from '@tabayyun/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_FIELDS } from '../src/modules/resources/public-fields.ts';
import { type ActorName, buildTestApp, call, type TestApp } from './build-test-app.ts';
import { buildArticle, buildFactcheck, create, createCriteria } from './factories.ts';

type Doc = Record<string, unknown>;
let t: TestApp;
const ids: Record<string, string> = {};
const STAFF_ID = '0f0000000000000000000001';

/** Fields the issue names as internal: none may be public, whatever the lists say. */
const INTERNAL = [
  'updatedBy',
  '_version',
  'version',
  'deletedAt',
  'disabledAt',
  'hidden',
  'active',
  'newsFeed',
  'feeds',
  'pollInterval',
  'monitoringEnabled',
  'nextRunAt',
  'lastRunAt',
  'sourceChangedAt',
  'sourceRevision',
  'sourceRevisionSeen',
  'needsUpdate',
  'evaluationCategories',
  'createdBy',
];

beforeAll(async () => {
  t = await buildTestApp();
  await createCriteria(t.app);
  const author = await create(t.app, 'author', {
    name: 'كاتبة ظاهرة',
    email: 'writer@example.org',
    bio: 'سيرة',
  });
  ids.author = author._id;
  ids.hiddenAuthor = (await create(t.app, 'author', { name: 'كاتب مخفي', hidden: true, active: false }))._id;
  ids.source = (
    await create(t.app, 'media-source', {
      name: 'قناة',
      category: 'fraud',
      feeds: ['https://example.org/feed.xml'],
      pollInterval: 30,
    })
  )._id;
  ids.feed = (
    await create(t.app, 'feed', { title: 'خبر من الرصد', status: 'review', mediaSource: [ids.source] })
  )._id;
  const source = await create(
    t.app,
    'factcheck',
    buildFactcheck({
      status: 'published',
      author: ids.author,
      category: 'fraud',
      mediaSource: [ids.source],
      topic: ['health'],
      evaluation: [{ category: 'fabricated', score: -2 }],
      claims: '<p>ادعاء</p>',
      conclusion: '<p>الخلاصة</p>',
      newsFeed: ids.feed,
    }),
  );
  ids.factcheck = source._id;
  await create(
    t.app,
    'factcheck',
    buildFactcheck({
      status: 'published',
      language: 'en',
      translation_id: ids.factcheck,
      author: ids.hiddenAuthor,
    }),
  );
  await create(t.app, 'correction', {
    item: ids.factcheck,
    itemType: 'factcheck',
    type: 'correction',
    note: 'صححنا تاريخ الحادثة',
  });
  ids.article = (
    await create(
      t.app,
      'article',
      buildArticle({ status: 'published', author: ids.author, topic: ['health'] }),
    )
  )._id;
});
afterAll(() => t.close());

/** Every key of `doc` is public for `resource`; looked-up values are checked against their own list. */
function expectPublic(resource: string, doc: Doc, lookups: Record<string, string> = {}) {
  const allowed = PUBLIC_FIELDS[resource] ?? ['_id'];
  for (const key of Object.keys(doc)) {
    expect(allowed, `${resource}.${key} is answered to the public`).toContain(key);
    const target = lookups[key];
    const value = doc[key];
    if (!target) continue;
    for (const joined of Array.isArray(value) ? value : [value]) {
      if (joined && typeof joined === 'object') expectPublic(target, joined as Doc);
    }
  }
}

const TRANSLATION_FIELDS = ['_id', 'language', 'status', 'isSource'];
const get = (url: string, actor: ActorName) => call(t.app, 'GET', url, undefined, actor);

describe('the public field lists', () => {
  it('hold none of the internal fields, nor any search copy', () => {
    for (const [resource, fields] of Object.entries(PUBLIC_FIELDS)) {
      for (const field of fields) {
        expect(INTERNAL, `${resource}.${field}`).not.toContain(field);
        expect(field.endsWith('Normalized'), `${resource}.${field}`).toBe(false);
      }
    }
  });
});

describe.each<ActorName>(['anonymous', 'reader'])('every resource and lookup read as %s', (actor) => {
  it('answers public fields only: lists, records, counts and each lookup', async () => {
    const registry = t.app.services.registry;
    let walked = 0;
    for (const def of registry.all()) {
      const list = await get(`/api/${def.name}?per_page=50`, actor);
      if (list.status === 401 || list.status === 403) {
        // Not public: the record and the count are refused alike.
        expect((await get(`/api/${def.name}/count`, actor)).status).toBe(list.status);
        continue;
      }
      expect(list.status, `${def.name}: ${JSON.stringify(list.body)}`).toBe(200);
      const docs = list.body.data as Doc[];
      expect(docs.length, `${def.name} has public records to walk`).toBeGreaterThan(0);
      for (const doc of docs) expectPublic(def.name, doc);
      const one = await get(`/api/${def.name}/${encodeURIComponent(String(docs[0]!._id))}`, actor);
      expect(one.status).toBe(200);
      expect(one.headers.etag, `${def.name}: the ETag is the version`).toBeUndefined();
      expectPublic(def.name, (one.body.data as Doc[])[0]!);
      expect((await get(`/api/${def.name}/count`, actor)).body.data).toBe(list.body.total);
      walked++;

      const lookups = [...Object.keys(def.relations), ...(def.translationSource ? ['translations'] : [])];
      for (const name of lookups) {
        const res = await get(`/api/${def.name}?per_page=50&lookup=${name}`, actor);
        const isPublic = (PUBLIC_FIELDS[def.name] ?? []).includes(name);
        if (!isPublic) {
          // A non-public relation (a fact-check's news feed) cannot be looked up at all.
          expect(res.status, `${def.name} lookup=${name}`).toBe(400);
          expect(res.body.details).toEqual({ key: 'lookup' });
          continue;
        }
        expect(res.status, `${def.name} lookup=${name}: ${JSON.stringify(res.body)}`).toBe(200);
        const target = name === 'translations' ? '' : def.relations[name]!.resource;
        for (const doc of res.body.data as Doc[]) {
          if (name === 'translations') {
            for (const tr of (doc.translations ?? []) as Doc[]) {
              expect(Object.keys(tr).filter((k) => !TRANSLATION_FIELDS.includes(k))).toEqual([]);
            }
            expectPublic(def.name, doc);
          } else {
            expectPublic(def.name, doc, { [name]: target });
          }
        }
        const single = await get(
          `/api/${def.name}/${encodeURIComponent(String(docs[0]!._id))}?lookup=${name}`,
          actor,
        );
        expect(single.status).toBe(200);
        expectPublic(def.name, (single.body.data as Doc[])[0]!, target ? { [name]: target } : {});
      }
    }
    // fact-checks, articles, categories, authors and media sources at least.
    expect(walked).toBeGreaterThanOrEqual(5);
  });

  it('a fact-check looked up with its author, sources and category carries no internal field', async () => {
    const res = await get(`/api/factcheck/${ids.factcheck}?lookup=author;mediaSource;category`, actor);
    expect(res.status).toBe(200);
    const doc = (res.body.data as Doc[])[0]!;
    for (const field of [
      'updatedBy',
      '_version',
      'newsFeed',
      'deletedAt',
      'disabledAt',
      'claimsNormalized',
    ]) {
      expect(doc).not.toHaveProperty(field);
    }
    expect(doc.author).toMatchObject({ name: 'كاتبة ظاهرة', email: 'writer@example.org' });
    expect(doc.author).not.toHaveProperty('hidden');
    expect(doc.author).not.toHaveProperty('active');
    const [source] = doc.mediaSource as Doc[];
    expect(source).toMatchObject({ name: 'قناة' });
    for (const field of [
      'feeds',
      'pollInterval',
      'monitoringEnabled',
      'nextRunAt',
      'lastRunAt',
      'updatedBy',
    ]) {
      expect(source).not.toHaveProperty(field);
    }
  });

  it('hidden authors are not listed, counted nor read', async () => {
    const list = await get('/api/author?per_page=50', actor);
    const names = (list.body.data as Doc[]).map((a) => a._id);
    expect(names).toContain(ids.author);
    expect(names).not.toContain(ids.hiddenAuthor);
    expect((await get('/api/author/count', actor)).body.data).toBe(list.body.total);
    expect((await get(`/api/author/${ids.hiddenAuthor}`, actor)).status).toBe(404);
  });

  it.each([
    [`updatedBy=${STAFF_ID}`, 'updatedBy'],
    ['deletedAt={exists}', 'deletedAt'],
    ['newsFeed={exists}', 'newsFeed'],
    ['select=claimsNormalized', 'select'],
    ['sort_by=titleNormalized', 'sort_by'],
    ['author.hidden=true', 'author.hidden'],
    ['author.updatedBy={exists}', 'author.updatedBy'],
    ['title=*xyz*|updatedBy={exists}', 'updatedBy'],
    ['sort_by=updatedBy', 'sort_by'],
    ['select=title,updatedBy', 'select'],
    ['select=_version', 'select'],
    ['lookup=newsFeed', 'lookup'],
  ])('refuses a filter, sort or select on a non-public field: %s', async (query, key) => {
    for (const url of [`/api/factcheck?${query}`, `/api/factcheck/count?${query}`]) {
      const res = await get(url, actor);
      expect(res.status, url).toBe(400);
      expect(res.body.code).toBe('INVALID_QUERY');
      expect(res.body.details).toEqual({ key });
    }
  });

  it('refuses probing an author or a media source by their internal fields', async () => {
    for (const url of [
      '/api/author?hidden=true',
      '/api/author?active=false',
      '/api/media-source?feeds={exists}',
    ]) {
      const res = await get(url, actor);
      expect(res.status, url).toBe(400);
      expect(res.body.code).toBe('INVALID_QUERY');
    }
  });
});

describe('file records, should an administrator open them to the public', () => {
  it('answer public fields only, and refuse filters on the others', async () => {
    await t.database.db.insert(storage).values({
      _id: '0d0000000000000000000001',
      originalname: 'logo.png',
      filename: 'logo.png',
      destination: 'storage/logos',
      path: 'storage/logos/logo.png',
      user: STAFF_ID,
      updatedBy: STAFF_ID,
    });
    const rule = await call(t.app, 'POST', '/api/permission', {
      name: 'file records for everyone',
      path: '/api/storage',
      actions: { Read: [{ by: 'anonymous', access: 'grant' }] },
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    try {
      const list = await get('/api/storage', 'anonymous');
      expect(list.status, JSON.stringify(list.body)).toBe(200);
      const docs = list.body.data as Doc[];
      expect(docs.map((d) => d._id)).toContain('0d0000000000000000000001');
      for (const doc of docs) expectPublic('storage', doc);
      const one = await get('/api/storage/0d0000000000000000000001', 'anonymous');
      expectPublic('storage', (one.body.data as Doc[])[0]!);
      const probe = await get(`/api/storage?user=${STAFF_ID}`, 'anonymous');
      expect(probe.status).toBe(400);
      expect(probe.body.details).toEqual({ key: 'user' });
    } finally {
      await call(t.app, 'DELETE', `/api/permission/${rule.body._id}`);
    }
  });
});

describe('staff', () => {
  it('still read every field, hidden authors and the version', async () => {
    const one = await get(`/api/factcheck/${ids.factcheck}`, 'superAdmin');
    const doc = (one.body.data as Doc[])[0]!;
    expect(doc).toHaveProperty('updatedBy');
    expect(doc).toHaveProperty('_version');
    expect(doc.newsFeed).toBe(ids.feed);
    expect(one.headers.etag).toBeDefined();
    const authors = (await get('/api/author?hidden=true', 'superAdmin')).body.data as Doc[];
    expect(authors.map((a) => a._id)).toEqual([ids.hiddenAuthor]);
    expect((await get(`/api/factcheck?updatedBy=${STAFF_ID}`, 'superAdmin')).status).toBe(200);
  });
});
