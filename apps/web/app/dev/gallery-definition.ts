// The gallery's form: every one of the 28 field types, in sections, labelled in Arabic or English.
// The only required fields sit in the last section, so an invalid submit scrolls down to them.
import type { FieldDefinition, FormDefinition, FormValues, OptionItem } from '@tabayyun/forms';

export type GalleryLocale = 'ar' | 'en';

/** The field types the gallery shows, in order: the gallery test checks it covers FIELD_TYPES. */
export function galleryFieldTypes(definition: FormDefinition): string[] {
  const fields = [...(definition.fields ?? []), ...(definition.sections ?? []).flatMap((s) => s.fields)];
  return [...new Set(fields.map((field) => field.type))];
}

export function buildGalleryDefinition(locale: GalleryLocale): FormDefinition {
  const t = (ar: string, en: string) => (locale === 'ar' ? ar : en);
  const verdicts: OptionItem[] = [
    { value: 'true', display: t('صحيح', 'True') },
    { value: 'misleading', display: t('مضلل', 'Misleading') },
    { value: 'false', display: t('زائف', 'False') },
  ];
  const text: FieldDefinition[] = [
    {
      type: 'text',
      name: 'title',
      inputs: { label: t('العنوان', 'Title'), hint: t('كما نُشر', 'As published') },
      validations: [{ name: 'maxLength', arguments: 200 }],
    },
    { type: 'hidden', name: 'source' },
    {
      type: 'password',
      name: 'password',
      inputs: {
        label: t('كلمة المرور', 'Password'),
        confirm: true,
        generate: true,
        strength: { lower: 1, upper: 1, digit: 1 },
      },
    },
    {
      type: 'email',
      name: 'email',
      inputs: { label: t('البريد الإلكتروني', 'E-mail') },
      validations: [{ name: 'email' }],
    },
    { type: 'phone', name: 'mobile', inputs: { label: t('الجوال', 'Mobile'), defaultCountry: 'SY' } },
    { type: 'textarea', name: 'summary', inputs: { label: t('الملخص', 'Summary'), rows: 3, maxRows: 5 } },
  ];
  const numbers: FieldDefinition[] = [
    { type: 'number', name: 'year', inputs: { label: t('السنة', 'Year'), numberType: 'integer', min: 1900 } },
    {
      type: 'number-range',
      name: 'ageRange',
      inputs: { label: t('العمر', 'Age'), floor: 0, ceiling: 120, step: 1 },
    },
    {
      type: 'slider',
      name: 'confidence',
      inputs: { label: t('الثقة', 'Confidence'), floor: 0, ceiling: 100, step: 5 },
    },
    { type: 'reviews', name: 'rating', inputs: { label: t('التقييم', 'Rating'), count: 5 } },
    { type: 'color', name: 'accent', inputs: { label: t('لون التمييز', 'Accent colour'), format: 'hex' } },
  ];
  const dates: FieldDefinition[] = [
    {
      type: 'date',
      name: 'publishedAt',
      inputs: { label: t('تاريخ النشر', 'Published'), min: '2000-01-01' },
    },
    { type: 'calendar', name: 'day', inputs: { label: t('اليوم', 'Day') } },
    { type: 'date-range', name: 'period', inputs: { label: t('الفترة', 'Period') } },
  ];
  // Tree items name their parent (an extra the tree widget reads beside OptionItem's fields).
  const regions = [
    { value: 'world', display: t('العالم', 'World') },
    { value: 'mena', display: t('الشرق الأوسط', 'MENA'), parent: 'world' },
    { value: 'sy', display: t('سوريا', 'Syria'), parent: 'mena' },
    { value: 'tr', display: t('تركيا', 'Türkiye'), parent: 'world' },
  ];
  const options: FieldDefinition[] = [
    {
      type: 'select',
      name: 'author',
      inputs: {
        label: t('الكاتب', 'Author'),
        source: { resource: 'authors', valueField: '_id', displayField: 'name' },
      },
    },
    {
      type: 'select',
      name: 'languages',
      inputs: {
        label: t('اللغات', 'Languages'),
        multiple: true,
        items: [
          { value: 'ar', display: 'العربية' },
          { value: 'en', display: 'English' },
          { value: 'tr', display: 'Türkçe' },
        ],
      },
    },
    {
      type: 'checks',
      name: 'platforms',
      inputs: {
        label: t('المنصات', 'Platforms'),
        direction: 'horizontal',
        items: [
          { value: 'x', display: 'X' },
          { value: 'facebook', display: 'Facebook' },
          { value: 'telegram', display: 'Telegram' },
        ],
      },
    },
    {
      type: 'radios',
      name: 'verdict',
      inputs: { label: t('الحكم', 'Verdict'), direction: 'horizontal', items: verdicts },
    },
    { type: 'switch', name: 'published', inputs: { label: t('منشور', 'Published') } },
    {
      type: 'choices',
      name: 'topics',
      inputs: {
        label: t('المواضيع', 'Topics'),
        multiple: true,
        items: [
          {
            key: 'health',
            value: 'health',
            display: t('صحة', 'Health'),
            description: t('أوبئة ولقاحات', 'Epidemics and vaccines'),
          },
          {
            key: 'politics',
            value: 'politics',
            display: t('سياسة', 'Politics'),
            description: t('انتخابات وتصريحات', 'Elections and statements'),
          },
          {
            key: 'economy',
            value: 'economy',
            display: t('اقتصاد', 'Economy'),
            description: t('أسعار وعملات', 'Prices and currencies'),
          },
          {
            key: 'science',
            value: 'science',
            display: t('علوم', 'Science'),
            description: t('مناخ وفضاء', 'Climate and space'),
          },
        ],
      },
    },
    {
      type: 'chips',
      name: 'keywords',
      inputs: {
        label: t('كلمات مفتاحية', 'Keywords'),
        placeholder: t('اكتب ثم فاصلة أو Enter', 'Type, then comma or Enter'),
      },
    },
    {
      type: 'chips',
      name: 'tags',
      inputs: {
        label: t('الوسوم', 'Tags'),
        allowAdd: true,
        source: { resource: 'tags', valueField: '_id', displayField: 'name' },
      },
    },
    {
      type: 'autocomplete',
      name: 'outlet',
      inputs: {
        label: t('المصدر', 'Outlet'),
        source: { resource: 'sources', valueField: '_id', displayField: 'name' },
      },
    },
    {
      type: 'autocomplete-text',
      name: 'city',
      inputs: {
        label: t('المدينة', 'City'),
        items: [
          { value: 'dam', display: t('دمشق', 'Damascus') },
          { value: 'alp', display: t('حلب', 'Aleppo') },
          { value: 'ist', display: t('إسطنبول', 'Istanbul') },
        ],
      },
    },
    {
      type: 'tree',
      name: 'regions',
      inputs: {
        label: t('المناطق', 'Regions'),
        multiple: true,
        items: regions,
      },
    },
  ];
  const files: FieldDefinition[] = [
    {
      type: 'file',
      name: 'evidence',
      inputs: {
        label: t('الأدلة', 'Evidence'),
        destination: 'factchecks',
        accept: ['image/*', '.pdf'],
        maxFiles: 3,
        hint: t('رفع تجريبي: تقدّم ثم اكتمال', 'Fake upload: progress, then done'),
      },
    },
    {
      type: 'local-file',
      name: 'attachment',
      inputs: { label: t('مرفق محلي', 'Local attachment'), accept: 'image/*', maxFiles: 2 },
    },
  ];
  const rowFields: FieldDefinition[] = [
    { type: 'text', name: 'claim', inputs: { label: t('الادعاء', 'Claim') } },
    { type: 'select', name: 'verdict', inputs: { label: t('الحكم', 'Verdict'), items: verdicts } },
  ];
  const structured: FieldDefinition[] = [
    { type: 'address', name: 'address', inputs: { label: t('العنوان البريدي', 'Address') } },
    {
      type: 'array',
      name: 'links',
      inputs: { label: t('روابط', 'Links') },
      fields: [
        { type: 'text', name: 'url', inputs: { label: t('الرابط', 'URL') } },
        { type: 'number', name: 'rank', inputs: { label: t('الترتيب', 'Rank') } },
      ],
    },
    { type: 'table', name: 'claims', inputs: { label: t('الادعاءات', 'Claims') }, fields: rowFields },
  ];
  const final: FieldDefinition[] = [
    {
      type: 'text',
      name: 'reviewer',
      inputs: { label: t('اسم المراجع', 'Reviewer'), required: true, hint: t('حقل إلزامي', 'Required') },
    },
    {
      type: 'checks',
      name: 'terms',
      inputs: { label: t('أؤكد صحة المراجعة', 'I confirm the review'), required: true },
    },
  ];
  return {
    name: 'gallery',
    sections: [
      { name: 'text', title: t('نصوص', 'Text'), fields: text },
      { name: 'numbers', title: t('أرقام', 'Numbers'), fields: numbers },
      { name: 'dates', title: t('تواريخ', 'Dates'), fields: dates },
      { name: 'options', title: t('خيارات', 'Options'), fields: options },
      { name: 'files', title: t('ملفات', 'Files'), fields: files },
      { name: 'structured', title: t('بيانات مركّبة', 'Structured'), fields: structured },
      { name: 'final', title: t('التأكيد', 'Confirmation'), fields: final },
    ],
  };
}

export const GALLERY_INITIAL_VALUES: FormValues = {
  source: 'gallery',
  period: { start: '2025-03-10', end: '2025-03-12' },
  links: [{ url: 'https://example.org/claim', rank: 1 }],
  claims: [{ claim: 'The bridge collapsed in 2025', verdict: 'false' }],
};
