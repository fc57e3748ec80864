import { defineTexts } from '../../i18n/i18n.tsx';

export const MEDIA_SOURCE_TEXTS = defineTexts({
  en: {
    newMediaSource: 'New media source',
    editOf: 'Edit {name}',
    deleteOf: 'Delete {name}',
    runsOf: 'Runs of {name}',
    runs: 'Runs',
    searchSources: 'Search media sources',
    identity: 'Source',
    rating: 'Rating',
    about: 'About',
    name: 'Name',
    slug: 'Slug',
    slugHint: 'Empty: made from the name',
    link: 'Link',
    images: 'Images',
    image: 'Image',
    category: 'Category',
    categoryHint: 'The rating that sums up its record',
    score: 'Score',
    falseClaims: 'False claims',
    levelOfCredibility: 'Level of credibility',
    low: 'Low',
    medium: 'Medium',
    high: 'High',
    description: 'Description',
    // Scrape reports and runs (read-only lists)
    date: 'Date',
    mediaSource: 'Media source',
    run: 'Run',
    status: 'Status',
    itemsFound: 'Items found',
    itemsAdded: 'Items added',
    message: 'Message',
    results: 'Results',
    searchReports: 'Search report messages',
    searchRuns: 'Search by status',
    filterBySource: 'Filter by media source',
    allSources: 'All media sources',
    success: 'Success',
    partial: 'Partial',
    failed: 'Failed',
    running: 'Running',
    done: 'Done',
    noResults: 'No results',
  },
  ar: {
    newMediaSource: 'مصدر إعلامي جديد',
    editOf: 'تحرير {name}',
    deleteOf: 'حذف {name}',
    runsOf: 'الجولات لمصدر {name}',
    runs: 'الجولات',
    searchSources: 'ابحث في المصادر الإعلامية',
    identity: 'المصدر',
    rating: 'التقييم',
    about: 'نبذة',
    name: 'الاسم',
    slug: 'الاسم في الرابط',
    slugHint: 'إن تُرك فارغاً يُولَّد من الاسم',
    link: 'الرابط',
    images: 'الصور',
    image: 'الصورة',
    category: 'التصنيف',
    categoryHint: 'التقييم الذي يلخّص سجلّ المصدر',
    score: 'النقاط',
    falseClaims: 'الادعاءات الزائفة',
    levelOfCredibility: 'درجة المصداقية',
    low: 'منخفضة',
    medium: 'متوسطة',
    high: 'عالية',
    description: 'الوصف',
    date: 'التاريخ',
    mediaSource: 'المصدر الإعلامي',
    run: 'الجولة',
    status: 'الحالة',
    itemsFound: 'المواد المرصودة',
    itemsAdded: 'المواد المضافة',
    message: 'الرسالة',
    results: 'النتائج',
    searchReports: 'ابحث في رسائل التقارير',
    searchRuns: 'ابحث بالحالة',
    filterBySource: 'التصفية حسب المصدر الإعلامي',
    allSources: 'كل المصادر الإعلامية',
    success: 'نجحت',
    partial: 'جزئية',
    failed: 'فشلت',
    running: 'جارية',
    done: 'انتهت',
    noResults: 'لا نتائج',
  },
});

export type MediaSourceTexts = (typeof MEDIA_SOURCE_TEXTS)['en'];

export function runStatusLabel(t: MediaSourceTexts, status: unknown): string {
  switch (status) {
    case 'success':
      return t.success;
    case 'partial':
      return t.partial;
    case 'failed':
      return t.failed;
    case 'running':
      return t.running;
    case 'done':
      return t.done;
    default:
      return String(status ?? '');
  }
}
