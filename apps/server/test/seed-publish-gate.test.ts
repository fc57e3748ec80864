// Every published demo fact-check meets the publish gate (issue 33 §2) as @tabayyun/workflow
// defines it, with the newsroom's default settings (every item on): seeding bypasses the gate (it
// loads history as it was), so without this a seeded item an editor unpublishes could not be
// published again (422 PUBLISH_GATE). Also through the API: an editor unpublishes and republishes
// one seeded item of each language.
import { evaluatePublishGate } from '@tabayyun/workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../src/modules/seed/seed.service.ts';
import { loadGateContext } from '../src/modules/workflow/gate-context.ts';
import { readWorkflowSettings } from '../src/modules/workflow/workflow-settings.ts';
import { buildTestApp, call, request, signIn, type TestApp } from './build-test-app.ts';

type Doc = Record<string, unknown> & { _id: string };
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoContent({ db: t.database.db, resources: t.app.services.resources });
}, 180_000);
afterAll(() => t?.close());

async function publishedFactchecks(): Promise<Doc[]> {
  const all: Doc[] = [];
  for (let page = 1; ; page++) {
    const res = await call(t.app, 'GET', `/api/factcheck?status=published&per_page=50&page=${page}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data as Doc[];
    all.push(...data);
    if (data.length < 50) return all;
  }
}

describe('the demo fact-checks and the publish gate', () => {
  it('every published demo fact-check meets every gate item', async () => {
    const items = await publishedFactchecks();
    expect(items.length).toBeGreaterThanOrEqual(60);
    const settings = await readWorkflowSettings(t.database.db);
    expect(Object.values(settings.gate).every(Boolean)).toBe(true);
    const unmet: Record<string, string[]> = {};
    for (const doc of items) {
      const context = await loadGateContext(t.database.db, {
        doc,
        kind: 'factcheck',
        gate: settings.gate,
        site: { publicUrl: t.config.PUBLIC_URL, name: t.config.PRODUCT_NAME },
        now: new Date(),
      });
      const result = evaluatePublishGate(doc, context);
      if (result.unmet.length) unmet[`${doc._id} (${doc.language})`] = result.unmet.map((u) => u.key);
    }
    expect(unmet).toEqual({});
  });

  it('an editor unpublishes a seeded fact-check of each language and publishes it again', async () => {
    const editor = await signIn(t, ['editor']);
    const items = await publishedFactchecks();
    for (const language of ['ar', 'en', 'tr']) {
      const item = items.find((d) => d.language === language);
      expect(item, language).toBeDefined();
      const url = `/api/factcheck/${item!._id}`;
      const patch = (body: unknown) => request(t.app, 'PATCH', url, { token: editor.access_token, body });
      const unpublished = await patch([
        { op: 'replace', path: '/status', value: 'draft' },
        { op: 'add', path: '/statusReason', value: 'Checking the demo content' },
      ]);
      expect(unpublished.status, JSON.stringify(unpublished.body)).toBe(200);
      const republished = await patch([{ op: 'replace', path: '/status', value: 'published' }]);
      expect(republished.status, `${language}: ${JSON.stringify(republished.body)}`).toBe(200);
    }
  });
});
