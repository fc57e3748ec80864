// The sentences of the workflow, in the back office's languages (Arabic first, English). The server
// answers a refusal with both; the editor's checklist shows the one of its language.
import type { GateItemKey, GateWarningKey } from './gate-keys.ts';

export type WorkflowLanguage = 'ar' | 'en';

export interface Localised {
  ar: string;
  en: string;
}

export const GATE_ITEM_TEXTS: Readonly<Record<GateItemKey, Localised>> = {
  category: {
    ar: 'اختر تصنيف التقييم (الحكم).',
    en: 'Choose a rating category (the verdict).',
  },
  claimReview: {
    ar: 'بيانات ClaimReview غير صالحة: يلزم ملخص للادعاء وتقييم له اسم في لغة المادة وتاريخ نشر وعنوان.',
    en: 'The ClaimReview is not valid: it needs the claim reviewed, a rating with a name in the item’s language, a publication date and an address.',
  },
  claimSummary: {
    ar: 'اكتب ملخص الادعاء في 75 حرفًا على الأكثر، دون أي كلمة من كلمات التقييم.',
    en: 'Write a claim summary of at most 75 characters that contains no verdict word of the rating scale.',
  },
  claimSource: {
    ar: 'أضف رابطًا واحدًا على الأقل لمصدر الادعاء أو مكان ظهوره.',
    en: 'Add at least one link to where the claim appeared (claim source).',
  },
  evidence: {
    ar: 'لكل رابط من روابط المصادر نسخة مؤرشفة، أو أقرّ بأنه تعذّرت أرشفته.',
    en: 'Every claim source link needs an archived snapshot, or an acknowledgement that it could not be archived.',
  },
  conclusion: {
    ar: 'اكتب الخلاصة.',
    en: 'Write the conclusion.',
  },
  imageAlt: {
    ar: 'أضف نصًا بديلًا لكل صورة في المادة.',
    en: 'Give every image of the item an alternative text.',
  },
};

export const GATE_WARNING_TEXTS: Readonly<Record<GateWarningKey, Localised>> = {
  seoTitle: {
    ar: 'عنوان محركات البحث أطول من 60 حرفًا، وقد يُقتطع في نتائج البحث.',
    en: 'The SEO title is longer than 60 characters and may be cut in search results.',
  },
  seoDescription: {
    ar: 'وصف محركات البحث أطول من 160 حرفًا، وقد يُقتطع في نتائج البحث.',
    en: 'The SEO description is longer than 160 characters and may be cut in search results.',
  },
  translations: {
    ar: 'بعض الترجمات تحتاج إلى تحديث.',
    en: 'Some translations need an update.',
  },
};

export const WORKFLOW_TEXTS = {
  reasonRequired: {
    ar: 'اذكر السبب: إعادة المادة إلى المسودة أو إلغاء نشرها يتطلب سببًا.',
    en: 'Give a reason: sending an item back or unpublishing it requires one.',
  },
  publishRight: {
    ar: 'لا تملك صلاحية النشر.',
    en: 'You do not have the right to publish.',
  },
  notATransition: {
    ar: 'لا يمكن الانتقال بين هاتين الحالتين.',
    en: 'This status change is not part of the workflow.',
  },
  deletePublished: {
    ar: 'لا يُحذف ما نُشر مرة: ألغِ نشره مع ذكر السبب، فتبقى صفحة تشير إلى سحبه.',
    en: 'Anything ever published cannot be deleted: unpublish it with a reason, which leaves a notice of the withdrawal.',
  },
  fourEyes: {
    ar: 'آخر تعديل جوهري على هذه المادة من صنعك: يجب أن ينشرها زميل آخر (مبدأ العينين الأربع).',
    en: 'The last substantive edit of this item is yours: another colleague must publish it (four-eyes).',
  },
} as const satisfies Record<string, Localised>;
