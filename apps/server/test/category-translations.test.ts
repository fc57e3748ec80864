// Issue 11 item 6: category names (and descriptions) in English and Turkish live in the category
// records (ADR 011), editable through the API, filled by the seed and, for databases made before,
// by migration 0005; the public site and its RSS show them in the page language, falling back to
// the Arabic name. On PGlite and on PostgreSQL (DATABASE_URL).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from '@tabayyun/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../src/modules/seed/seed.service.ts';
import { ensureWebBuild, WEB_BUILD_TIMEOUT_MS } from '../src/modules/site/web-build.ts';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  ensureWebBuild();
  t = await buildTestApp({ site: true, env: { PUBLIC_URL: 'https://tabayyun.example' } });
  await seedDemoContent({ db: t.database.db, resources: t.app.services.resources });
}, WEB_BUILD_TIMEOUT_MS + 120_000);
afterAll(() => t?.close());

type Doc = Record<string, unknown>;
const categoryOf = async (id: string) =>
  ((await call(t.app, 'GET', `/api/category/${id}`, undefined, 'anonymous')).body.data as Doc[])[0]!;
const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.body;
};

describe('the category resource', () => {
  it('takes and answers nameEn, nameTr, descriptionEn and descriptionTr; empty means none', async () => {
    const created = await call(t.app, 'POST', '/api/category', {
      _id: 'water',
      slug: 'water',
      name: 'مياه',
      nameEn: 'Water',
      nameTr: 'Su',
      descriptionEn: 'Water and dams',
      descriptionTr: '',
      parent: 'topic',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.document).toMatchObject({
      nameEn: 'Water',
      nameTr: 'Su',
      descriptionEn: 'Water and dams',
      descriptionTr: null,
    });
    const patched = await call(t.app, 'PATCH', '/api/category/water', [
      { op: 'replace', path: '/nameTr', value: 'Sular' },
    ]);
    expect((patched.body.document as Doc).nameTr).toBe('Sular');
    expect(await categoryOf('water')).toMatchObject({ nameEn: 'Water', nameTr: 'Sular' });
  });

  it('refuses a translation that is not text', async () => {
    const res = await call(t.app, 'POST', '/api/category', { _id: 'x-bad', slug: 'x', name: 'س', nameEn: 5 });
    expect(res.status).toBe(400);
    expect(res.body.details).toHaveProperty('nameEn');
  });
});

describe('the demo taxonomy', () => {
  it('is seeded with its English and Turkish names and English descriptions', async () => {
    expect(await categoryOf('fraud')).toMatchObject({ name: 'زائف', nameEn: 'False', nameTr: 'Yanlış' });
    expect(String((await categoryOf('fraud')).descriptionEn)).toMatch(/^A fabricated claim/);
    expect(await categoryOf('featured')).toMatchObject({
      nameEn: "Editor's picks",
      nameTr: 'Editörün seçimleri',
    });
  });

  it('gets them from migration 0005 in a database seeded before it, keeping values already set', async () => {
    const db = t.database.db;
    await db.execute(sql`update category set name_en = null, name_tr = null, description_en = null`);
    await db.execute(sql`update category set name_en = 'Kept' where _id = 'syria'`);
    const migration = readFileSync(
      join(import.meta.dirname, '../../../packages/db/migrations/0005_category_translations.sql'),
      'utf8',
    );
    // The data part of the migration (its ALTER TABLEs ran when the database was made).
    for (const statement of migration.split('--> statement-breakpoint')) {
      if (/^\s*(--.*\n\s*)*UPDATE/i.test(statement)) await db.execute(sql.raw(statement));
    }
    expect(await categoryOf('criteria')).toMatchObject({ nameEn: 'Ratings', nameTr: 'Derecelendirmeler' });
    expect(await categoryOf('most-read')).toMatchObject({ nameEn: 'Most read', nameTr: 'En çok okunanlar' });
    expect(await categoryOf('syria')).toMatchObject({ nameEn: 'Kept', nameTr: 'Suriye' });
    expect(String((await categoryOf('out-of-context')).descriptionEn)).toMatch(/^A genuine photo/);
    // Categories outside the demo taxonomy are left alone.
    expect(await categoryOf('water')).toMatchObject({ nameEn: null, nameTr: null });
  });
});

describe('the public site', () => {
  it('shows a category in the page language from its record, else the Arabic name', async () => {
    await call(t.app, 'POST', '/api/category', {
      _id: 'sham',
      slug: 'sham',
      name: 'مراجعة الشام',
      nameEn: 'Levant review',
      nameTr: 'Levant incelemesi',
      descriptionEn: 'English words about the Levant',
      parent: 'criteria',
      color: '#123456',
    });
    await call(t.app, 'POST', '/api/category', {
      _id: 'untranslated',
      slug: 'untranslated',
      name: 'بلا ترجمة',
      parent: 'criteria',
    });
    const en = await page('/en/category/sham');
    expect(en).toContain('Levant review');
    expect(en).toContain('English words about the Levant');
    expect(await page('/tr/category/sham')).toContain('Levant incelemesi');
    // Turkish without a Turkish description shows the English one.
    expect(await page('/tr/category/sham')).toContain('English words about the Levant');
    expect(await page('/category/sham')).toContain('مراجعة الشام');
    expect(await page('/en/category/untranslated')).toContain('بلا ترجمة');
  });

  it('names the category feed in its language', async () => {
    expect(await page('/en/category/fraud/rss.xml')).toContain('False');
    expect(await page('/tr/category/fraud/rss.xml')).toContain('Yanlış');
    expect(await page('/category/fraud/rss.xml')).toContain('زائف');
  });
});
