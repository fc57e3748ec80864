// The news feed screens' texts (spec §2 feeds, §3 news feed item, §4 feed workflow). English is the
// spec's wording where it has one (Archive, Review, Investigate).
import { defineTexts } from '../../i18n/i18n.tsx';

export const FEED_STATUSES = ['new', 'review', 'archive'] as const;
export type FeedStatus = (typeof FEED_STATUSES)[number];

export const FEED_TEXTS = defineTexts({
  en: {
    titleNew: 'New feed items',
    titleReview: 'Feed items in review',
    titleArchive: 'Archived feed items',
    statusNav: 'Feed status',
    statusNew: 'New',
    statusReview: 'Review',
    statusArchive: 'Archive',
    archive: 'Archive',
    review: 'Review',
    investigate: 'Investigate',
    archiveItem: 'Archive: {title}',
    reviewItem: 'Review: {title}',
    investigateItem: 'Investigate: {title}',
    editItem: 'Edit: {title}',
    newFeedItem: 'New feed item',
    editFeedItem: 'Edit feed item',
    searchFeed: 'Search feed titles',
    sources: 'Sources',
    noSource: 'No media source',
    fromReader: 'From a reader',
    askedTimes: 'Asked {count} times',
    sortNav: 'Order',
    sortNewest: 'Newest first',
    sortMostAsked: 'Most asked first',
    published: 'Published',
    factcheck: 'Fact-check',
    openFactcheck: 'Open the fact-check',
    noImage: 'No image',
    // Form (spec §3 news feed item)
    title: 'Title',
    featuredImage: 'Featured image',
    featuredImageHint: 'One image (JPEG, PNG, WebP or GIF)',
    mediaSource: 'Media sources',
    mediaSourceHint: 'Pick the sources that published it',
    description: 'Description',
    body: 'Body',
    bodyHint: 'HTML is accepted',
    publishedDate: 'Published date',
    status: 'Status',
    // The update log
    history: 'History',
    noHistory: 'No status change yet',
    moved: '{from} → {to}',
    created: 'Created',
    investigated: 'Fact-check created',
    by: 'by {name}',
    backToList: 'Back to the list',
    // Monitoring (issue 15): matches with published fact-checks, the original entry
    possiblyChecked: 'Possibly already checked:',
    matchScore: 'Similarity {score}%',
    linkToFactcheck: 'Link to this fact-check',
    linkItemTo: 'Link to this fact-check: {factcheck}',
    original: 'Original',
    originalOf: 'Original article: {title}',
  },
  ar: {
    titleNew: 'الأخبار الواردة الجديدة',
    titleReview: 'أخبار واردة قيد المراجعة',
    titleArchive: 'الأخبار الواردة المؤرشفة',
    statusNav: 'حالة الأخبار الواردة',
    statusNew: 'الجديدة',
    statusReview: 'قيد المراجعة',
    statusArchive: 'المؤرشفة',
    archive: 'أرشفة',
    review: 'إحالة للمراجعة',
    investigate: 'فتح تحقّق',
    archiveItem: 'أرشفة: {title}',
    reviewItem: 'إحالة للمراجعة: {title}',
    investigateItem: 'فتح تحقّق في: {title}',
    editItem: 'تحرير: {title}',
    newFeedItem: 'خبر وارد جديد',
    editFeedItem: 'تحرير خبر وارد',
    searchFeed: 'ابحث في عناوين الأخبار',
    sources: 'المصادر',
    noSource: 'بلا مصدر إعلامي',
    fromReader: 'من قارئ',
    askedTimes: 'عدد مرات السؤال: {count}',
    sortNav: 'الترتيب',
    sortNewest: 'الأحدث أولاً',
    sortMostAsked: 'الأكثر سؤالاً أولاً',
    published: 'نُشر',
    factcheck: 'التحقّق',
    openFactcheck: 'افتح التحقّق',
    noImage: 'بلا صورة',
    title: 'العنوان',
    featuredImage: 'الصورة البارزة',
    featuredImageHint: 'صورة واحدة (JPEG أو PNG أو WebP أو GIF)',
    mediaSource: 'المصادر الإعلامية',
    mediaSourceHint: 'اختر المصادر التي نشرت الخبر',
    description: 'الوصف',
    body: 'النص',
    bodyHint: 'يمكن استخدام HTML',
    publishedDate: 'تاريخ النشر',
    status: 'الحالة',
    history: 'سجل التغييرات',
    noHistory: 'لم تتغيّر الحالة بعد',
    moved: '{from} ← {to}',
    created: 'أُضيف',
    investigated: 'فُتح تحقّق',
    by: 'بواسطة {name}',
    backToList: 'العودة إلى القائمة',
    possiblyChecked: 'ربما سبق التحقّق منه:',
    matchScore: 'نسبة التشابه {score}٪',
    linkToFactcheck: 'ربط بهذا التحقّق',
    linkItemTo: 'ربط بهذا التحقّق: {factcheck}',
    original: 'المصدر الأصلي',
    originalOf: 'المصدر الأصلي: {title}',
  },
});

type FeedTexts = (typeof FEED_TEXTS)['en'];

export const statusLabel = (t: FeedTexts, status: string): string =>
  status === 'new'
    ? t.statusNew
    : status === 'review'
      ? t.statusReview
      : status === 'archive'
        ? t.statusArchive
        : status;

export const pageTitle = (t: FeedTexts, status: FeedStatus): string =>
  status === 'new' ? t.titleNew : status === 'review' ? t.titleReview : t.titleArchive;

/** Spec §9: card descriptions stop at 150 characters. */
export const CARD_DESCRIPTION_MAX = 150;

export function truncate(text: string, max = CARD_DESCRIPTION_MAX): string {
  const chars = [...text.trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max).join('').trimEnd()}…`;
}
