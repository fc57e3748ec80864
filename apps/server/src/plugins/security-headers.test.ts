import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerSecurityHeaders, SECURITY_HEADERS } from './security-headers.ts';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** An app with an answer, an error, a not-found and a route that sets one of the headers itself. */
async function appWith(register: (app: FastifyInstance) => Promise<void> | void): Promise<FastifyInstance> {
  const app = Fastify();
  apps.push(app);
  await register(app);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw Object.assign(new Error('no'), { statusCode: 400 });
  });
  app.get('/own', async (_request, reply) => reply.header('x-frame-options', 'DENY').send('own'));
  await app.ready();
  return app;
}

const securityHeadersOf = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) => !['content-type', 'content-length', 'date', 'connection'].includes(name),
    ),
  );

describe('security headers', () => {
  it('are the headers @fastify/helmet sends with the server’s options, on every kind of answer', async () => {
    const withHelmet = await appWith(async (app) => {
      await app.register(helmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
    });
    const ours = await appWith(registerSecurityHeaders);
    for (const url of ['/ok', '/fails', '/missing', '/own']) {
      const expected = await withHelmet.inject({ url });
      const actual = await ours.inject({ url });
      expect(actual.statusCode).toBe(expected.statusCode);
      expect(securityHeadersOf(actual.headers)).toEqual(securityHeadersOf(expected.headers));
    }
    expect(securityHeadersOf((await ours.inject({ url: '/ok' })).headers)).toEqual(SECURITY_HEADERS);
    expect((await ours.inject({ url: '/own' })).headers['x-frame-options']).toBe('DENY');
  });
});
