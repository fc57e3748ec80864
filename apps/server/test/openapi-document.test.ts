// The API document at {api}/docs/json is valid OpenAPI 3.0 (issue 36 §3), so that partners can
// generate clients from it: Redocly's `spec` rules find no problem in the served document, and
// openapi-typescript turns it into types that TypeScript compiles.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';

let t: TestApp;
let document: Record<string, unknown> & {
  openapi: string;
  paths: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>>;
};
let text: string;

beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.app.inject({ method: 'GET', url: `${t.config.API_BASE}/docs/json` });
  expect(res.statusCode).toBe(200);
  text = res.body;
  document = res.json();
});
afterAll(async () => t?.close());

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

describe('the API document', () => {
  it('is OpenAPI 3.0 with no problem under Redocly’s spec rules', async () => {
    expect(document.openapi).toMatch(/^3\.0\./);
    const config = await createConfig({ extends: ['spec'] });
    const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`);
    expect(errors, errors.slice(0, 20).join('\n')).toEqual([]);
  });

  it('generates a typed client with openapi-typescript that TypeScript compiles', async () => {
    const types = await openapiTS(document as never, { silent: true });
    expect(types).toContain('export interface paths');
    const dir = await mkdtemp(join(tmpdir(), 'tabayyun-openapi-'));
    try {
      const file = join(dir, 'api.d.ts');
      await writeFile(file, types);
      const tsc = resolve(import.meta.dirname, '../../../node_modules/.bin/tsc');
      const compiled = spawnSync(tsc, ['--noEmit', '--strict', '--ignoreConfig', '--types', '', file], {
        encoding: 'utf8',
      });
      expect(compiled.status, `${compiled.stdout}${compiled.stderr}`.slice(0, 3000)).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('documents the answers of the statistics, the rules, reads, contact, previews, webhooks and feeds', () => {
    const missing: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of METHODS) {
        const op = item[method];
        if (!op) continue;
        const ok = Object.entries(op.responses ?? {}).some(
          ([code, r]) => (/^2/.test(code) && r.content !== undefined) || code === '204',
        );
        if (!ok) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    // The auth calls and a few others still document no answer (listed in the report of issue 36).
    const documented = [
      '/api/count/category',
      '/api/stats/factcheck',
      '/permissions/rules',
      '/api/count/read',
      '/api/contract',
      '/api/factcheck/{id}/preview-link',
      '/api/article/{id}/preview-link',
      '/api/webhook',
      '/api/webhook/{id}',
      '/api/webhook-delivery',
      '/api/webhook-delivery/{id}/redeliver',
      '/feeds/claimreview.json',
      '/feeds/factchecks.json',
    ];
    for (const path of documented) expect(document.paths[path], path).toBeDefined();
    expect(missing.filter((m) => documented.some((p) => m.endsWith(` ${p}`)))).toEqual([]);
  });
});
