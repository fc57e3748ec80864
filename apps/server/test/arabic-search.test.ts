// Search finds Arabic text whatever alef, ya or ta-marbuta form, diacritics or tatweel the
// reader types, on the title and the normalised claim fields (the public search's keys).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';
import { buildFactcheck, create } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await create(
    t.app,
    'factcheck',
    buildFactcheck({ status: 'published', title: 'إشاعة عن مستشفى الأطفال في حماة' }),
  );
  await create(
    t.app,
    'factcheck',
    buildFactcheck({
      status: 'published',
      title: 'خبر آخر',
      claims: '<p>يُقال إنّ المدرسة أُغلقت عام ٢٠٢٤</p>',
    }),
  );
  await create(t.app, 'factcheck', buildFactcheck({ status: 'published', title: 'Turkish: İstanbul claim' }));
});
afterAll(() => t.close());

const search = (q: string) =>
  call(
    t.app,
    'GET',
    `/api/factcheck?${new URLSearchParams({ title: `*${q}*|claimsNormalized=*${q}*|againstClaimNormalized=*${q}*|conclusionNormalized=*${q}*` }).toString().replace('%7C', '|').replaceAll('%3D', '=')}`,
    undefined,
    'anonymous',
  );

describe('Arabic-aware search', () => {
  it.each([
    ['اشاعة', 'plain alef for hamza-below'],
    ['إشاعه', 'ta-marbuta typed as ha'],
    ['مستشفي', 'ya for alef maqsura'],
    ['الاطفال', 'plain alef for hamza-above'],
    ['حماه', 'ha for ta-marbuta'],
    ['مُسْتَشْفَى', 'diacritics'],
    ['مســتشفى', 'tatweel'],
  ])('finds the title with %s (%s)', async (q) => {
    const res = await search(q);
    expect((res.body.data as { title: string }[]).map((d) => d.title)).toEqual([
      'إشاعة عن مستشفى الأطفال في حماة',
    ]);
  });

  it('finds normalised claims with Arabic-Indic digits and other forms', async () => {
    for (const q of ['المدرسه اغلقت', '2024', 'أُغلقت عام ٢٠٢٤']) {
      const res = await search(q);
      expect(
        (res.body.data as { title: string }[]).map((d) => d.title),
        q,
      ).toEqual(['خبر آخر']);
    }
  });

  it('folds Turkish dotted and dotless I', async () => {
    const res = await search('istanbul');
    expect((res.body.data as { title: string }[]).map((d) => d.title)).toEqual(['Turkish: İstanbul claim']);
  });

  it('finds nothing for unrelated text', async () => {
    expect((await search('دمشق')).body.total).toBe(0);
  });
});
