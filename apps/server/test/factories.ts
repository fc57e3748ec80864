// Factories: the smallest valid documents, overridable per test (`buildFactcheck({ status })`).
import type { FastifyInstance } from 'fastify';
import { call } from './build-test-app.ts';

let counter = 0;
const next = () => ++counter;

/** A claim source acknowledged as impossible to archive: tests fetch nothing (ADR 039). */
export const CLAIM_SOURCE_URL = 'https://claims.example.org/post/1';

/**
 * What the publish gate asks of a fact-check (issue 33 §2): a rating of the criteria tree
 * `createCriteria` makes, a claim summary without a verdict word, a claim source with its
 * "could not archive" acknowledgement and a conclusion. `buildFactcheck({ status: 'published' })`
 * carries them (each may be overridden); `create` makes the criteria tree when it is missing.
 */
export const PUBLISHABLE_FACTCHECK_FIELDS: Readonly<Record<string, unknown>> = Object.freeze({
  category: 'fabricated',
  claimSummary: 'صورة متداولة لفيضان في مدينة حلب',
  sources: `<p>ظهر الادعاء في <a href="${CLAIM_SOURCE_URL}">منشور</a></p>`,
  evidenceAcknowledged: [CLAIM_SOURCE_URL],
  conclusion: '<p>الصورة قديمة ولا علاقة لها بالحدث.</p>',
});

export const buildFactcheck = (overrides: Record<string, unknown> = {}) => ({
  title: `ادعاء رقم ${next()} عن مدينة حلب`,
  description: 'ملخص قصير للتحقق',
  status: 'draft',
  language: 'ar',
  ...(overrides.status === 'published' ? PUBLISHABLE_FACTCHECK_FIELDS : {}),
  ...overrides,
});

/** A fact-check that passes the publish gate, in any status (for tests that publish it later). */
export const buildPublishableFactcheck = (overrides: Record<string, unknown> = {}) =>
  buildFactcheck({ ...PUBLISHABLE_FACTCHECK_FIELDS, ...overrides });

export const buildArticle = (overrides: Record<string, unknown> = {}) => ({
  title: `مقال رقم ${next()}`,
  description: 'وصف المقال',
  content: '<p>نص المقال</p>',
  ...overrides,
});

/** The criteria tree the score and evaluation tests need. */
export async function createCriteria(app: FastifyInstance) {
  const categories = [
    { _id: 'criteria', slug: 'criteria', name: 'المعايير' },
    {
      _id: 'fraud',
      slug: 'fraud',
      name: 'زائف',
      parent: 'criteria',
      score: -3,
      color: '#ff3657',
      ratingOrdinal: 1,
    },
    { _id: 'fabricated', slug: 'fabricated', name: 'مفبرك', parent: 'fraud', score: -2, ratingOrdinal: 1 },
    { _id: 'manipulated', slug: 'manipulated', name: 'معدل', parent: 'fraud', score: -1, ratingOrdinal: 1 },
    {
      _id: 'confirmed',
      slug: 'confirmed',
      name: 'صحيح',
      parent: 'criteria',
      score: 3,
      color: '#2bb673',
      ratingOrdinal: 5,
    },
    { _id: 'topic', slug: 'topic', name: 'المواضيع' },
    { _id: 'health', slug: 'health', name: 'صحة', parent: 'topic' },
  ];
  for (const c of categories) {
    const res = await call(app, 'POST', '/api/category', c);
    // Already made (by `create` for a published fact-check, or an earlier call): kept as it is.
    if (res.status === 409 && res.body.code === 'CANNOT_POST_OVER_EXISTING_DOCUMENT') continue;
    if (res.status !== 200) throw new Error(`category ${c._id}: ${JSON.stringify(res.body)}`);
  }
}

/** The criteria tree, unless it is there already (a published fact-check needs its rating). */
export async function ensureCriteria(app: FastifyInstance) {
  const res = await call(app, 'GET', `/api/category/${PUBLISHABLE_FACTCHECK_FIELDS.category}`);
  if (res.status !== 200) await createCriteria(app);
}

export async function create(app: FastifyInstance, resource: string, doc: Record<string, unknown>) {
  if (
    resource === 'factcheck' &&
    doc.status === 'published' &&
    doc.category === PUBLISHABLE_FACTCHECK_FIELDS.category
  )
    await ensureCriteria(app);
  const res = await call(app, 'POST', `/api/${resource}`, doc);
  if (res.status !== 200) throw new Error(`create ${resource}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { _id: string; document: Record<string, unknown> };
}
