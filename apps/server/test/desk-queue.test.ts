// Issue 35 §1: `assignee` and `dueAt` on feed items, fact-checks and articles (set on every write
// path, filterable like any field, never public), GET /api/queue (assigned, sent back, overdue;
// newest first; the caller's own only) and the dashboard's needs-attention figures.
// On PGlite and on PostgreSQL (DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, request, signIn, type TestApp } from './build-test-app.ts';
import { buildArticle, buildFactcheck, createCriteria } from './factories.ts';

let t: TestApp;
type User = Awaited<ReturnType<typeof signIn>>;
let editor: User;
let checker: User;
let other: User;
let roleless: User;

const as = (user: User | undefined, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, body?: unknown) =>
  request(t.app, method, url, { token: user?.access_token, body });
const post = async (user: User, resource: string, doc: Record<string, unknown>) => {
  const res = await as(user, 'POST', `/api/${resource}`, doc);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.document as Record<string, unknown> & { _id: string };
};
const patch = (user: User, resource: string, id: string, ops: unknown[]) =>
  as(user, 'PATCH', `/api/${resource}/${id}`, ops);
const queueOf = async (user: User, qs = '') => {
  const res = await as(user, 'GET', `/api/queue${qs}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: Record<string, unknown>[]; total: number };
};

beforeAll(async () => {
  t = await buildTestApp();
  await createCriteria(t.app);
  editor = await signIn(t, ['editor']);
  checker = await signIn(t, ['fact-checker']);
  other = await signIn(t, ['fact-checker']);
  roleless = await signIn(t, []);
});
afterAll(async () => t?.close());

describe('assignment fields', () => {
  it('are set on create and by PATCH on fact-checks, articles and feed items, and filter like any field', async () => {
    const due = '2030-01-02T03:04:05.000Z';
    const fc = await post(editor, 'factcheck', buildFactcheck({ assignee: checker.sub, dueAt: due }));
    expect([fc.assignee, new Date(String(fc.dueAt)).toISOString()]).toEqual([checker.sub, due]);
    const art = await post(editor, 'article', buildArticle());
    expect(art.assignee).toBeNull();
    const assigned = await patch(editor, 'article', art._id, [
      { op: 'add', path: '/assignee', value: checker.sub },
      { op: 'add', path: '/dueAt', value: due },
    ]);
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const item = await post(editor, 'feed', { title: 'خبر متداول عن حلب', assignee: other.sub });
    expect(item.assignee).toBe(other.sub);

    for (const resource of ['factcheck', 'article']) {
      const mine = await as(editor, 'GET', `/api/${resource}?assignee=${checker.sub}&select=_id`);
      expect(mine.status).toBe(200);
      expect((mine.body.data as { _id: string }[]).map((d) => d._id)).toContain(
        resource === 'factcheck' ? fc._id : art._id,
      );
      const byDue = await as(editor, 'GET', `/api/${resource}?dueAt={gte}2030-01-01&select=_id`);
      expect(byDue.body.total).toBe(1);
      const unassigned = await as(editor, 'GET', `/api/${resource}?assignee={exists}false&_id=${fc._id}`);
      expect(unassigned.body.total).toBe(0);
    }
    const feedMine = await as(editor, 'GET', `/api/feed?assignee=${other.sub}`);
    expect(feedMine.body.total).toBe(1);
  });

  it('is not a substantive edit: the editor who assigns a fact-check may still publish it (four-eyes)', async () => {
    const { PUBLISHABLE_FACTCHECK_FIELDS } = await import('./factories.ts');
    const fc = await post(
      checker,
      'factcheck',
      buildFactcheck({ ...PUBLISHABLE_FACTCHECK_FIELDS, status: 'review' }),
    );
    const assign = await patch(editor, 'factcheck', fc._id, [
      { op: 'add', path: '/assignee', value: other.sub },
      { op: 'add', path: '/dueAt', value: '2031-05-05T10:00:00Z' },
    ]);
    expect(assign.status, JSON.stringify(assign.body)).toBe(200);
    const pub = await patch(editor, 'factcheck', fc._id, [
      { op: 'replace', path: '/status', value: 'published' },
    ]);
    expect(pub.status, JSON.stringify(pub.body)).toBe(200);
  });

  it('refuses an assignee that is not an active user, naming the field', async () => {
    const res = await as(editor, 'POST', '/api/factcheck', buildFactcheck({ assignee: 'nobody-at-all' }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.details).toHaveProperty('assignee');
    const bad = await as(editor, 'POST', '/api/feed', { title: 'x', dueAt: 'not a date' });
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('never reach public readers: not in the answer, not filterable', async () => {
    const fc = await post(
      editor,
      'factcheck',
      buildFactcheck({ status: 'review', assignee: checker.sub, dueAt: '2030-01-01T00:00:00Z' }),
    );
    const published = await patch(other, 'factcheck', fc._id, [
      { op: 'replace', path: '/status', value: 'published' },
    ]);
    // A fact-checker may not publish: the editor publishes a complete one instead.
    expect(published.status).toBe(403);
    const ready = await post(
      checker,
      'factcheck',
      buildFactcheck({ status: 'review', ...(await publishable()), assignee: checker.sub }),
    );
    const pub = await patch(editor, 'factcheck', ready._id, [
      { op: 'replace', path: '/status', value: 'published' },
    ]);
    expect(pub.status, JSON.stringify(pub.body)).toBe(200);
    for (const user of [undefined, roleless]) {
      const one = await as(user, 'GET', `/api/factcheck/${ready._id}`);
      expect(one.status).toBe(200);
      expect(one.body.data).toBeDefined();
      const doc = (one.body.data as Record<string, unknown>[])[0]!;
      expect(doc).not.toHaveProperty('assignee');
      expect(doc).not.toHaveProperty('dueAt');
      const filtered = await as(user, 'GET', `/api/factcheck?assignee=${checker.sub}`);
      expect([filtered.status, filtered.body.code]).toEqual([400, 'INVALID_QUERY']);
    }
  });
});

async function publishable() {
  const { PUBLISHABLE_FACTCHECK_FIELDS } = await import('./factories.ts');
  return PUBLISHABLE_FACTCHECK_FIELDS;
}

describe('GET /api/queue', () => {
  it('answers what is assigned to the caller, sent back to them and overdue, newest first, with status and language', async () => {
    const me = await signIn(t, ['fact-checker']);
    const assigned = await post(editor, 'factcheck', buildFactcheck({ assignee: me.sub, language: 'en' }));
    const overdue = await post(
      editor,
      'article',
      buildArticle({ assignee: me.sub, dueAt: new Date(Date.now() - 60_000).toISOString() }),
    );
    // Mine, unassigned: I submit it, the editor sends it back with a reason.
    const mine = await post(me, 'factcheck', buildFactcheck());
    expect(
      (await patch(me, 'factcheck', mine._id, [{ op: 'replace', path: '/status', value: 'review' }])).status,
    ).toBe(200);
    const back = await patch(editor, 'factcheck', mine._id, [
      { op: 'replace', path: '/status', value: 'draft' },
      { op: 'add', path: '/statusReason', value: 'المصدر غير موثّق' },
    ]);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    // Not in my queue: another's item, a published one, and my own edit of an item not sent back.
    await post(editor, 'factcheck', buildFactcheck({ assignee: other.sub }));
    await post(me, 'article', buildArticle());

    const queue = await queueOf(me);
    expect(queue.total).toBe(3);
    expect(queue.data.map((d) => [d._id, d.itemType, d.reason])).toEqual([
      [mine._id, 'factcheck', 'sent-back'],
      [overdue._id, 'article', 'overdue'],
      [assigned._id, 'factcheck', 'assigned'],
    ]);
    expect(queue.data[0]).toMatchObject({ status: 'draft', language: 'ar', statusReason: 'المصدر غير موثّق' });
    expect(queue.data[2]).toMatchObject({ status: 'draft', language: 'en', title: assigned.title });

    expect((await queueOf(me, '?reason=overdue')).data.map((d) => d._id)).toEqual([overdue._id]);
    expect((await queueOf(me, '?per_page=1&page=2')).data.map((d) => d._id)).toEqual([overdue._id]);

    // Resubmitted: no longer sent back. Unassigned: gone.
    await patch(me, 'factcheck', mine._id, [{ op: 'replace', path: '/status', value: 'review' }]);
    await patch(editor, 'factcheck', assigned._id, [{ op: 'replace', path: '/assignee', value: null }]);
    expect((await queueOf(me)).data.map((d) => d._id)).toEqual([overdue._id]);
  });

  it('holds feed items assigned to the caller until they are archived', async () => {
    const me = await signIn(t, ['editor']);
    const item = await post(editor, 'feed', { title: 'خبر للتحقق', assignee: me.sub });
    expect((await queueOf(me)).data.map((d) => [d._id, d.itemType, d.language])).toEqual([
      [item._id, 'feed', null],
    ]);
    await patch(editor, 'feed', item._id, [{ op: 'replace', path: '/status', value: 'archive' }]);
    expect((await queueOf(me)).total).toBe(0);
  });

  it('is for signed-in staff: 401 anonymous, empty for a user without roles, 400 on a bad query', async () => {
    const anon = await as(undefined, 'GET', '/api/queue');
    expect([anon.status, anon.body.code]).toEqual([401, 'UNAUTHORIZED']);
    expect(await queueOf(roleless)).toEqual({ data: [], total: 0 });
    for (const qs of ['?reason=later', '?per_page=1000', '?page=0', '?sort_by=title']) {
      const res = await as(editor, 'GET', `/api/queue${qs}`);
      expect([res.status, res.body.code], qs).toEqual([400, 'INVALID_QUERY']);
    }
  });
});

describe('GET /api/queue/attention', () => {
  it('counts overdue, in review over 24 h, new feed items over 6 h and translations needing an update, each with its list query', async () => {
    const res = await as(editor, 'GET', '/api/queue/attention');
    expect(res.status).toBe(200);
    const figures = res.body.data as { key: string; resource: string; query: string; count: number }[];
    expect(figures.map((f) => `${f.key}:${f.resource}`).sort()).toEqual(
      [
        'feed-6h:feed',
        'needs-update:article',
        'needs-update:factcheck',
        'overdue:article',
        'overdue:factcheck',
        'overdue:feed',
        'review-24h:article',
        'review-24h:factcheck',
      ].sort(),
    );
    // Each count is the total of its list query.
    for (const f of figures) {
      const list = await as(editor, 'GET', `/api/${f.resource}?${f.query}&per_page=1`);
      expect(list.status, f.query).toBe(200);
      expect(list.body.total, `${f.key} ${f.resource}`).toBe(f.count);
    }
    const overdue = figures.find((f) => f.key === 'overdue' && f.resource === 'article')!;
    expect(overdue.count).toBeGreaterThanOrEqual(1);
    expect((await as(undefined, 'GET', '/api/queue/attention')).status).toBe(401);
  });
});

describe('GET /api/queue/assignees', () => {
  it('offers the colleagues with a staff right on the resource, to staff only', async () => {
    const res = await as(editor, 'GET', '/api/queue/assignees?resource=factcheck');
    expect(res.status).toBe(200);
    const ids = (res.body.data as { _id: string; name: string }[]).map((u) => u._id);
    expect(ids).toEqual(expect.arrayContaining([editor.sub, checker.sub, other.sub]));
    expect(ids).not.toContain(roleless.sub);
    expect((await as(undefined, 'GET', '/api/queue/assignees?resource=feed')).status).toBe(401);
    expect((await as(roleless, 'GET', '/api/queue/assignees?resource=feed')).status).toBe(403);
    const bad = await as(editor, 'GET', '/api/queue/assignees?resource=user');
    expect([bad.status, bad.body.code]).toEqual([400, 'INVALID_QUERY']);
  });
});
