// Scheduled publishing, server side (issue 33 §5, ADR 039): `publishAt` on fact-checks and
// articles, set by someone who may publish an item that passes the gate; clearing it cancels; the
// scheduler publishes it once, checking the state machine, four-eyes and the gate again at that
// moment; a refusal clears the schedule and is an audit entry. Both engines; two instances on one
// PostgreSQL are in workflow-scheduled-publish-instances.test.ts.
import { sql } from '@tabayyun/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDuePublish } from '../src/modules/workflow/scheduled-publish.ts';
import { buildTestApp, call, request, signIn, type TestApp } from './build-test-app.ts';
import { buildPublishableFactcheck, createCriteria } from './factories.ts';

let t: TestApp;
type Who = { sub: string; access_token: string };
let writer: Who;
let editor: Who;

beforeAll(async () => {
  t = await buildTestApp();
  await createCriteria(t.app);
  writer = await signIn(t, ['fact-checker']);
  editor = await signIn(t, ['editor']);
});
afterAll(() => t?.close());

const send = (who: Who, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, body?: unknown) =>
  request(t.app, method, url, { token: who.access_token, ...(body === undefined ? {} : { body }) });

async function stored(id: string, resource = 'factcheck') {
  return ((await call(t.app, 'GET', `/api/${resource}/${id}`)).body.data as Record<string, unknown>[])[0]!;
}

async function inReview(fields: Record<string, unknown> = {}): Promise<string> {
  const res = await send(
    writer,
    'POST',
    '/api/factcheck',
    buildPublishableFactcheck({ status: 'review', ...fields }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { _id: string })._id;
}

const schedule = (who: Who, id: string, at: Date | null, resource = 'factcheck') =>
  send(who, 'PATCH', `/api/${resource}/${id}`, [
    { op: 'add', path: '/publishAt', value: at ? at.toISOString() : null },
  ]);

/** Moves a schedule into the past, as time passing would. */
const due = (id: string, resource = 'factcheck') =>
  t.database.db.execute(
    sql`update ${sql.identifier(resource)} set publish_at = now() - interval '1 second' where _id = ${id} and publish_at is not null`,
  );

describe('setting publishAt', () => {
  it('is for someone who may publish, on an item that passes the gate', async () => {
    const id = await inReview();
    const soon = new Date(Date.now() + 3600_000);
    const byFactChecker = await schedule(writer, id, soon);
    expect(byFactChecker.status).toBe(403);
    expect(byFactChecker.body).toMatchObject({
      code: 'TRANSITION_NOT_ALLOWED',
      details: { rule: 'schedule' },
    });

    const incomplete = await inReview({ conclusion: '' });
    const refused = await schedule(editor, incomplete, soon);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('PUBLISH_GATE');

    const ok = await schedule(editor, id, soon);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await stored(id)).toMatchObject({
      status: 'review',
      publishAt: soon.toISOString(),
      scheduledBy: editor.sub,
    });
  });

  it('four-eyes applies to the one who schedules', async () => {
    const own = await send(editor, 'POST', '/api/factcheck', buildPublishableFactcheck({ status: 'review' }));
    const res = await schedule(editor, (own.body as { _id: string })._id, new Date(Date.now() + 60_000));
    expect(res.body).toMatchObject({ code: 'TRANSITION_NOT_ALLOWED', details: { rule: 'four-eyes' } });
  });

  it('clearing it cancels', async () => {
    const id = await inReview();
    expect((await schedule(editor, id, new Date(Date.now() + 60_000))).status).toBe(200);
    expect((await schedule(editor, id, null)).status).toBe(200);
    expect(await stored(id)).toMatchObject({ publishAt: null, scheduledBy: null });
    await due(id);
    expect(await claimDuePublish(t.database.db, 'factcheck')).toBeUndefined();
  });
});

describe('the scheduler', () => {
  it('publishes a due item once, as the one who scheduled it', async () => {
    const id = await inReview();
    expect((await schedule(editor, id, new Date(Date.now() + 60_000))).status).toBe(200);
    expect(await t.app.workflow.scheduler.tick()).not.toContain(id);
    await due(id);
    expect(await t.app.workflow.scheduler.tick()).toEqual([id]);
    expect(await t.app.workflow.scheduler.tick()).toEqual([]);
    const after = await stored(id);
    expect(after).toMatchObject({ status: 'published', publishAt: null, scheduledBy: null });
    await t.app.services.audit.flush();
    const audit = await call(t.app, 'GET', `/api/audit?target=${id}&type=publish`);
    expect(audit.body.data).toEqual([expect.objectContaining({ actor: editor.sub })]);
  });

  it('checks the gate again at that moment: a failure clears the schedule and is in the audit log', async () => {
    const id = await inReview();
    expect((await schedule(editor, id, new Date(Date.now() + 60_000))).status).toBe(200);
    // Someone else empties the conclusion after the item was scheduled.
    const emptied = await send(writer, 'PATCH', `/api/factcheck/${id}`, [
      { op: 'replace', path: '/conclusion', value: '' },
    ]);
    expect(emptied.status).toBe(200);
    await due(id);
    expect(await t.app.workflow.scheduler.tick()).toEqual([]);
    expect(await stored(id)).toMatchObject({ status: 'review', publishAt: null });
    await t.app.services.audit.flush();
    const audit = await call(t.app, 'GET', `/api/audit?target=${id}&type=scheduled-publish-failed`);
    expect(audit.body.data).toEqual([
      expect.objectContaining({
        actor: editor.sub,
        details: expect.objectContaining({
          code: 'PUBLISH_GATE',
          scheduledBy: editor.sub,
          details: expect.objectContaining({ unmet: [expect.objectContaining({ key: 'conclusion' })] }),
        }),
      }),
    ]);
  });

  it('a scheduler who lost the publish right cannot publish', async () => {
    const id = await inReview();
    const demoted = await signIn(t, ['editor']);
    expect((await schedule(demoted, id, new Date(Date.now() + 60_000))).status).toBe(200);
    await t.database.db.execute(sql`update "user" set roles = '{fact-checker}' where _id = ${demoted.sub}`);
    await due(id);
    expect(await t.app.workflow.scheduler.tick()).toEqual([]);
    expect(await stored(id)).toMatchObject({ status: 'review', publishAt: null });
  });

  it('publishes scheduled articles too', async () => {
    const created = await send(writer, 'POST', '/api/article', {
      title: 'مقال مجدول',
      description: 'و',
      status: 'review',
    });
    const id = (created.body as { _id: string })._id;
    expect((await schedule(editor, id, new Date(Date.now() + 60_000), 'article')).status).toBe(200);
    await due(id, 'article');
    expect(await t.app.workflow.scheduler.tick()).toEqual([id]);
    expect(await stored(id, 'article')).toMatchObject({ status: 'published', publishAt: null });
  });
});
