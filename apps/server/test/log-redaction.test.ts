// Issue 34, weakness 7: live tokens never reach the log. A real app logs into a captured stream;
// requests carry an access token in the query (file links), a reset token (the mailed link), a
// bearer header, a refresh cookie and a draft link, and a route logs headers and a body the way a
// careless log line would. No token may appear in any line.
import { Writable } from 'node:stream';
import { createTestDb, type TestDatabase } from '@tabayyun/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { redactSecrets } from '../src/plugins/log-redaction.ts';
import { signIn, testConfig } from './build-test-app.ts';

let app: FastifyInstance;
let database: TestDatabase;
let config: Config;
let lines: string[] = [];

beforeAll(async () => {
  database = await createTestDb();
  config = testConfig({ LOG_LEVEL: 'info' });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  app = await buildApp({ config, database, logger: { level: 'info', stream } });
  // A careless log line of the future: whole headers and a body with tokens in it.
  app.post('/test/log-everything', async (request) => {
    request.log.info({ headers: request.headers, body: request.body }, `handling ${request.url}`);
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const logText = () => lines.join('');

describe('tokens in the log', () => {
  it('logs no access token, reset token, bearer header, cookie or draft token', async () => {
    const { access_token, refresh_token } = await signIn({ app, database, config }, ['editor']);
    const resetToken = 'rst-0123456789abcdef-reset';
    const draftToken = 'drf-0123456789abcdef-draft';
    lines = [];

    await app.inject({ method: 'GET', url: `/storage/private/note.txt?access_token=${access_token}` });
    await app.inject({
      method: 'GET',
      url: `/storage/private/note.txt?w=200&access_token=${access_token}#x`,
    });
    await app.inject({
      method: 'GET',
      url: `/panel/reset-password?reset_token=${encodeURIComponent(resetToken)}`,
    });
    await app.inject({ method: 'GET', url: `/factcheck/some-claim?draft=${draftToken}` });
    await app.inject({
      method: 'GET',
      url: `/panel/sign-in?next=${encodeURIComponent(`/storage/private/a.pdf?access_token=${access_token}`)}`,
    });
    await app.inject({
      method: 'POST',
      url: `/test/log-everything?refresh_token=${refresh_token}`,
      headers: {
        authorization: `Bearer ${access_token}`,
        cookie: `theme=dark; refresh_token=${refresh_token}`,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ refresh_token, password: 'Passw0rd!-secret', reset_token: resetToken }),
    });

    const text = logText();
    // The requests were logged (the lines exist), with their paths.
    expect(text).toContain('/storage/private/note.txt');
    expect(text).toContain('/panel/reset-password');
    expect(text).toContain('handling /test/log-everything');
    for (const secret of [
      access_token,
      refresh_token,
      resetToken,
      encodeURIComponent(resetToken),
      draftToken,
      'Passw0rd!-secret',
    ]) {
      expect(text, `a log line holds ${secret.slice(0, 12)}…`).not.toContain(secret);
    }
    expect(text).toContain('access_token=[REDACTED]');
    expect(text).toContain('"authorization":"[REDACTED]"');
    // Other parameters stay readable.
    expect(text).toContain('w=200');
  });
});

describe('redactSecrets', () => {
  it.each([
    ['/a?access_token=abc.def-ghi&x=1', '/a?access_token=[REDACTED]&x=1'],
    ['/a?x=1&Reset_Token=a%2Bb%3D', '/a?x=1&Reset_Token=[REDACTED]'],
    ['/a?next=%2Fb%3Faccess_token%3Dabc%26y%3D2', '/a?next=%2Fb%3Faccess_token%3D[REDACTED]%26y%3D2'],
    ['{"authorization":"Bearer abc.def"}', '{"authorization":"[REDACTED]"}'],
    ['{"cookie":"a=1; refresh_token=xyz"}', '{"cookie":"[REDACTED]"}'],
    ['{"password":"p\\"w"}', '{"password":"[REDACTED]"}'],
    ['token eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl in text', 'token [REDACTED] in text'],
    ['{"code":"VALIDATION_FAILED","tokens":3}', '{"code":"VALIDATION_FAILED","tokens":3}'],
  ])('%s', (line, expected) => {
    expect(redactSecrets(line)).toBe(expected);
  });
});
