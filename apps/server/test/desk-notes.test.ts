// Issue 35 §2: notes on drafts. /api/note with the item's staff Read right: threads, a field, @mentions
// of colleagues with access, resolve/reopen. Anonymous and role-less callers never see a note, and a
// note never reaches the public site, the public API, the RSS or the JSON-LD (each fetched as an
// anonymous caller and as a signed-in user without roles). On PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, WEB_BUILD_TIMEOUT_MS } from '../src/modules/site/web-build.ts';
import { buildTestApp, request, signIn, type TestApp } from './build-test-app.ts';
import { buildArticle, buildFactcheck, createCriteria, PUBLISHABLE_FACTCHECK_FIELDS } from './factories.ts';

let t: TestApp;
type User = Awaited<ReturnType<typeof signIn>>;
let editor: User;
let checker: User;
let roleless: User;
let published: Record<string, unknown> & { _id: string; slug: string; title: string };
let draft: Record<string, unknown> & { _id: string };
const SECRET = 'ملاحظة-داخلية-سرية-7f3a';

type Note = {
  _id: string;
  item: string;
  itemType: string;
  field: string | null;
  body: string;
  mentions: string[];
  parent: string | null;
  resolved: boolean;
  createdBy: string;
  createdAt: string;
};

const as = (user: User | undefined, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, body?: unknown) =>
  request(t.app, method, url, { token: user?.access_token, body });
const addNote = async (user: User, body: Record<string, unknown>) => {
  const res = await as(user, 'POST', '/api/note', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.document as Note;
};

beforeAll(async () => {
  ensureWebBuild();
  t = await buildTestApp({ site: true, env: { PUBLIC_URL: 'https://notes.example' } });
  await createCriteria(t.app);
  editor = await signIn(t, ['editor']);
  checker = await signIn(t, ['fact-checker']);
  roleless = await signIn(t, []);
  const ready = await as(
    checker,
    'POST',
    '/api/factcheck',
    buildFactcheck({
      ...PUBLISHABLE_FACTCHECK_FIELDS,
      status: 'review',
      language: 'en',
      title: 'A claim about a dam',
    }),
  );
  const id = (ready.body.document as { _id: string })._id;
  const pub = await as(editor, 'PATCH', `/api/factcheck/${id}`, [
    { op: 'replace', path: '/status', value: 'published' },
  ]);
  expect(pub.status, JSON.stringify(pub.body)).toBe(200);
  published = pub.body.document as typeof published;
  draft = (await as(checker, 'POST', '/api/factcheck', buildFactcheck())).body.document as typeof draft;
}, WEB_BUILD_TIMEOUT_MS + 60_000);
afterAll(async () => t?.close());

describe('notes on an item', () => {
  it('threads: a note on a field, replies join the thread, oldest first; resolve and reopen', async () => {
    const root = await addNote(editor, {
      item: draft._id,
      itemType: 'factcheck',
      field: 'conclusion',
      body: 'الخلاصة تحتاج مصدراً ثانياً',
    });
    expect(root).toMatchObject({
      field: 'conclusion',
      parent: null,
      resolved: false,
      createdBy: editor.sub,
      mentions: [],
    });
    const reply = await addNote(checker, {
      item: draft._id,
      itemType: 'factcheck',
      body: 'أضفته',
      parent: root._id,
    });
    expect([reply.parent, reply.field]).toEqual([root._id, 'conclusion']);
    const nested = await addNote(editor, {
      item: draft._id,
      itemType: 'factcheck',
      body: 'شكراً',
      parent: reply._id,
    });
    expect(nested.parent).toBe(root._id);

    const list = await as(checker, 'GET', `/api/note?item=${draft._id}&itemType=factcheck`);
    expect(list.status).toBe(200);
    expect((list.body.data as Note[]).map((n) => n._id)).toEqual([root._id, reply._id, nested._id]);

    const resolved = await as(checker, 'PATCH', `/api/note/${root._id}`, { resolved: true });
    expect(resolved.status).toBe(200);
    expect(resolved.body.document).toMatchObject({ resolved: true, resolvedBy: checker.sub });
    const open = await as(checker, 'GET', `/api/note?item=${draft._id}&itemType=factcheck&resolved=false`);
    expect((open.body.data as Note[]).map((n) => n._id)).toEqual([reply._id, nested._id]);
    const reopened = await as(editor, 'PATCH', `/api/note/${root._id}`, { resolved: false });
    expect(reopened.body.document).toMatchObject({ resolved: false, resolvedBy: null });
    const onReply = await as(editor, 'PATCH', `/api/note/${reply._id}`, { resolved: true });
    expect([onReply.status, onReply.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const notMine = await as(editor, 'PATCH', `/api/note/${reply._id}`, { body: 'تعديل' });
    expect([notMine.status, notMine.body.code]).toEqual([403, 'FORBIDDEN']);
    const mine = await as(checker, 'PATCH', `/api/note/${reply._id}`, { body: 'أضفت المصدر' });
    expect((mine.body.document as Note).body).toBe('أضفت المصدر');
  });

  it('mentions: colleagues with access are offered and notified; others are refused', async () => {
    const offered = await as(editor, 'GET', `/api/note/mentionable?item=${draft._id}&itemType=factcheck`);
    expect(offered.status).toBe(200);
    const ids = (offered.body.data as { _id: string; name: string }[]).map((u) => u._id);
    expect(ids).toEqual(expect.arrayContaining([editor.sub, checker.sub]));
    expect(ids).not.toContain(roleless.sub);
    const note = await addNote(editor, {
      item: draft._id,
      itemType: 'factcheck',
      body: '@Test fact-checker انظر هنا',
      mentions: [checker.sub],
    });
    const bell = await as(checker, 'GET', '/api/notification');
    const mentioned = (
      bell.body.data as { kind: string; item: string; details: Record<string, unknown> }[]
    ).find((n) => n.kind === 'mentioned')!;
    expect(mentioned).toMatchObject({ item: draft._id, details: { note: note._id } });
    const refused = await as(editor, 'POST', '/api/note', {
      item: draft._id,
      itemType: 'factcheck',
      body: 'x',
      mentions: [roleless.sub],
    });
    expect([refused.status, refused.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(refused.body.details).toHaveProperty('mentions');
  });

  it('refuses bad input by name', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ item: draft._id, itemType: 'factcheck', body: '  ' }, 'body'],
      [{ item: draft._id, itemType: 'feed', body: 'x' }, 'itemType'],
      [{ item: draft._id, itemType: 'factcheck', body: 'x', field: 'password' }, 'field'],
      [{ item: draft._id, itemType: 'factcheck', body: 'x', parent: 'nope' }, 'parent'],
      [{ item: draft._id, itemType: 'factcheck', body: 'x', extra: 1 }, 'body'],
    ];
    for (const [body, key] of cases) {
      const res = await as(editor, 'POST', '/api/note', body);
      expect([res.status, res.body.code], key).toEqual([400, 'VALIDATION_FAILED']);
    }
    const missing = await as(editor, 'POST', '/api/note', {
      item: 'no-such-item',
      itemType: 'article',
      body: 'x',
    });
    expect([missing.status, missing.body.code]).toEqual([404, 'NOT_FOUND']);
    const noItem = await as(editor, 'GET', '/api/note?itemType=factcheck');
    expect([noItem.status, noItem.body.code]).toEqual([400, 'INVALID_QUERY']);
  });
});

describe('notes never reach the public', () => {
  beforeAll(async () => {
    await addNote(editor, { item: published._id, itemType: 'factcheck', body: SECRET, field: 'category' });
    const art = await as(editor, 'POST', '/api/article', buildArticle());
    await addNote(editor, {
      item: (art.body.document as { _id: string })._id,
      itemType: 'article',
      body: SECRET,
    });
  });

  it('anonymous and role-less callers get no note through /api/note', async () => {
    for (const user of [undefined, roleless]) {
      const list = await as(user, 'GET', `/api/note?item=${published._id}&itemType=factcheck`);
      expect(list.status).toBe(user ? 403 : 401);
      expect(JSON.stringify(list.body)).not.toContain(SECRET);
      const create = await as(user, 'POST', '/api/note', {
        item: published._id,
        itemType: 'factcheck',
        body: 'x',
      });
      expect(create.status).toBe(user ? 403 : 401);
      const mentionable = await as(
        user,
        'GET',
        `/api/note/mentionable?item=${published._id}&itemType=factcheck`,
      );
      expect(mentionable.status).toBe(user ? 403 : 401);
    }
    const staff = await as(checker, 'GET', `/api/note?item=${published._id}&itemType=factcheck`);
    expect(JSON.stringify(staff.body)).toContain(SECRET);
  });

  it('the public page, its JSON-LD, the RSS, the sitemap and the public API never carry one', async () => {
    const addresses = [
      `/en/factcheck/${encodeURIComponent(published.slug)}`,
      '/en',
      '/en/rss.xml',
      '/sitemap-en.xml',
      `/api/factcheck/${published._id}`,
      `/api/factcheck?status=published&language=en`,
      `/api/factcheck/${published._id}?lookup=translations`,
    ];
    for (const user of [undefined, roleless]) {
      for (const address of addresses) {
        const res = await t.app.inject({
          method: 'GET',
          url: address,
          headers: user ? { authorization: `Bearer ${user.access_token}` } : {},
        });
        expect(res.statusCode, address).toBe(200);
        expect(res.body, address).not.toContain(SECRET);
      }
      const page = await t.app.inject({ method: 'GET', url: addresses[0]! });
      expect(page.body).toContain('application/ld+json');
      expect(page.body).toContain('A claim about a dam');
    }
  });
});
