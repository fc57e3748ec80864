// The server shell: health, readiness, the error catalogue's shape, OpenAPI.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('server shell', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await call(t.app, 'GET', '/healthz')).body).toEqual({ status: 'ok' });
    const ready = await call(t.app, 'GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
  });

  it('compiles every route schema (they compile on first use in a running server, ADR 030)', () => {
    expect(t.app.schemaCompilers.pending()).toBeGreaterThan(100);
    t.app.schemaCompilers.compileAll();
    expect(t.app.schemaCompilers.pending()).toBe(0);
  });

  it('answers unknown API routes with a catalogue 404', async () => {
    const res = await call(t.app, 'GET', '/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('answers malformed JSON with VALIDATION_FAILED, never a 500 or a stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/factcheck',
      headers: { 'content-type': 'application/json', 'x-test-actor': 'superAdmin' },
      payload: '{"title": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('answers an oversized body with 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/factcheck',
      headers: { 'content-type': 'application/json', 'x-test-actor': 'superAdmin' },
      payload: JSON.stringify({ title: 'x'.repeat(3 * 1024 * 1024), description: 'd' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/factcheck',
      headers: { 'content-type': 'application/x-unknown', 'x-test-actor': 'superAdmin' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('serves an OpenAPI document listing every resource', async () => {
    const res = await call(t.app, 'GET', '/api/docs/json');
    expect(res.status).toBe(200);
    const paths = Object.keys((res.body as { paths: object }).paths);
    for (const r of [
      'factcheck',
      'article',
      'feed',
      'category',
      'author',
      'media-source',
      'media-source-run',
      'scraping-report',
      'contact',
    ]) {
      expect(paths).toContain(`/api/${r}`);
      expect(paths).toContain(`/api/${r}/{id}`);
    }
    expect(paths).toContain('/api/stats/factcheck');
    // Create and replace document the resource's input schema as their body (made on first ask).
    type Operation = { requestBody?: { content: Record<string, { schema: { properties?: object } }> } };
    const factcheck = (res.body as { paths: Record<string, Record<string, Operation>> }).paths;
    for (const operation of [
      factcheck['/api/factcheck']!.post!,
      factcheck['/api/factcheck/{id}']!.put!,
      factcheck['/api/factcheck']!.put!,
    ]) {
      const body = operation.requestBody!.content['application/json']!.schema;
      expect(Object.keys(body.properties ?? {})).toEqual(
        expect.arrayContaining(['title', 'claims', 'conclusion']),
      );
    }
    const ui = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
