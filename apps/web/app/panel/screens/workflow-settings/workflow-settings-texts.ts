// Texts of Settings → Workflow (issue 33). The gate items' full sentences are @tabayyun/workflow's.
import type { GateItemKey } from '@tabayyun/workflow';
import { defineTexts } from '../../i18n/i18n.tsx';

export const WORKFLOW_SETTINGS_TEXTS = defineTexts({
  en: {
    title: 'Workflow',
    intro:
      'The rules every fact-check follows on its way to the site. The server applies them on every save.',
    fourEyesTitle: 'Four-eyes',
    fourEyes: 'Another editor publishes',
    fourEyesHint:
      'A user may not publish a fact-check whose last substantive edit is their own, unless their role may publish its own work.',
    gateTitle: 'Publish gate',
    gateIntro: 'A fact-check is published only when every item switched on is met.',
    gateCategory: 'Rating category chosen',
    gateClaimReview: 'Valid ClaimReview',
    gateClaimSummary: 'Claim summary',
    gateClaimSource: 'Claim source link',
    gateEvidence: 'Evidence archived',
    gateConclusion: 'Conclusion written',
    gateImageAlt: 'Alternative text on every image',
    locked: 'Always on: search engines need it.',
    alwaysOn: 'Always on',
    claimReviewHint:
      'The checks of Google’s Rich Results test: the claim reviewed, a rating with its name, the author, the date and the address.',
    readOnly: 'Only an administrator changes these rules.',
    unsaved: 'Unsaved changes.',
  },
  ar: {
    title: 'سير العمل',
    intro: 'القواعد التي يمرّ بها كل تحقّق في طريقه إلى الموقع. يطبّقها الخادم عند كل حفظ.',
    fourEyesTitle: 'مبدأ العينين الأربع',
    fourEyes: 'ينشر محرّر آخر',
    fourEyesHint: 'لا ينشر المستخدم تحقّقًا كان آخر تعديل جوهري عليه من صنعه، إلا إن سمح دوره بنشر عمله.',
    gateTitle: 'شروط النشر',
    gateIntro: 'لا يُنشر التحقّق إلا إذا استوفى كل بند مفعّل.',
    gateCategory: 'اختيار تصنيف التقييم',
    gateClaimReview: 'بيانات ClaimReview صالحة',
    gateClaimSummary: 'ملخص الادعاء',
    gateClaimSource: 'رابط مصدر الادعاء',
    gateEvidence: 'أرشفة الأدلة',
    gateConclusion: 'كتابة الخلاصة',
    gateImageAlt: 'نص بديل لكل صورة',
    locked: 'مفعّل دائمًا: تحتاجه محركات البحث.',
    alwaysOn: 'مفعّل دائمًا',
    claimReviewHint:
      'فحوص اختبار النتائج المنسّقة من Google: الادعاء المُراجَع، وتقييم باسمه، والناشر، والتاريخ، والرابط.',
    readOnly: 'لا يغيّر هذه القواعد إلا المدير.',
    unsaved: 'تغييرات غير محفوظة.',
  },
});

/** The short name of each gate item (the settings' switches, a met item of the editor's checklist). */
export const GATE_LABEL: Record<GateItemKey, keyof (typeof WORKFLOW_SETTINGS_TEXTS)['en']> = {
  category: 'gateCategory',
  claimReview: 'gateClaimReview',
  claimSummary: 'gateClaimSummary',
  claimSource: 'gateClaimSource',
  evidence: 'gateEvidence',
  conclusion: 'gateConclusion',
  imageAlt: 'gateImageAlt',
};
