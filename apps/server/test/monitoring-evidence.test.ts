// Evidence archive: saving a fact-check snapshots the addresses of its references and claim
// sources in the background (hash, date, final URL, status), once per address; failures are
// recorded once; private addresses are refused without the allow-list.
import { createHash } from 'node:crypto';
import { evidenceSnapshot, inArray } from '@tabayyun/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';
import { buildFactcheck, create } from './factories.ts';
import { type FeedServer, startFeedServer } from './monitoring-server.ts';

let t: TestApp;
let strict: TestApp;
let server: FeedServer;

beforeAll(async () => {
  server = await startFeedServer();
  t = await buildTestApp({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1', EVIDENCE_SNAPSHOTS: 'true' } });
  strict = await buildTestApp({ env: { EVIDENCE_SNAPSHOTS: 'true' } });
});
afterAll(async () => {
  await t?.close();
  await strict?.close();
  await server?.close();
});

type Entry = {
  url: string;
  snapshot: null | {
    _id: string;
    status: string;
    finalUrl: string | null;
    httpStatus: number | null;
    sha256: string | null;
    size: number | null;
    fetchedAt: string | null;
    error: string | null;
    content: string | null;
  };
};

/** Waits until every cited address has a finished snapshot (the fetch runs in the background). */
async function evidenceOf(app: TestApp, id: string): Promise<Entry[]> {
  for (let i = 0; i < 100; i++) {
    await app.app.monitoring.evidence.idle();
    const res = await call(app.app, 'GET', `/api/factcheck/${id}/evidence`);
    expect(res.status).toBe(200);
    const data = res.body.data as Entry[];
    if (data.every((e) => e.snapshot && e.snapshot.status !== 'pending')) return data;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('evidence snapshots did not finish');
}

describe('evidence snapshots', () => {
  it('a saved fact-check gets a snapshot of each reference URL, with hash, date and final URL', async () => {
    const before = Date.now();
    const { _id } = await create(
      t.app,
      'factcheck',
      buildFactcheck({
        references: `<p>المصدر: <a href="${server.base}/evidence/page">البيان</a></p><p>${server.base}/evidence/report.pdf</p>`,
        sources: `<ul><li><a href="${server.base}/gone">صفحة محذوفة</a></li></ul>`,
      }),
    );
    const evidence = await evidenceOf(t, _id);
    expect(evidence.map((e) => e.url)).toEqual([
      `${server.base}/evidence/page`,
      `${server.base}/evidence/report.pdf`,
      `${server.base}/gone`,
    ]);
    const [page, pdf, gone] = evidence.map((e) => e.snapshot!);
    const pageBody = '<!doctype html><html><body><p>البيان الرسمي</p></body></html>';
    expect(page).toMatchObject({
      status: 'done',
      httpStatus: 200,
      finalUrl: `${server.base}/evidence/page`,
      sha256: createHash('sha256').update(pageBody).digest('hex'),
      size: Buffer.byteLength(pageBody),
      error: null,
    });
    expect(new Date(page!.fetchedAt!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(pdf).toMatchObject({ status: 'done', httpStatus: 200 });
    expect(pdf!.sha256).toMatch(/^[0-9a-f]{64}$/);
    // A failed fetch is recorded with its status and error.
    expect(gone).toMatchObject({ status: 'failed', httpStatus: 404, sha256: null, content: null });
    expect(gone!.error).toContain('http-error');

    // The stored copy is served to the back office only, as an attachment that cannot run scripts.
    const copy = await t.app.inject({
      method: 'GET',
      url: page!.content!,
      headers: { 'x-test-actor': 'superAdmin' },
    });
    expect(copy.statusCode).toBe(200);
    expect(copy.body).toBe(pageBody);
    expect(copy.headers['content-security-policy']).toBe('sandbox');
    expect(copy.headers['content-disposition']).toContain('attachment');
    const anonymous = await t.app.inject({ method: 'GET', url: page!.content! });
    expect(anonymous.statusCode).toBe(401);
    const reader = await t.app.inject({
      method: 'GET',
      url: page!.content!,
      headers: { 'x-test-actor': 'reader' },
    });
    expect(reader.statusCode).toBe(403);
  });

  it('an address is fetched once: saving again, or another fact-check citing it, adds no fetch', async () => {
    const hitsBefore = server.hits.get('/evidence/page') ?? 0;
    const goneBefore = server.hits.get('/gone') ?? 0;
    const { _id, document } = await create(
      t.app,
      'factcheck',
      buildFactcheck({
        references: `<a href="${server.base}/evidence/page">x</a> <a href="${server.base}/gone">y</a>`,
      }),
    );
    await call(t.app, 'PUT', `/api/factcheck/${_id}`, { ...document, title: 'عنوان معدل' });
    const evidence = await evidenceOf(t, _id);
    expect(evidence.map((e) => e.snapshot!.status)).toEqual(['done', 'failed']);
    expect(server.hits.get('/evidence/page') ?? 0).toBe(hitsBefore);
    // The failure is not retried.
    expect(server.hits.get('/gone') ?? 0).toBe(goneBefore);
  });

  it('references pointing at 127.0.0.1, 10.0.0.1 or 169.254.169.254 are refused without the allow-list', async () => {
    const { _id } = await create(
      strict.app,
      'factcheck',
      buildFactcheck({
        references: `<a href="${server.base}/evidence/page">a</a> <a href="http://10.0.0.1/x">b</a> <a href="http://169.254.169.254/latest/meta-data/">c</a>`,
      }),
    );
    const hitsBefore = server.hits.get('/evidence/page') ?? 0;
    const evidence = await evidenceOf(strict, _id);
    expect(evidence).toHaveLength(3);
    for (const e of evidence) {
      expect(e.snapshot!.status, e.url).toBe('failed');
      expect(e.snapshot!.error, e.url).toMatch(/^blocked-address/);
    }
    expect(server.hits.get('/evidence/page') ?? 0).toBe(hitsBefore);
  });
});

describe('evidence snapshots when the server stops', () => {
  it('stops at once: abandons the fetches under way, releases every address it did not fetch', async () => {
    // A site that never answers: each fetch would wait FETCH_TIMEOUT_MS, and the 2 at a time
    // would hold a stop for as long as the whole queue takes.
    const requests = new Set<import('node:http').ServerResponse>();
    server.routes.set('/never', (_req, res) => {
      requests.add(res);
    });
    const stopping = await buildTestApp({
      env: { FETCH_ALLOW_HOSTS: '127.0.0.1', EVIDENCE_SNAPSHOTS: 'true', FETCH_TIMEOUT_MS: '600000' },
    });
    try {
      const urls = Array.from({ length: 6 }, (_, i) => `${server.base}/never?source=${i}`);
      await create(
        stopping.app,
        'factcheck',
        buildFactcheck({ references: urls.map((url) => `<p><a href="${url}">مصدر</a></p>`).join('') }),
      );
      const rowsOf = () =>
        stopping.database.db.select().from(evidenceSnapshot).where(inArray(evidenceSnapshot.url, urls));
      // Claimed (pending), and two of them being fetched.
      for (let i = 0; i < 100 && requests.size < 2; i++) await new Promise((r) => setTimeout(r, 20));
      expect(requests.size).toBe(2);
      expect((await rowsOf()).map((row) => row.status)).toEqual(Array(6).fill('pending'));

      // The server stops (its close hooks run as on SIGTERM); before, it waited for the queue.
      await stopping.app.close();

      // Nothing left pending for ever: the next save that cites these addresses claims them again.
      expect(await rowsOf()).toEqual([]);
      expect(requests.size).toBe(2);
    } finally {
      await stopping.app.close();
      await stopping.database.drop();
      for (const res of requests) res.destroy();
      server.routes.delete('/never');
    }
  }, 30_000);
});
