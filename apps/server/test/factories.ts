// Factories: the smallest valid documents, overridable per test (`buildFactcheck({ status })`).
import type { FastifyInstance } from 'fastify';
import { call } from './build-test-app.ts';

let counter = 0;
const next = () => ++counter;

export const buildFactcheck = (overrides: Record<string, unknown> = {}) => ({
  title: `ادعاء رقم ${next()} عن مدينة حلب`,
  description: 'ملخص قصير للتحقق',
  status: 'draft',
  language: 'ar',
  ...overrides,
});

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
    { _id: 'fraud', slug: 'fraud', name: 'زائف', parent: 'criteria', score: -3, color: '#ff3657' },
    { _id: 'fabricated', slug: 'fabricated', name: 'مفبرك', parent: 'fraud', score: -2 },
    { _id: 'manipulated', slug: 'manipulated', name: 'معدل', parent: 'fraud', score: -1 },
    { _id: 'confirmed', slug: 'confirmed', name: 'صحيح', parent: 'criteria', score: 3, color: '#2bb673' },
    { _id: 'topic', slug: 'topic', name: 'المواضيع' },
    { _id: 'health', slug: 'health', name: 'صحة', parent: 'topic' },
  ];
  for (const c of categories) {
    const res = await call(app, 'POST', '/api/category', c);
    if (res.status !== 200) throw new Error(`category ${c._id}: ${JSON.stringify(res.body)}`);
  }
}

export async function create(app: FastifyInstance, resource: string, doc: Record<string, unknown>) {
  const res = await call(app, 'POST', `/api/${resource}`, doc);
  if (res.status !== 200) throw new Error(`create ${resource}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { _id: string; document: Record<string, unknown> };
}
