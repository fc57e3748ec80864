// The access matrix, generated from the default rules: for every rule path the HTTP API serves,
// every action and every role (and anonymous), the engine's decision must be what the HTTP API
// does with a real token: granted calls succeed, the others answer 403 (401 without a token).
// A new rule path fails the "covers every rule" test until it is mapped or skipped here.
import { ACTIONS, type Actor, ANONYMOUS_ACTOR, authorize, buildRuleTree } from '@tabayyun/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRules } from '../src/plugins/default-rules.ts';
import { buildTestApp, call, request, signIn, TEST_PASSWORD, type TestApp } from './build-test-app.ts';
import { buildFactcheck, create } from './factories.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Sample {
  /** A valid new record (a function: unique values per call). */
  build: () => Record<string, unknown>;
  /** A PATCH operation list valid for any record of this resource. */
  patch: Record<string, unknown>[];
}

let n = 0;
const uid = () => `${Date.now().toString(36)}${++n}`;
let mediaSourceId = '';
let publishedId = '';

const SAMPLES: Record<string, Sample> = {
  factcheck: {
    build: () => ({ title: `ادعاء ${uid()}`, description: 'وصف', status: 'draft' }),
    patch: [{ op: 'replace', path: '/title', value: 'عنوان' }],
  },
  article: {
    build: () => ({ title: `مقال ${uid()}`, description: 'وصف', status: 'draft' }),
    patch: [{ op: 'replace', path: '/title', value: 'عنوان' }],
  },
  feed: {
    build: () => ({ title: `خبر ${uid()}` }),
    patch: [{ op: 'replace', path: '/title', value: 'خبر' }],
  },
  category: {
    build: () => {
      const id = `matrix-${uid()}`;
      return { _id: id, slug: id, name: 'تصنيف' };
    },
    patch: [{ op: 'replace', path: '/name', value: 'اسم' }],
  },
  author: {
    build: () => ({ name: `كاتب ${uid()}` }),
    patch: [{ op: 'replace', path: '/name', value: 'كاتب' }],
  },
  'media-source': {
    build: () => ({ name: `مصدر ${uid()}` }),
    patch: [{ op: 'replace', path: '/name', value: 'مصدر' }],
  },
  'media-source-run': {
    build: () => ({ mediaSource: mediaSourceId }),
    patch: [{ op: 'replace', path: '/status', value: 'done' }],
  },
  'scraping-report': {
    build: () => ({ mediaSource: mediaSourceId, status: 'success' }),
    patch: [{ op: 'replace', path: '/status', value: 'failed' }],
  },
  // Partners' webhooks (issue 36 §3); deliveries and redeliver: webhooks.test.ts.
  webhook: {
    build: () => ({
      url: `https://partner.example.org/hooks/${uid()}`,
      events: ['published'],
      secret: 'matrix-secret-0123456789',
    }),
    patch: [{ op: 'replace', path: '/active', value: false }],
  },
  contact: {
    build: () => ({ name: 'قارئ', email: 'reader@example.org', subject: 'رسالة' }),
    patch: [{ op: 'replace', path: '/name', value: 'x' }],
  },
  user: {
    build: () => {
      const email = `matrix-${uid()}@example.org`;
      return { email, username: email, name: 'مستخدم', roles: [] };
    },
    patch: [{ op: 'replace', path: '/name', value: 'اسم' }],
  },
  role: {
    build: () => ({ _id: `matrix-${uid()}`, name: 'دور' }),
    patch: [{ op: 'replace', path: '/name', value: 'دور' }],
  },
  permission: {
    build: () => ({ name: 'matrix', path: `/matrix/${uid()}`, actions: {} }),
    patch: [{ op: 'replace', path: '/name', value: 'm' }],
  },
};

/** Rule paths with no HTTP call of their own here, and why. */
const SKIPPED: Record<string, string> = {
  '/dashboard': 'a back office page: the browser gates it with the same engine',
  '/storage': 'the files module tests its routes (issue 4)',
  '/api/storage': 'the files module tests its routes (issue 4)',
  '/api/correction': 'corrections.test.ts (issue 33: needs a published item; never changed)',
};
/** Audit writes are refused to everyone (405), super-admin included: tested in identity-admin. */
const ACTIONS_WITHOUT_ROUTE: Record<string, readonly string[]> = {
  '/api/audit': ['Create', 'Update', 'Patch', 'Delete'],
  // Settings → Workflow is read (GET) and replaced (PUT) only (issue 33).
  '/api/settings/workflow': ['Create', 'Patch', 'Delete'],
};

const ROLES: Record<string, readonly string[] | null> = {
  'super-admin': ['super-admin'],
  admin: ['admin'],
  editor: ['editor'],
  'fact-checker': ['fact-checker'],
  'signed-in, no role': [],
  anonymous: null,
};

const rules = defaultRules('/api', { storageBase: '/storage' });
const tree = buildRuleTree(rules);

let t: TestApp;
const actors: Record<string, { actor: Actor; token?: string }> = {};

beforeAll(async () => {
  t = await buildTestApp({ env: { CONTACT_RATE_MAX: '10000', READ_RATE_MAX: '10000' } });
  for (const [name, roles] of Object.entries(ROLES)) {
    if (roles === null) {
      actors[name] = { actor: ANONYMOUS_ACTOR };
      continue;
    }
    const user = await signIn(t, roles);
    actors[name] = {
      actor: { sub: user.sub, roles, anonymous: false, email: user.email },
      token: user.access_token,
    };
  }
  mediaSourceId = (await call(t.app, 'POST', '/api/media-source', { name: 'مصدر المصفوفة' })).body
    ._id as string;
  // Complete, so it passes the publish gate (ADR 039).
  publishedId = (await create(t.app, 'factcheck', buildFactcheck({ title: 'منشور', status: 'published' })))
    ._id;
});
afterAll(() => t.close());

/** A fresh record made by the test's super-admin, so each case writes or deletes its own. */
async function fixture(resource: string): Promise<{ id: string; body: Record<string, unknown> }> {
  const body = SAMPLES[resource]!.build();
  const res =
    resource === 'user'
      ? await call(t.app, 'POST', '/auth/signup', { ...body, password: TEST_PASSWORD })
      : await call(t.app, 'POST', `/api/${resource}`, body);
  if (res.status !== 200) throw new Error(`fixture ${resource}: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: (res.body._id as string) ?? (res.body as { _id: string })._id, body };
}

/** The HTTP call of (path, action), or undefined when the path is not served by this test. */
async function callFor(
  path: string,
  action: string,
  who: string,
): Promise<{ method: Method; url: string; body?: unknown } | undefined> {
  const resource = /^\/api\/([a-z-]+)$/.exec(path)?.[1];
  if (path === '/api/user/:id')
    return { method: 'GET', url: `/api/user/${actors[who]!.actor.sub ?? '0'.repeat(24)}` };
  if (path === '/api/stats/factcheck') return { method: 'GET', url: '/api/stats/factcheck?by=category' };
  if (path === '/api/count/category') return { method: 'GET', url: '/api/count/category' };
  if (path === '/api/count/read')
    return { method: 'POST', url: '/api/count/read', body: { _id: publishedId } };
  if (path === '/api/contract')
    return {
      method: 'POST',
      url: '/api/contract',
      body: { name: 'قارئ', email: 'r@example.org', subject: 'مرحبا' },
    };
  if (resource === 'audit') return action === 'Read' ? { method: 'GET', url: '/api/audit' } : undefined;
  if (path === '/api/webhook-delivery') return { method: 'GET', url: path };
  if (path === '/api/settings/workflow') {
    if (action === 'Read') return { method: 'GET', url: path };
    // The defaults, so every case leaves the settings as they were.
    return action === 'Update' ? { method: 'PUT', url: path, body: { fourEyes: true, gate: {} } } : undefined;
  }
  if (!resource || !SAMPLES[resource]) return undefined;
  if (action === 'Read') return { method: 'GET', url: `/api/${resource}` };
  if (action === 'Export') return undefined;
  if (action === 'Create') {
    const body = SAMPLES[resource]!.build();
    return {
      method: 'POST',
      url: `/api/${resource}`,
      body: resource === 'user' ? { ...body, password: TEST_PASSWORD } : body,
    };
  }
  const { id, body } = await fixture(resource);
  if (action === 'Update') return { method: 'PUT', url: `/api/${resource}/${id}`, body };
  if (action === 'Patch')
    return { method: 'PATCH', url: `/api/${resource}/${id}`, body: SAMPLES[resource]!.patch };
  if (action === 'Delete') return { method: 'DELETE', url: `/api/${resource}/${id}` };
  return undefined;
}

/** The special endpoints answer their own paths for one action each. */
const SPECIAL_ACTIONS: Record<string, string> = {
  '/api/user/:id': 'Read',
  '/api/stats/factcheck': 'Read',
  '/api/count/category': 'Read',
  '/api/count/read': 'Create',
  '/api/contract': 'Create',
  '/api/webhook-delivery': 'Read',
};

const cases: [string, string, string][] = [];
for (const rule of rules) {
  if (SKIPPED[rule.path]) continue;
  const actions = SPECIAL_ACTIONS[rule.path]
    ? [SPECIAL_ACTIONS[rule.path]!]
    : ACTIONS.filter((a) => a !== 'Export');
  for (const action of actions) {
    if (ACTIONS_WITHOUT_ROUTE[rule.path]?.includes(action)) continue;
    for (const who of Object.keys(ROLES)) cases.push([rule.path, action, who]);
  }
}

describe('access matrix (generated from the default rules)', () => {
  it('covers every rule path: each is called below or skipped with a reason', async () => {
    for (const rule of rules) {
      if (SKIPPED[rule.path]) continue;
      expect(
        await callFor(rule.path, SPECIAL_ACTIONS[rule.path] ?? 'Read', 'admin'),
        rule.path,
      ).toBeDefined();
    }
    expect(cases.length).toBeGreaterThan(300);
  });

  it.each(cases)('%s %s as %s', async (path, action, who) => {
    const { actor, token } = actors[who]!;
    const granted = authorize(
      tree,
      actor,
      path === '/api/user/:id' ? `/api/user/${actor.sub ?? 'x'}` : path,
      action,
    ).granted;
    const spec = (await callFor(path, action, who))!;
    const res = await request(t.app, spec.method, spec.url, { token, body: spec.body });
    if (granted) expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    else expect(res.status, JSON.stringify(res.body)).toBe(actor.anonymous ? 401 : 403);
  });
});
