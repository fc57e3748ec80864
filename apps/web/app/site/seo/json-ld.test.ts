import { describe, expect, it } from 'vitest';
import { claimReviewLd, claimReviewProblems, newsArticleLd, newsArticleProblems } from './json-ld.ts';

const publisher = { name: 'تبيَّن', url: 'https://example.org/', logo: 'https://example.org/logo-512.png' };

const review = () =>
  claimReviewLd({
    url: 'https://example.org/factcheck/2401050700',
    claimReviewed: 'صورة تُظهر طوابير الخبز في حلب اليوم',
    datePublished: '2024-01-06T07:00:00.000Z',
    inLanguage: 'ar',
    rating: { value: 3, best: 4, worst: 1, name: 'مضلِّل' },
    claimAuthors: [{ name: 'شبكة أخبار الشام العاجلة', url: 'https://facebook.example.com/x' }],
    publisher,
  });

const article = () =>
  newsArticleLd({
    url: 'https://example.org/factcheck/2401050700',
    headline: 'صورة قديمة لطوابير الخبز تُنشر على أنها من حلب اليوم',
    description: 'وصف',
    image: null,
    datePublished: '2024-01-06T07:00:00.000Z',
    dateModified: null,
    inLanguage: 'ar',
    authors: [{ name: 'سامر الحلبي', url: 'https://example.org/writer-news/samer' }],
    publisher,
  });

describe('ClaimReview', () => {
  it('carries every required property, the rating name as shown and the media sources as claim authors', () => {
    const ld = review();
    expect(claimReviewProblems(ld)).toEqual([]);
    expect(ld).toMatchObject({
      '@type': 'ClaimReview',
      author: { '@type': 'Organization', name: 'تبيَّن' },
      itemReviewed: {
        '@type': 'Claim',
        author: [{ '@type': 'Organization', name: 'شبكة أخبار الشام العاجلة' }],
      },
      reviewRating: {
        '@type': 'Rating',
        ratingValue: 3,
        bestRating: 4,
        worstRating: 1,
        alternateName: 'مضلِّل',
      },
    });
  });

  it('reports each missing or broken property', () => {
    const ld = review() as Record<string, unknown>;
    expect(claimReviewProblems({ ...ld, claimReviewed: ' ' })).toEqual(['claimReviewed']);
    expect(claimReviewProblems({ ...ld, url: '/factcheck/x' })).toEqual(['url']);
    expect(claimReviewProblems({ ...ld, datePublished: 'yesterday' })).toEqual(['datePublished']);
    const rating = ld.reviewRating as Record<string, unknown>;
    expect(claimReviewProblems({ ...ld, reviewRating: { ...rating, ratingValue: 9 } })).toEqual([
      'reviewRating.ratingValue out of range',
    ]);
    expect(claimReviewProblems({ ...ld, reviewRating: { ...rating, alternateName: '' } })).toEqual([
      'reviewRating.alternateName',
    ]);
    expect(
      claimReviewProblems({ ...ld, itemReviewed: { '@type': 'Claim', author: [{ name: 'x' }] } }),
    ).toEqual(['itemReviewed.author']);
    expect(claimReviewProblems({ ...ld, author: undefined })).toEqual(['author']);
  });
});

describe('NewsArticle', () => {
  it('is valid with the modification date defaulting to the publication date', () => {
    const ld = article();
    expect(newsArticleProblems(ld)).toEqual([]);
    expect(ld.dateModified).toBe('2024-01-06T07:00:00.000Z');
    expect(ld.image).toBeUndefined();
  });

  it('cuts long headlines at a word and falls back to the organisation as author', () => {
    const ld = newsArticleLd({
      url: 'https://example.org/article/x',
      headline: 'كلمة '.repeat(40),
      description: 'وصف',
      image: 'https://example.org/a.jpg',
      datePublished: '2024-01-06T07:00:00.000Z',
      dateModified: '2024-01-07T07:00:00.000Z',
      inLanguage: 'ar',
      authors: [],
      publisher,
    });
    expect((ld.headline as string).length).toBeLessThanOrEqual(110);
    expect(ld.headline).toMatch(/…$/);
    expect(ld.author).toEqual([expect.objectContaining({ '@type': 'Organization', name: 'تبيَّن' })]);
    expect(newsArticleProblems(ld)).toEqual([]);
  });

  it('reports a missing headline, publisher or relative image', () => {
    const ld = article() as Record<string, unknown>;
    expect(newsArticleProblems({ ...ld, headline: '' })).toEqual(['headline']);
    expect(newsArticleProblems({ ...ld, publisher: { name: 'x' } })).toEqual(['publisher']);
    expect(newsArticleProblems({ ...ld, image: ['/a.jpg'] })).toEqual(['image']);
  });
});
