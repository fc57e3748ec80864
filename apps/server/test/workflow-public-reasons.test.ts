// Which workflow reasons the public sees (issue 33 §1, §4; ADR 048). The reason of a status change
// (`statusReason`: a send-back's, or one given with a publish) is the newsroom's own: never in a
// public answer of the API, nor selectable, filterable or sortable by the public. The one public
// reason is a withdrawal's: the tombstone shows the reason given with the unpublish
// (`withdrawnReason`), and keeps showing it when the withdrawn item is later submitted and sent
// back with an internal reason; republishing clears it. Runs on PGlite, and on PostgreSQL with
// DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild } from '../src/modules/site/web-build.ts';
import { buildTestApp, call, request, signIn, type TestApp } from './build-test-app.ts';
import { buildPublishableFactcheck, createCriteria } from './factories.ts';

type Doc = Record<string, unknown> & { _id: string };
type Who = { sub: string; access_token: string };
let t: TestApp;
let checker: Who;
let editor: Who;

beforeAll(async () => {
  ensureWebBuild();
  t = await buildTestApp({ site: true });
  await createCriteria(t.app);
  checker = await signIn(t, ['fact-checker']);
  editor = await signIn(t, ['editor']);
}, 600_000);
afterAll(() => t?.close());

const send = (who: Who, method: 'POST' | 'PATCH', url: string, body: unknown) =>
  request(t.app, method, url, { token: who.access_token, body });
const move = (who: Who, id: string, to: string, reason?: string) =>
  send(who, 'PATCH', `/api/factcheck/${id}`, [
    { op: 'replace', path: '/status', value: to },
    ...(reason ? [{ op: 'add', path: '/statusReason', value: reason }] : []),
  ]);
const staffRead = async (id: string): Promise<Doc> =>
  ((await call(t.app, 'GET', `/api/factcheck/${id}`)).body.data as Doc[])[0]!;

/** A fact-check written by the fact-checker, in review, in English. */
async function inReview(title: string): Promise<Doc> {
  const made = await send(
    checker,
    'POST',
    '/api/factcheck',
    buildPublishableFactcheck({ status: 'review', language: 'en', title }),
  );
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return staffRead((made.body as { _id: string })._id);
}

const tombstone = async (doc: Doc) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/en/factcheck/${encodeURIComponent(String(doc.slug))}`,
  });
  return { status: res.statusCode, body: res.body };
};

describe('the reason of a status change is internal', () => {
  it('a reason given with a publish is not in any public answer', async () => {
    const item = await inReview('Public reasons: published with a note');
    const published = await move(editor, item._id, 'published', 'Checked twice by the desk: internal note');
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect((await staffRead(item._id)).statusReason).toBe('Checked twice by the desk: internal note');

    const one = await call(t.app, 'GET', `/api/factcheck/${item._id}`, undefined, 'anonymous');
    expect(one.status).toBe(200);
    const doc = (one.body.data as Doc[])[0]!;
    expect(doc.title).toBe('Public reasons: published with a note');
    expect(doc).not.toHaveProperty('statusReason');
    const list = await call(
      t.app,
      'GET',
      '/api/factcheck?status=published&per_page=50',
      undefined,
      'anonymous',
    );
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain('internal note');
    // Nor can the public ask for it, or probe it one filter at a time.
    for (const query of ['select=title,statusReason', 'statusReason=Checked*', 'sort_by=statusReason']) {
      const probe = await call(t.app, 'GET', `/api/factcheck?${query}`, undefined, 'anonymous');
      expect([probe.status, probe.body.code], query).toEqual([400, 'INVALID_QUERY']);
    }
  });
});

describe('the tombstone shows the unpublish reason, and only it', () => {
  it('keeps the withdrawal reason through a later submit and send-back; republishing clears it', async () => {
    const item = await inReview('Public reasons: withdrawn, then sent back');
    expect((await move(editor, item._id, 'published')).status).toBe(200);
    const withdrawal = 'The footage was from another country.';
    const unpublished = await move(editor, item._id, 'draft', withdrawal);
    expect(unpublished.status, JSON.stringify(unpublished.body)).toBe(200);
    expect(await staffRead(item._id)).toMatchObject({
      statusReason: withdrawal,
      withdrawnReason: withdrawal,
    });
    const first = await tombstone(item);
    expect(first.status).toBe(410);
    expect(first.body).toContain(withdrawal);

    // The author reworks it, submits it, and an editor sends it back with an internal reason.
    expect((await move(checker, item._id, 'review')).status).toBe(200);
    const internal = 'Ask the ministry again before we republish: internal';
    const sentBack = await move(editor, item._id, 'draft', internal);
    expect(sentBack.status, JSON.stringify(sentBack.body)).toBe(200);
    expect(await staffRead(item._id)).toMatchObject({ statusReason: internal, withdrawnReason: withdrawal });
    const second = await tombstone(item);
    expect(second.status).toBe(410);
    expect(second.body).toContain(withdrawal);
    expect(second.body).not.toContain('Ask the ministry again');

    // A client cannot write the public reason itself: the workflow sets it.
    const forged = await send(editor, 'PATCH', `/api/factcheck/${item._id}`, [
      { op: 'add', path: '/withdrawnReason', value: 'A forged public reason' },
    ]);
    expect(forged.status).toBe(200);
    expect((await staffRead(item._id)).withdrawnReason).toBe(withdrawal);

    // Republished: the page is back and the withdrawal's reason is gone.
    expect((await move(checker, item._id, 'review')).status).toBe(200);
    expect((await move(editor, item._id, 'published')).status).toBe(200);
    expect(await staffRead(item._id)).toMatchObject({ withdrawnAt: null, withdrawnReason: null });
    expect((await tombstone(item)).status).toBe(200);
  });
});
