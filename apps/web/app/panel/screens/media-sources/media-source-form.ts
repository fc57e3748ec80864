// The media source form (spec §3 Media source): name, slug, images, category, link, score,
// falseClaims, levelOfCredibility, description, and the monitoring section of issue 15: feeds
// (one address per line), the interval in minutes and the on/off switch.
import type { FormDefinition, FormValues, OptionItem, SectionDefinition } from '@tabayyun/forms';
import type { Doc } from '../../lib/api-client.ts';
import { emptyToNull, formFiles, pickInput, storedFiles } from '../feeds/desk-forms.ts';
import type { MEDIA_SOURCE_TEXTS } from './media-source-texts.ts';

type Texts = (typeof MEDIA_SOURCE_TEXTS)['en'];

/** What POST/PUT /api/media-source accept (packages/schemas mediaSourceInput). */
export const MEDIA_SOURCE_INPUT_KEYS = [
  '_id',
  'name',
  'slug',
  'images',
  'category',
  'link',
  'score',
  'falseClaims',
  'levelOfCredibility',
  'description',
  'feeds',
  'pollInterval',
  'monitoringEnabled',
] as const;

/** The feed addresses of the textarea, one per line, blank lines and repeats dropped. */
export function feedLines(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return [
    ...new Set(
      String(value ?? '')
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
}

export const CREDIBILITY_LEVELS = ['low', 'medium', 'high'] as const;

export function credibilityLabel(t: Texts, level: unknown): string {
  return level === 'low'
    ? t.low
    : level === 'medium'
      ? t.medium
      : level === 'high'
        ? t.high
        : String(level ?? '');
}

/** The form's sections, in order: who the source is, how it is watched, how it rates, what it is. */
export function mediaSourceSections(t: Texts, categories: OptionItem[]): SectionDefinition[] {
  return [
    {
      name: 'identity',
      title: t.identity,
      fields: [
        { type: 'text', name: 'name', inputs: { label: t.name, required: true } },
        { type: 'text', name: 'slug', inputs: { label: t.slug, hint: t.slugHint } },
        { type: 'text', name: 'link', inputs: { label: t.link, placeholder: 'https://' } },
        {
          type: 'file',
          name: 'images',
          inputs: { label: t.images, destination: 'media-sources', accept: ['image/*'], maxFiles: 3 },
        },
      ],
    },
    {
      name: 'monitoring',
      title: t.monitoring,
      fields: [
        {
          type: 'textarea',
          name: 'feeds',
          inputs: { label: t.feeds, hint: t.feedsHint, rows: 3, maxRows: 10, placeholder: 'https://' },
        },
        {
          type: 'number',
          name: 'pollInterval',
          inputs: {
            label: t.pollInterval,
            hint: t.pollIntervalHint,
            numberType: 'integer',
            min: 1,
            max: 10080,
          },
          validations: [
            { name: 'min', arguments: 1 },
            { name: 'max', arguments: 10080 },
          ],
        },
        { type: 'switch', name: 'monitoringEnabled', inputs: { label: t.monitoringEnabled } },
      ],
    },
    {
      name: 'rating',
      title: t.rating,
      fields: [
        {
          type: 'select',
          name: 'category',
          inputs: { label: t.category, hint: t.categoryHint, items: categories, showSearch: true },
        },
        { type: 'number', name: 'score', inputs: { label: t.score, numberType: 'float' } },
        {
          type: 'number',
          name: 'falseClaims',
          inputs: { label: t.falseClaims, numberType: 'integer', min: 0 },
          validations: [{ name: 'min', arguments: 0 }],
        },
        {
          type: 'select',
          name: 'levelOfCredibility',
          inputs: {
            label: t.levelOfCredibility,
            items: CREDIBILITY_LEVELS.map((level) => ({ value: level, display: credibilityLabel(t, level) })),
          },
        },
      ],
    },
    {
      name: 'about',
      title: t.about,
      fields: [
        { type: 'textarea', name: 'description', inputs: { label: t.description, rows: 4, maxRows: 10 } },
      ],
    },
  ];
}

export function mediaSourceFormDefinition(t: Texts, categories: OptionItem[]): FormDefinition {
  return { name: 'media-source', sections: mediaSourceSections(t, categories) };
}

export function mediaSourceToForm(record?: Doc): FormValues {
  if (!record) return { images: [], falseClaims: 0, feeds: '', pollInterval: 15, monitoringEnabled: true };
  const category = record.category;
  return {
    ...record,
    category: category && typeof category === 'object' ? (category as Doc)._id : (category ?? null),
    images: formFiles(record.images),
    feeds: feedLines(record.feeds).join('\n'),
    pollInterval: typeof record.pollInterval === 'number' ? record.pollInterval : 15,
    monitoringEnabled: record.monitoringEnabled !== false,
  };
}

export function mediaSourceFromForm(values: FormValues, id?: string): Doc {
  const text = (key: string) =>
    emptyToNull(typeof values[key] === 'string' ? (values[key] as string).trim() : values[key]);
  return pickInput(
    {
      ...values,
      ...(id ? { _id: id } : {}),
      name: String(values.name ?? '').trim(),
      slug: text('slug'),
      images: storedFiles(values.images),
      category: values.category ? String(values.category) : null,
      link: text('link'),
      score: typeof values.score === 'number' ? values.score : null,
      falseClaims: typeof values.falseClaims === 'number' ? values.falseClaims : 0,
      levelOfCredibility: text('levelOfCredibility'),
      description: text('description'),
      feeds: feedLines(values.feeds),
      pollInterval: typeof values.pollInterval === 'number' ? values.pollInterval : 15,
      monitoringEnabled: values.monitoringEnabled !== false,
    },
    MEDIA_SOURCE_INPUT_KEYS,
  );
}
