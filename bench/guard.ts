// The guard's cost per request (issue 3: "the guard adds under 1 ms p95"). Three measures:
//  1. `check` alone (authorize + selector resolution and parsing) over realistic paths, actors
//     and actions, with the default rules plus 200 stored rules merged over them;
//  2. the bearer-token actor resolution (EdDSA verification + the cached user state);
//  3. an inject-level comparison: one route answered with and without the guard call (and with
//     and without a bearer token), p95 of each and the difference.
// Writes bench/results/guard.json and prints it.   npm run bench -- guard [--runs 20000]
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Actor, ANONYMOUS_ACTOR, type Rule } from '@tabayyun/permissions';
import Fastify from 'fastify';
import { createBearerActorResolver } from '../apps/server/src/modules/auth/bearer-actor.ts';
import { createTokenService } from '../apps/server/src/modules/auth/token.service.ts';
import { loadSigningKeys } from '../apps/server/src/modules/auth/token-keys.ts';
import type { UserStateCache } from '../apps/server/src/modules/auth/user-state.ts';
import { createAccessGuard } from '../apps/server/src/plugins/access.ts';
import { registerActor } from '../apps/server/src/plugins/actor.ts';
import { defaultRules } from '../apps/server/src/plugins/default-rules.ts';
import { registerErrorHandling } from '../apps/server/src/plugins/error-handler.ts';

const { values } = parseArgs({
  args: process.argv.slice(3),
  options: { runs: { type: 'string', default: '20000' } },
});
const RUNS = Number(values.runs);

const stored: Rule[] = Array.from({ length: 200 }, (_, i) => ({
  name: `stored ${i}`,
  path: `/api/custom-${i}/:id/items`,
  actions: {
    Read: [{ by: 'role', value: `role-${i}`, access: 'grant', selectors: { query: 'owner=$sub' } }],
  },
}));
const guard = createAccessGuard(defaultRules('/api', { storageBase: '/storage' }));
guard.reload(stored);

const actor = (roles: string[]): Actor => ({
  sub: '65f0c0ffee0000000000abcd',
  roles,
  anonymous: false,
  email: 'x@example.org',
});
const ACTORS = [
  ANONYMOUS_ACTOR,
  actor(['editor']),
  actor(['fact-checker']),
  actor(['admin']),
  actor(['super-admin']),
  actor([]),
];
const CALLS: [string, string][] = [
  ['/api/factcheck', 'Read'],
  ['/api/factcheck', 'Patch'],
  ['/api/factcheck', 'Delete'],
  ['/api/article', 'Create'],
  ['/api/category', 'Read'],
  ['/api/user/65f0c0ffee0000000000abcd', 'Read'],
  ['/api/user', 'Read'],
  ['/api/custom-7/abc/items', 'Read'],
  ['/api/stats/factcheck', 'Read'],
  ['/storage/news-feed', 'Read'],
  ['/dashboard', 'Read'],
  ['/api/feed', 'Patch'],
];

const round = (v: number) => Math.round(v * 1000) / 1000;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const summary = (samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  const us = (v: number) => Math.round(v * 1000) / 1000;
  return {
    p50Us: us(percentile(s, 0.5) * 1000),
    p95Us: us(percentile(s, 0.95) * 1000),
    p99Us: us(percentile(s, 0.99) * 1000),
  };
};

// 1. check() alone.
const checkSamples: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const who = ACTORS[i % ACTORS.length]!;
  const [path, action] = CALLS[i % CALLS.length]!;
  const start = performance.now();
  guard.check(who, path, action);
  checkSamples.push(performance.now() - start);
}

// 2. Bearer token → actor.
const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const tokens = createTokenService({
  keys: await loadSigningKeys({ pem, dataDir: '/nonexistent' }),
  accessTtlS: 900,
  issuer: 'bench',
});
const editor = {
  _id: '65f0c0ffee0000000000abcd',
  roles: ['editor'],
  name: 'Bench',
  email: 'x@example.org',
  phone: null,
  emv: true,
  phv: false,
};
const token = await tokens.signAccess(editor);
const users = {
  get: async () => ({
    disabled: false,
    roles: ['editor'],
    email: editor.email,
    phone: null,
    emv: true,
    phv: false,
  }),
  evict: () => {},
} satisfies UserStateCache;
const resolveBearer = createBearerActorResolver({ tokens, users, prefixes: ['/api'], filesBase: '/storage' });
const bearerSamples: number[] = [];
const fakeRequest = {
  url: '/api/factcheck',
  headers: { authorization: `Bearer ${token}` },
  query: {},
} as never;
for (let i = 0; i < Math.min(RUNS, 5000); i++) {
  const start = performance.now();
  await resolveBearer(fakeRequest);
  bearerSamples.push(performance.now() - start);
}

// 3. Inject-level: the same route with and without the guard call.
const app = Fastify({ logger: false });
registerErrorHandling(app);
registerActor(app, undefined);
app.setTokenActorResolver(resolveBearer);
app.get('/api/plain', async () => ({ ok: true }));
app.get('/api/guarded', async (request) => {
  guard.require(request.actor, '/api/factcheck', 'Read');
  return { ok: true };
});
await app.ready();
const auth = { authorization: `Bearer ${token}` };
const VARIANTS = {
  anonymousWithoutGuard: ['/api/plain', {}],
  anonymousWithGuard: ['/api/guarded', {}],
  bearerWithoutGuard: ['/api/plain', auth],
  bearerWithGuard: ['/api/guarded', auth],
} as const;
type Variant = keyof typeof VARIANTS;
// Interleaved, so load from other processes hits every variant alike.
const injected: Record<Variant, number[]> = {
  anonymousWithoutGuard: [],
  anonymousWithGuard: [],
  bearerWithoutGuard: [],
  bearerWithGuard: [],
};
const INJECT_RUNS = Math.min(RUNS, 5000);
for (let i = -500; i < INJECT_RUNS; i++) {
  for (const name of Object.keys(VARIANTS) as Variant[]) {
    const [url, headers] = VARIANTS[name];
    const begin = performance.now();
    const res = await app.inject({ url, headers });
    const took = performance.now() - begin;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
    if (i >= 0) injected[name].push(took);
  }
}
const inject = Object.fromEntries(
  (Object.keys(injected) as Variant[]).map((k) => [k, summary(injected[k])]),
) as Record<Variant, ReturnType<typeof summary>>;
await app.close();

const check = summary(checkSamples);
const bearer = summary(bearerSamples);
const result = {
  date: new Date().toISOString(),
  node: process.version,
  runs: RUNS,
  rules: { defaults: defaultRules('/api').length, stored: stored.length },
  check,
  bearerActor: bearer,
  inject,
  /** What the guard call adds to a request's p95 (anonymous; signed in with a bearer token). */
  guardAddsP95Us: {
    anonymous: round(inject.anonymousWithGuard.p95Us - inject.anonymousWithoutGuard.p95Us),
    bearer: round(inject.bearerWithGuard.p95Us - inject.bearerWithoutGuard.p95Us),
  },
  /** What verifying a bearer token adds (EdDSA signature + cached user state), for reference. */
  tokenAddsP95Us: round(inject.bearerWithoutGuard.p95Us - inject.anonymousWithoutGuard.p95Us),
  underOneMs: false,
};
result.underOneMs =
  check.p95Us < 1000 && result.guardAddsP95Us.anonymous < 1000 && result.guardAddsP95Us.bearer < 1000;

const json = JSON.stringify(result, null, 2);
mkdirSync(join(import.meta.dirname, 'results'), { recursive: true });
writeFileSync(join(import.meta.dirname, 'results', 'guard.json'), `${json}\n`);
console.log(json);
if (!result.underOneMs) process.exitCode = 1;
