// The news feed item form (spec §3): title, featured image (one image in news-feed), media sources,
// description, body (HTML in a text area for now), published date. Status and the fact-check link
// are not edited here: the workflow's actions change them.
import type { FormDefinition, FormValues } from '@tabayyun/forms';
import type { Doc } from '../../lib/api-client.ts';
import { emptyToNull, formFiles, fromDateField, pickInput, storedFiles, toDateField } from './desk-forms.ts';
import type { FEED_TEXTS } from './feed-texts.ts';

type FeedTexts = (typeof FEED_TEXTS)['en'];

/** What PUT/POST /api/feed accept (packages/schemas feedInput). */
export const FEED_INPUT_KEYS = [
  '_id',
  'status',
  'title',
  'featuredImage',
  'mediaSource',
  'description',
  'body',
  'publishedDate',
  'factcheck',
  'assignee',
  'dueAt',
] as const;

export function feedFormDefinition(t: FeedTexts, readonly: boolean): FormDefinition {
  const ro = readonly ? { readonly: true } : {};
  return {
    name: 'feed-item',
    warnUnsavedChanges: true,
    fields: [
      {
        type: 'text',
        name: 'title',
        inputs: { label: t.title, required: true, ...ro },
        validations: [{ name: 'maxLength', arguments: 1000 }],
      },
      {
        type: 'file',
        name: 'featuredImage',
        inputs: {
          label: t.featuredImage,
          hint: t.featuredImageHint,
          destination: 'news-feed',
          accept: ['image/*'],
          maxFiles: 1,
          ...ro,
        },
      },
      {
        type: 'chips',
        name: 'mediaSource',
        inputs: {
          label: t.mediaSource,
          hint: t.mediaSourceHint,
          source: {
            resource: 'media-source',
            valueField: '_id',
            displayField: 'name',
            params: { per_page: '100', select: '_id,name' },
          },
          ...ro,
        },
      },
      { type: 'date', name: 'publishedDate', inputs: { label: t.publishedDate, ...ro } },
      {
        type: 'textarea',
        name: 'description',
        inputs: { label: t.description, rows: 3, maxRows: 6, ...ro },
        validations: [{ name: 'maxLength', arguments: 10_000 }],
      },
      {
        type: 'textarea',
        name: 'body',
        inputs: { label: t.body, hint: t.bodyHint, rows: 8, maxRows: 20, ...ro },
      },
    ],
  };
}

/** A feed record as the form's values. */
export function feedToForm(record: Doc | undefined): FormValues {
  if (!record) return { featuredImage: [], mediaSource: [] };
  return {
    title: record.title ?? '',
    featuredImage: formFiles(record.featuredImage),
    mediaSource: Array.isArray(record.mediaSource)
      ? record.mediaSource.map((s) => (typeof s === 'object' && s ? (s as Doc)._id : s))
      : [],
    publishedDate: toDateField(record.publishedDate),
    description: record.description ?? '',
    body: record.body ?? '',
  };
}

/** The form's values as the record to save; status and link stay as the server has them. */
export function feedFromForm(values: FormValues, existing: Doc | undefined): Doc {
  return pickInput(
    {
      ...(existing
        ? {
            _id: existing._id,
            status: existing.status,
            factcheck: existing.factcheck ?? null,
            // The desk's assignment (issue 35) is set by its own control: a save keeps it.
            assignee: existing.assignee ?? null,
            dueAt: existing.dueAt ?? null,
          }
        : {}),
      ...(existing ? {} : { status: 'new' }),
      title: String(values.title ?? '').trim(),
      featuredImage: storedFiles(values.featuredImage),
      mediaSource: Array.isArray(values.mediaSource) ? values.mediaSource.map(String) : [],
      publishedDate: fromDateField(values.publishedDate),
      description: emptyToNull(values.description),
      body: emptyToNull(values.body),
    },
    FEED_INPUT_KEYS,
  );
}
