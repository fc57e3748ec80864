import { describe, expect, it } from 'vitest';
import { claimReviewOf, evaluatePublishGate, type GateContext, linksOf, verdictWordsIn } from './gate.ts';
import { DEFAULT_WORKFLOW_SETTINGS, resolveWorkflowSettings } from './gate-keys.ts';

const categories = [
  { _id: 'criteria', name: 'المعايير' },
  { _id: 'fraud', parent: 'criteria', name: 'زائف', nameEn: 'False', nameTr: 'Yanlış', score: -3 },
  { _id: 'fabricated', parent: 'fraud', name: 'مفبرك', nameEn: 'Fabricated', score: -2 },
  { _id: 'confirmed', parent: 'criteria', name: 'صحيح', nameEn: 'True', nameTr: 'Doğru', score: 3 },
  { _id: 'health', parent: 'topic', name: 'صحة' },
];
const source = 'https://example.org/post/1';
const context: GateContext = {
  gate: DEFAULT_WORKFLOW_SETTINGS.gate,
  categories,
  snapshots: { [source]: 'done' },
  publisher: { name: 'تبيّن', url: 'https://tabayyun.example/', logo: 'https://tabayyun.example/logo.png' },
  url: 'https://tabayyun.example/factcheck/1',
  datePublished: '2026-11-28T09:00:00.000Z',
};
const complete = {
  title: 'ادعاء عن مدينة حلب',
  language: 'ar',
  category: 'fabricated',
  claimSummary: 'صورة تُظهر فيضانًا في حلب هذا الأسبوع',
  sources: `<p>ظهر في <a href="${source}">منشور</a></p>`,
  conclusion: '<p>الصورة قديمة من عام 2019.</p>',
  images: [{ path: 'a.jpg', meta: { alt: 'صورة الفيضان' } }],
  content: '<p>نص <img src="/storage/b.jpg" alt="لقطة"></p>',
};
const keys = (record: Record<string, unknown>, ctx: GateContext = context) =>
  evaluatePublishGate(record, ctx).unmet.map((u) => u.key);

describe('evaluatePublishGate', () => {
  it('passes a complete fact-check, with a valid ClaimReview', () => {
    const result = evaluatePublishGate(complete, context);
    expect(result.unmet).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(claimReviewOf(complete, context)).toMatchObject({
      claimReviewed: complete.claimSummary,
      reviewRating: { alternateName: 'زائف' },
    });
  });

  it('names each unmet item', () => {
    expect(keys({ ...complete, category: null })).toEqual(['category', 'claimReview']);
    expect(keys({ ...complete, category: 'health' })).toEqual(['category', 'claimReview']);
    expect(keys({ ...complete, claimSummary: '' })).toEqual(['claimSummary']);
    expect(keys({ ...complete, claimSummary: 'x'.repeat(76) })).toEqual(['claimSummary']);
    expect(keys({ ...complete, claimSummary: 'الخبر الزائف عن حلب' })).toEqual(['claimSummary']);
    expect(keys({ ...complete, claimSummary: 'A fabricated photo of Aleppo' })).toEqual(['claimSummary']);
    expect(keys({ ...complete, claimSummary: 'Halep fotoğrafı yanlış' })).toEqual(['claimSummary']);
    expect(keys({ ...complete, sources: '<p>بلا روابط</p>' })).toEqual(['claimSource', 'evidence']);
    expect(keys({ ...complete, sources: '<a href="https://example.org/other">x</a>' })).toEqual(['evidence']);
    expect(keys({ ...complete, conclusion: '<p> </p>' })).toEqual(['conclusion']);
    expect(keys({ ...complete, images: [{ path: 'a.jpg' }] })).toEqual(['imageAlt']);
    expect(keys({ ...complete, content: '<img src="x.jpg" alt="">' })).toEqual(['imageAlt']);
  });

  it('accepts an acknowledged unarchivable source', () => {
    const other = 'https://example.org/other';
    const record = { ...complete, sources: `<a href="${other}">x</a>` };
    expect(keys({ ...record, evidenceAcknowledged: [other] })).toEqual([]);
    expect(keys(record, { ...context, snapshots: { [other]: 'failed' } })).toEqual(['evidence']);
  });

  it('does not check switched-off items, except the ClaimReview', () => {
    const gate = resolveWorkflowSettings({
      gate: { category: false, claimReview: false, conclusion: false },
    }).gate;
    expect(gate.claimReview).toBe(true);
    expect(keys({ ...complete, category: null, conclusion: '' }, { ...context, gate })).toEqual([
      'claimReview',
    ]);
  });

  it('warns about long SEO texts and translations needing an update', () => {
    const result = evaluatePublishGate(
      { ...complete, meta: { title: 'x'.repeat(61), description: 'y'.repeat(161) }, needsUpdate: true },
      context,
    );
    expect(result.unmet).toEqual([]);
    expect(result.warnings.map((w) => w.key)).toEqual(['seoTitle', 'seoDescription', 'translations']);
  });

  it('says each item in Arabic and English', () => {
    const [ar] = evaluatePublishGate({ ...complete, conclusion: '' }, { ...context, language: 'ar' }).unmet;
    expect(ar!.message).toMatch(/الخلاصة/);
    expect(ar!.messages.en).toBe('Write the conclusion.');
  });
});

describe('helpers', () => {
  it('finds links in href and text, once each', () => {
    expect(
      linksOf(
        '<a href="https://a.example/x?y=1&amp;z=2">https://a.example/x?y=1&z=2</a> https://b.example/.',
      ),
    ).toEqual(['https://a.example/x?y=1&z=2', 'https://b.example/']);
  });
  it('does not take a longer word for a verdict word', () => {
    const scale = categories.filter((c) => c.parent === 'criteria' || c.parent === 'fraud');
    expect(verdictWordsIn('تصحيح خطأ في الصورة', scale)).toEqual([]);
    expect(verdictWordsIn('هذا صحيح', scale)).toEqual(['صحيح']);
  });
});
