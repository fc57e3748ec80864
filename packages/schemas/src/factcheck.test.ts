import { describe, expect, it } from 'vitest';
import { articleInput } from './article.ts';
import { factcheckInput } from './factcheck.ts';

function fieldErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('factcheckInput', () => {
  it('requires a title and a description that are not blank', () => {
    expect(fieldErrors(factcheckInput.safeParse({}))).toEqual({ title: 'Required', description: 'Required' });
    expect(fieldErrors(factcheckInput.safeParse({ title: '   ', description: '\n\t' }))).toEqual({
      title: 'Required',
      description: 'Required',
    });
    expect(fieldErrors(factcheckInput.safeParse({ title: 'ادعاء', description: null }))).toEqual({
      description: 'Required',
    });
  });

  it('trims, applies defaults and keeps the given fields', () => {
    const parsed = factcheckInput.parse({
      title: '  ادعاء كاذب  ',
      description: 'وصف',
      tags: ['featured', 'featured', 'slide'],
      evaluation: [{ category: 'fraud', score: -3 }],
      disabledAt: '2026-01-02T03:04:05Z',
    });
    expect(parsed).toMatchObject({
      title: 'ادعاء كاذب',
      status: 'draft',
      language: 'ar',
      tags: ['featured', 'slide'],
      mediaSource: [],
      images: [],
      hideClaimsTitle: false,
      evaluation: [{ category: 'fraud', score: -3 }],
    });
    expect(parsed.disabledAt).toEqual(new Date('2026-01-02T03:04:05Z'));
  });

  it('rejects unknown statuses and languages', () => {
    const result = factcheckInput.safeParse({ title: 't', description: 'd', status: 'live', language: 'fr' });
    expect(Object.keys(fieldErrors(result)).sort()).toEqual(['language', 'status']);
  });

  it('rejects unknown keys and read-only fields (the server strips read-only ones first)', () => {
    const result = factcheckInput.safeParse({ title: 't', description: 'd', sneaky: 1, score: 5 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['sneaky', 'score'] });
  });

  it('requires a numeric score and a category on each evaluation row', () => {
    const result = factcheckInput.safeParse({
      title: 't',
      description: 'd',
      evaluation: [{ category: '', score: '3' }],
    });
    expect(fieldErrors(result)).toEqual({
      'evaluation.0.category': 'Required',
      'evaluation.0.score': 'A number is required',
    });
  });

  it('accepts permissive but typed SEO meta', () => {
    const meta = {
      title: 'T',
      keywords: ['a', 'b'],
      twitter: { card: 'summary_large_image', creator: '@x', extra: 1 },
      og: { type: 'music.song', locale: 'en_US', 'music:duration': 3 },
    };
    expect(factcheckInput.parse({ title: 't', description: 'd', meta }).meta).toEqual(meta);
    expect(
      factcheckInput.safeParse({ title: 't', description: 'd', meta: { twitter: { card: 'huge' } } }).success,
    ).toBe(false);
  });
});

describe('articleInput', () => {
  it('requires a title and a description', () => {
    expect(fieldErrors(articleInput.safeParse({ title: '' }))).toEqual({
      title: 'Required',
      description: 'Required',
    });
    expect(articleInput.parse({ title: 'مقال', description: 'وصف' })).toMatchObject({
      status: 'draft',
      language: 'ar',
    });
  });
});
