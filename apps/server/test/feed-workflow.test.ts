import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';
import { create } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const newItem = async (status = 'new') =>
  create(t.app, 'feed', {
    title: 'خبر عن انقطاع الكهرباء في حمص',
    status,
    body: '<p>نص الخبر</p>',
    description: 'وصف',
  });
const setStatus = (id: string, value: string) =>
  call(t.app, 'PATCH', `/api/feed/${id}`, [{ op: 'replace', path: '/status', value }]);

describe('feed status actions', () => {
  it('new → review → archive → review, each logged in updateLog', async () => {
    const { _id } = await newItem();
    expect((await setStatus(_id, 'review')).status).toBe(200);
    expect((await setStatus(_id, 'archive')).status).toBe(200);
    const back = await setStatus(_id, 'review');
    expect(back.status).toBe(200);
    const log = (back.body.document as { updateLog: { from: string; to: string }[] }).updateLog;
    expect(log.map((e) => `${e.from}>${e.to}`)).toEqual(['new>review', 'review>archive', 'archive>review']);
  });

  it('new → archive is allowed; archive → new and unknown statuses are clear errors', async () => {
    const { _id } = await newItem();
    expect((await setStatus(_id, 'archive')).status).toBe(200);
    const toNew = await setStatus(_id, 'new');
    expect(toNew.status).toBe(409);
    expect(toNew.body.code).toBe('INVALID_TRANSITION');
    const bogus = await setStatus(_id, 'deleted');
    expect(bogus.status).toBe(400);
  });

  it('actions by name: archive, review; unknown names refused', async () => {
    const { _id } = await newItem();
    const res = await call(t.app, 'POST', `/api/feed/${_id}/review`);
    expect(res.status).toBe(200);
    expect((res.body.document as { status: string }).status).toBe('review');
    const unknown = await call(t.app, 'POST', `/api/feed/${_id}/publish`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('UNKNOWN_ACTION');
  });
});

describe('Investigate', () => {
  it('creates a linked draft fact-check from a feed item in review, once', async () => {
    const { _id } = await newItem('review');
    const res = await call(t.app, 'POST', '/api/factcheck', {
      title: 'تحقق: انقطاع الكهرباء في حمص',
      description: 'تحقق من خبر متداول',
      newsFeed: _id,
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ _id: res.body._id, title: 'تحقق: انقطاع الكهرباء في حمص' });
    expect((res.body.document as { status: string; newsFeed: string }).status).toBe('draft');
    const item = await call(t.app, 'GET', `/api/feed/${_id}?lookup=factcheck`);
    const doc = (item.body.data as Record<string, unknown>[])[0]!;
    expect(doc.factcheck).toMatchObject({
      _id: res.body._id,
      title: 'تحقق: انقطاع الكهرباء في حمص',
      status: 'draft',
    });

    const again = await call(t.app, 'POST', '/api/factcheck', {
      title: 'مرة ثانية',
      description: 'x',
      newsFeed: _id,
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('INVALID_TRANSITION');
    // The failed second attempt left no fact-check behind.
    const count = await call(t.app, 'GET', `/api/factcheck/count?newsFeed=${_id}`);
    expect(count.body.data).toBe(1);
  });

  it('by action name copies title, body and sources from the feed item', async () => {
    const { _id } = await newItem('review');
    const res = await call(t.app, 'POST', `/api/feed/${_id}/investigate`);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ title: 'خبر عن انقطاع الكهرباء في حمص' });
    expect((res.body.document as { content: string }).content).toContain('نص الخبر');
  });

  it('is refused for new and archived items, and for unknown feed ids', async () => {
    for (const status of ['new', 'archive']) {
      const { _id } = await newItem(status);
      const res = await call(t.app, 'POST', '/api/factcheck', {
        title: 't',
        description: 'd',
        newsFeed: _id,
      });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('INVALID_TRANSITION');
    }
    const ghost = await call(t.app, 'POST', '/api/factcheck', {
      title: 't',
      description: 'd',
      newsFeed: '0123456789abcdef01234567',
    });
    expect(ghost.status).toBe(400);
  });

  it('the fact-check link cannot be overwritten by a PATCH', async () => {
    const { _id } = await newItem('review');
    const fc = await call(t.app, 'POST', '/api/factcheck', { title: 't', description: 'd', newsFeed: _id });
    const res = await call(t.app, 'PATCH', `/api/feed/${_id}`, [
      { op: 'replace', path: '/factcheck', value: { _id: '0123456789abcdef01234567', title: 'x' } },
    ]);
    expect(res.status).toBe(409);
    // Re-sending the same link (what the original client did after POST) is accepted.
    const same = await call(t.app, 'PATCH', `/api/feed/${_id}`, [
      { op: 'replace', path: '/status', value: 'review' },
      { op: 'replace', path: '/factcheck', value: { _id: fc.body._id, title: 't' } },
    ]);
    expect(same.status).toBe(200);
  });
});
