// Issue 35 §3: a notification per event (assigned, mentioned, sent back, published, a scheduled
// publish failed, a feed item matches your fact-check), never for the actor's own action; the
// caller's own only, mark one or all read; mail through the real SMTP test server, immediately or
// in one daily digest per the user's settings. On PGlite and on PostgreSQL (DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, request, signIn, type TestApp } from './build-test-app.ts';
import { buildArticle, buildFactcheck, createCriteria, PUBLISHABLE_FACTCHECK_FIELDS } from './factories.ts';
import { type FeedServer, rssFeed, startFeedServer } from './monitoring-server.ts';
import { decodeQp, startTestSmtp, type TestSmtp } from './test-smtp.ts';

let t: TestApp;
let smtp: TestSmtp;
let feeds: FeedServer;
type User = Awaited<ReturnType<typeof signIn>>;
let editor: User;
let editor2: User;
let checker: User;

type Note = {
  _id: string;
  kind: string;
  item: string;
  itemType: string;
  actor: string | null;
  read: boolean;
  details: Record<string, unknown>;
};

const as = (user: User | undefined, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, body?: unknown) =>
  request(t.app, method, url, { token: user?.access_token, body });
const post = async (user: User, resource: string, doc: Record<string, unknown>) => {
  const res = await as(user, 'POST', `/api/${resource}`, doc);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.document as Record<string, unknown> & { _id: string; title: string };
};
const patch = async (user: User, resource: string, id: string, ops: unknown[]) => {
  const res = await as(user, 'PATCH', `/api/${resource}/${id}`, ops);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.document as Record<string, unknown>;
};
const notificationsOf = async (user: User, qs = '?per_page=100') => {
  const res = await as(user, 'GET', `/api/notification${qs}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: Note[]; total: number; unread: number };
};
const kindsFor = async (user: User, item: string) =>
  (await notificationsOf(user)).data.filter((n) => n.item === item).map((n) => n.kind);
/** The mails delivered to `email` since the last call, decoded. */
const takeMails = (email: string) => {
  const mine = smtp.inbox.filter((m) => m.to.includes(email));
  smtp.inbox = smtp.inbox.filter((m) => !m.to.includes(email));
  return mine.map((m) => decodeQp(m.raw));
};

beforeAll(async () => {
  smtp = await startTestSmtp();
  feeds = await startFeedServer();
  t = await buildTestApp({
    env: { SMTP_URL: smtp.url, FETCH_ALLOW_HOSTS: '127.0.0.1', PUBLIC_URL: 'https://desk.example' },
  });
  await createCriteria(t.app);
  editor = await signIn(t, ['editor']);
  editor2 = await signIn(t, ['editor']);
  checker = await signIn(t, ['fact-checker']);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await feeds?.close();
});

describe('notifications per event', () => {
  it('assigned: the assignee hears of it, by the bell and by an immediate mail; the assigner does not', async () => {
    const fc = await post(editor, 'factcheck', buildFactcheck({ title: 'ادعاء عن سد الفرات' }));
    await patch(editor, 'factcheck', fc._id, [{ op: 'add', path: '/assignee', value: checker.sub }]);
    const mine = (await notificationsOf(checker)).data.find((n) => n.item === fc._id)!;
    expect(mine).toMatchObject({ kind: 'assigned', itemType: 'factcheck', actor: editor.sub, read: false });
    expect(mine.details.title).toBe('ادعاء عن سد الفرات');
    expect(await kindsFor(editor, fc._id)).toEqual([]);
    const mails = takeMails(checker.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('ادعاء عن سد الفرات');
    expect(mails[0]).toContain(`https://desk.example/panel/factcheck/edit/${fc._id}`);
    // Assigning an article and a feed item notifies as well; assigning oneself does not.
    const art = await post(editor, 'article', buildArticle({ assignee: checker.sub }));
    expect(await kindsFor(checker, art._id)).toEqual(['assigned']);
    const item = await post(editor, 'feed', { title: 'خبر', assignee: editor.sub });
    expect(await kindsFor(editor, item._id)).toEqual([]);
    takeMails(checker.email);
  });

  it('sent back: the one who submitted hears of it with the reason', async () => {
    const fc = await post(checker, 'factcheck', buildFactcheck());
    await patch(checker, 'factcheck', fc._id, [{ op: 'replace', path: '/status', value: 'review' }]);
    expect(await kindsFor(editor, fc._id)).toEqual([]);
    await patch(editor, 'factcheck', fc._id, [
      { op: 'replace', path: '/status', value: 'draft' },
      { op: 'add', path: '/statusReason', value: 'ينقص مصدر ثانٍ' },
    ]);
    const back = (await notificationsOf(checker)).data.find((n) => n.item === fc._id)!;
    expect(back).toMatchObject({ kind: 'sent-back', actor: editor.sub });
    expect(back.details.reason).toBe('ينقص مصدر ثانٍ');
    expect(takeMails(checker.email).join()).toContain('ينقص مصدر ثانٍ');
  });

  it('published: the author hears of it (in the digest by default), the publisher does not', async () => {
    const fc = await post(
      checker,
      'factcheck',
      buildFactcheck({ ...PUBLISHABLE_FACTCHECK_FIELDS, status: 'review' }),
    );
    await patch(editor, 'factcheck', fc._id, [{ op: 'replace', path: '/status', value: 'published' }]);
    expect(await kindsFor(checker, fc._id)).toEqual(['published']);
    expect(await kindsFor(editor, fc._id)).toEqual([]);
    expect(takeMails(checker.email)).toEqual([]);
  });

  it('a scheduled publish failed: the user who scheduled it hears of it', async () => {
    // Scheduled when complete; the conclusion is then removed, so the publish gate refuses it when due.
    const fc = await post(
      checker,
      'factcheck',
      buildFactcheck({ ...PUBLISHABLE_FACTCHECK_FIELDS, status: 'review' }),
    );
    await patch(editor, 'factcheck', fc._id, [
      { op: 'add', path: '/publishAt', value: new Date(Date.now() + 1500).toISOString() },
    ]);
    await patch(checker, 'factcheck', fc._id, [{ op: 'replace', path: '/conclusion', value: null }]);
    await new Promise((r) => setTimeout(r, 1600));
    expect(await t.app.workflow.scheduler.tick()).toEqual([]);
    await t.app.services.notifications.idle();
    const failed = (await notificationsOf(editor)).data.find((n) => n.item === fc._id)!;
    expect(failed).toMatchObject({ kind: 'scheduled-publish-failed', actor: null });
    expect(failed.details.code).toBe('PUBLISH_GATE');
    expect(takeMails(editor.email).join()).toContain('failed');
  });

  it('a feed item matches your fact-check: its assignee hears of it when monitoring stores the item', async () => {
    const title = 'صورة تُظهر انهيار سدّ الفرات في مدينة الرقة';
    const fc = await post(
      checker,
      'factcheck',
      buildFactcheck({ ...PUBLISHABLE_FACTCHECK_FIELDS, status: 'review', title, assignee: editor2.sub }),
    );
    await patch(editor, 'factcheck', fc._id, [{ op: 'replace', path: '/status', value: 'published' }]);
    feeds.routes.set('/claims.xml', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.end(
        rssFeed(feeds.base, [{ guid: 'restated', title: 'صوره تظهر انهيار سد الفرات في مدينه الرقه' }]),
      );
    });
    const source = await post(editor, 'media-source', { name: 'صفحة', feeds: [`${feeds.base}/claims.xml`] });
    const run = await as(editor, 'POST', `/api/media-source/${source._id}/run`);
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    await t.app.services.notifications.idle();
    const matched = (await notificationsOf(editor2)).data.filter((n) => n.kind === 'feed-match');
    expect(matched).toHaveLength(1);
    expect(matched[0]).toMatchObject({ itemType: 'feed', actor: null });
    expect(matched[0]!.details).toMatchObject({ factcheck: fc._id, factcheckTitle: title });
  });
});

describe('the caller’s own notifications', () => {
  it('lists only mine, marks one and then all read; another’s is not found', async () => {
    const before = await notificationsOf(checker);
    expect(before.unread).toBeGreaterThan(1);
    expect(before.data.every((n) => typeof n._id === 'string')).toBe(true);
    const first = before.data[0]!;
    const other = await as(editor, 'POST', `/api/notification/${first._id}/read`);
    expect([other.status, other.body.code]).toEqual([404, 'NOT_FOUND']);
    const one = await as(checker, 'POST', `/api/notification/${first._id}/read`);
    expect(one.status).toBe(200);
    expect((await notificationsOf(checker)).unread).toBe(before.unread - 1);
    const unreadOnly = await notificationsOf(checker, '?read=false');
    expect(unreadOnly.data.map((n) => n._id)).not.toContain(first._id);
    const again = await as(checker, 'PATCH', `/api/notification/${first._id}`, { read: false });
    expect((again.body.data as Note[])[0]!.read).toBe(false);
    const all = await as(checker, 'POST', '/api/notification/read-all');
    expect(all.body.data).toEqual({ updated: before.unread });
    expect((await notificationsOf(checker)).unread).toBe(0);
    // Editors' notifications are untouched.
    expect((await notificationsOf(editor)).unread).toBeGreaterThan(0);
  });

  it('answers 401 to anonymous callers and 400 to bad queries and bodies', async () => {
    for (const url of ['/api/notification', '/api/notification/settings']) {
      const res = await as(undefined, 'GET', url);
      expect([res.status, res.body.code]).toEqual([401, 'UNAUTHORIZED']);
    }
    expect((await as(undefined, 'POST', '/api/notification/read-all')).status).toBe(401);
    for (const qs of ['?read=maybe', '?per_page=0', '?page=x', '?kind=assigned']) {
      const res = await as(checker, 'GET', `/api/notification${qs}`);
      expect([res.status, res.body.code], qs).toEqual([400, 'INVALID_QUERY']);
    }
    const bad = await as(checker, 'PUT', '/api/notification/settings', {
      email: { assigned: 'hourly', nope: 'off' },
    });
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(Object.keys(bad.body.details as object).sort()).toEqual(['email.assigned', 'email.nope']);
  });
});

describe('mail settings per user and kind', () => {
  it('off sends nothing; digest sends one daily mail with every pending notification, once', async () => {
    const user = await signIn(t, ['fact-checker']);
    const defaults = await as(user, 'GET', '/api/notification/settings');
    expect(defaults.body).toEqual({
      email: {
        assigned: 'immediate',
        mentioned: 'immediate',
        'sent-back': 'immediate',
        published: 'digest',
        'scheduled-publish-failed': 'immediate',
        'feed-match': 'digest',
      },
    });
    const off = await as(user, 'PUT', '/api/notification/settings', { email: { assigned: 'off' } });
    expect((off.body.email as Record<string, string>).assigned).toBe('off');
    const a = await post(editor, 'factcheck', buildFactcheck({ title: 'أول', assignee: user.sub }));
    expect(await kindsFor(user, a._id)).toEqual(['assigned']);
    expect(takeMails(user.email)).toEqual([]);

    await as(user, 'PUT', '/api/notification/settings', { email: { assigned: 'digest' } });
    const b = await post(editor, 'factcheck', buildFactcheck({ title: 'ثاني عنصر', assignee: user.sub }));
    const c = await post(editor, 'article', buildArticle({ title: 'ثالث عنصر', assignee: user.sub }));
    expect(takeMails(user.email)).toEqual([]);
    const notifications = t.app.services.notifications;
    expect(await notifications.sendDueDigests()).toBe(0);
    const tomorrow = new Date(Date.now() + 25 * 3_600_000);
    expect(await notifications.sendDueDigests({ now: tomorrow })).toBeGreaterThanOrEqual(1);
    const digest = takeMails(user.email);
    expect(digest).toHaveLength(1);
    expect(digest[0]).toContain('ثاني عنصر');
    expect(digest[0]).toContain('ثالث عنصر');
    expect(digest[0]).not.toContain('أول');
    expect(digest[0]).toContain(`/panel/article/edit/${c._id}`);
    expect(b._id).toBeTruthy();
    await notifications.sendDueDigests({ now: tomorrow });
    expect(takeMails(user.email)).toEqual([]);
  });
});
