// Issue 34, weaknesses 1 and 10: the client address comes from the socket unless a configured
// proxy forwarded the request (TRUST_PROXY), and a JSON body nested deeper than MAX_JSON_DEPTH is
// refused with 400 before any recursive code walks it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { MAX_JSON_DEPTH } from '../src/plugins/json-body.ts';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';
import { buildFactcheck, create } from './factories.ts';

const LIMITS = {
  AUTH_RATE_MAX: '3',
  AUTH_ACCOUNT_RATE_MAX: '100000',
  READ_RATE_MAX: '3',
  CONTACT_RATE_MAX: '3',
};

let plain: TestApp;
let proxied: TestApp;
let hops: TestApp;
beforeAll(async () => {
  [plain, proxied, hops] = await Promise.all([
    buildTestApp({ env: LIMITS }),
    buildTestApp({ env: { ...LIMITS, TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' } }),
    buildTestApp({ env: { ...LIMITS, TRUST_PROXY: '1' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain?.close(), proxied?.close(), hops?.close()]);
});

let spoofed = 0;
/** A different forged client address on every call. */
const forged = () => `203.0.113.${++spoofed % 250}, 198.51.100.${spoofed % 200}`;

async function post(
  t: TestApp,
  url: string,
  body: unknown,
  from: { remoteAddress: string; xff?: string },
): Promise<{ status: number; code: string | undefined }> {
  const res = await t.app.inject({
    method: 'POST',
    url,
    remoteAddress: from.remoteAddress,
    headers: {
      'content-type': 'application/json',
      ...(from.xff ? { 'x-forwarded-for': from.xff } : {}),
    },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, code: (res.json() as { code?: string }).code };
}

/** The client addresses the audit log recorded for failed sign-ins of `email`. */
async function auditedAddresses(t: TestApp, email: string): Promise<unknown[]> {
  await t.app.services.audit.flush();
  const res = await call(t.app, 'GET', '/api/audit?type=sign-in-failed&per_page=100');
  const rows = (res.body.data as { ip: unknown; details: { email?: string } | null }[]) ?? [];
  return rows.filter((r) => JSON.stringify(r.details ?? {}).includes(email)).map((r) => r.ip);
}

const wrongSignIn = (email: string) => ({ grant_type: 'password', email, password: 'Wrong-pass1!' });

describe('client address without TRUST_PROXY (the default)', () => {
  it('counts sign-in attempts per socket address whatever X-Forwarded-For says', async () => {
    const from = () => ({ remoteAddress: '198.51.100.10', xff: forged() });
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await post(plain, '/auth', wrongSignIn(`spray${i}@example.org`), from())).status);
    }
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
  });

  it('counts forgot-password calls per socket address', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const res = await post(
        plain,
        '/auth/forgot-password',
        { email: `probe${i}@example.org` },
        { remoteAddress: '198.51.100.11', xff: forged() },
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(3)).toEqual([429, 429]);
  });

  it('keys the contact form and the read counter on the socket address', async () => {
    const contact = [];
    const reads = [];
    for (let i = 0; i < 5; i++) {
      const from = { remoteAddress: '198.51.100.12', xff: forged() };
      contact.push((await post(plain, '/api/contract', { name: 'x', email: 'x@example.org' }, from)).status);
      reads.push((await post(plain, '/api/count/read', { _id: 'missing' }, from)).status);
    }
    expect(contact.slice(3)).toEqual([429, 429]);
    expect(reads.slice(3)).toEqual([429, 429]);
  });

  it('records the socket address in the audit log, not the forged one', async () => {
    const email = 'audited-plain@example.org';
    await post(plain, '/auth', wrongSignIn(email), { remoteAddress: '198.51.100.13', xff: '1.2.3.4' });
    expect(await auditedAddresses(plain, email)).toEqual(['198.51.100.13']);
  });
});

describe('client address with TRUST_PROXY set', () => {
  it("takes the configured proxy's X-Forwarded-For as the client address", async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const res = await post(proxied, '/auth', wrongSignIn(`lb${i}@example.org`), {
        remoteAddress: i % 2 ? '10.0.0.1' : '192.168.7.9',
        xff: `203.0.113.${100 + i}`,
      });
      statuses.push(res.status);
    }
    // Five clients behind the load balancer, one attempt each: none is over its budget.
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    const email = 'audited-proxied@example.org';
    await post(proxied, '/auth', wrongSignIn(email), { remoteAddress: '10.0.0.1', xff: '203.0.113.77' });
    expect(await auditedAddresses(proxied, email)).toEqual(['203.0.113.77']);
  });

  it('ignores X-Forwarded-For from any other address', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const res = await post(proxied, '/auth', wrongSignIn(`direct${i}@example.org`), {
        remoteAddress: '10.0.0.2',
        xff: forged(),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
    const email = 'audited-direct@example.org';
    await post(proxied, '/auth', wrongSignIn(email), { remoteAddress: '10.0.0.3', xff: '1.2.3.4' });
    expect(await auditedAddresses(proxied, email)).toEqual(['10.0.0.3']);
  });

  it('takes only the trusted hops of a forwarded chain', async () => {
    // The client forged "1.2.3.4"; the trusted proxy appended the address it saw (203.0.113.90).
    const email = 'audited-chain@example.org';
    await post(proxied, '/auth', wrongSignIn(email), {
      remoteAddress: '10.0.0.1',
      xff: '1.2.3.4, 203.0.113.90',
    });
    expect(await auditedAddresses(proxied, email)).toEqual(['203.0.113.90']);
  });
});

describe('client address with a hop count in TRUST_PROXY', () => {
  it('takes the address the nearest proxy appended, not what the client wrote before it', async () => {
    const email = 'audited-hops@example.org';
    await post(hops, '/auth', wrongSignIn(email), {
      remoteAddress: '10.9.9.9',
      xff: '1.2.3.4, 203.0.113.91',
    });
    expect(await auditedAddresses(hops, email)).toEqual(['203.0.113.91']);
  });
});

describe('TRUST_PROXY values', () => {
  const env = (TRUST_PROXY: string) => ({
    NODE_ENV: 'test',
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    TRUST_PROXY,
  });

  it('is off by default and for an empty value, false or 0', () => {
    const { TRUST_PROXY: _, ...without } = env('');
    expect(loadConfig(without).TRUST_PROXY).toBe(false);
    for (const off of ['', 'false', '0']) expect(loadConfig(env(off)).TRUST_PROXY).toBe(false);
  });

  it('takes a hop count or a list of addresses, CIDR ranges and proxy-addr names', () => {
    expect(loadConfig(env('2')).TRUST_PROXY).toBe(2);
    expect(loadConfig(env(' 10.0.0.1 , 172.16.0.0/12,fd00::/8,loopback')).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['true', 'yes', '-1', '1.5', 'nginx', '10.0.0.0/33', '10.0.0.300', '10.0.0.1,'])(
    'refuses %j with a message naming TRUST_PROXY',
    (value) => {
      expect(() => loadConfig(env(value))).toThrow(/TRUST_PROXY/);
    },
  );
});

/** `{"a":{"a":…}}` or `[[…]]` nested `depth` levels deep around `inner`. */
const nestedObject = (depth: number, inner = '1') => `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;
const nestedArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

async function send(t: TestApp, method: 'POST' | 'PATCH', url: string, payload: string, actor?: string) {
  const res = await t.app.inject({
    method,
    url,
    headers: { 'content-type': 'application/json', ...(actor ? { 'x-test-actor': actor } : {}) },
    payload,
  });
  return { status: res.statusCode, body: res.json() as { code?: string; details?: unknown } };
}

describe('deeply nested JSON', () => {
  let factcheckId: string;
  beforeAll(async () => {
    factcheckId = (await create(plain.app, 'factcheck', buildFactcheck()))._id;
  });

  const routes = () => [
    { method: 'POST' as const, url: '/api/contract' },
    { method: 'POST' as const, url: '/auth' },
    { method: 'POST' as const, url: '/auth/forgot-password' },
    { method: 'POST' as const, url: '/api/category', actor: 'superAdmin' },
    { method: 'PATCH' as const, url: `/api/factcheck/${factcheckId}`, actor: 'superAdmin' },
  ];

  it('refuses 10,000 levels with 400 VALIDATION_FAILED on every route', async () => {
    for (const route of routes()) {
      for (const payload of [nestedObject(10_000), nestedArray(10_000), `{"name":${nestedArray(10_000)}}`]) {
        // Each call from its own address: the contact form's limit is not what is tested here.
        const res = await plain.app.inject({
          method: route.method,
          url: route.url,
          remoteAddress: `198.51.100.${++spoofed % 250}`,
          headers: {
            'content-type': 'application/json',
            ...(route.actor ? { 'x-test-actor': route.actor } : {}),
          },
          payload,
        });
        expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'VALIDATION_FAILED',
          details: { body: `nested deeper than ${MAX_JSON_DEPTH} levels` },
        });
      }
    }
  });

  it(`accepts ${MAX_JSON_DEPTH} levels and refuses ${MAX_JSON_DEPTH + 1}`, async () => {
    const url = `/api/factcheck/${factcheckId}`;
    // A JSON Patch list (level 1) of one operation (level 2) whose value adds the rest.
    const at = (depth: number) =>
      `[{"op":"replace","path":"/description","value":${nestedObject(depth - 2, '"x"')}}]`;
    const accepted = await send(plain, 'PATCH', url, at(MAX_JSON_DEPTH), 'superAdmin');
    expect(accepted.body.details).not.toEqual({ body: `nested deeper than ${MAX_JSON_DEPTH} levels` });
    const refused = await send(plain, 'PATCH', url, at(MAX_JSON_DEPTH + 1), 'superAdmin');
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual({ body: `nested deeper than ${MAX_JSON_DEPTH} levels` });
  });

  it('does not count brackets inside strings', async () => {
    const title = `${'[{'.repeat(100)}"\\"${'}]'.repeat(100)}`;
    const res = await send(
      plain,
      'PATCH',
      `/api/factcheck/${factcheckId}`,
      JSON.stringify([{ op: 'replace', path: '/title', value: title }]),
      'superAdmin',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const read = await call(plain.app, 'GET', `/api/factcheck/${factcheckId}`);
    expect((read.body.data as { title: string }[])[0]?.title).toBe(title);
  });

  it('still answers invalid JSON with 400', async () => {
    for (const payload of ['{"a":', '{"a":1}}', ']', '{"a":"\\']) {
      const res = await send(plain, 'POST', '/auth', payload);
      expect(res.status, payload).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('refuses a deeply nested JSON meta field of a multipart upload with 400, storing nothing', async () => {
    const form = new FormData();
    form.append('meta', nestedObject(10_000));
    form.append('file', new Blob([new Uint8Array(Buffer.from('hello'))], { type: 'text/plain' }), 'a.txt');
    const res = new Response(form);
    const out = await plain.app.inject({
      method: 'POST',
      url: '/storage/deep',
      headers: { 'x-test-actor': 'superAdmin', 'content-type': res.headers.get('content-type')! },
      payload: Buffer.from(await res.arrayBuffer()),
    });
    expect(out.statusCode, out.body).toBe(400);
    expect(out.json().code).toBe('VALIDATION_FAILED');
    expect((await call(plain.app, 'GET', '/api/storage?destination=storage/deep')).body.total).toBe(0);
  });
});
