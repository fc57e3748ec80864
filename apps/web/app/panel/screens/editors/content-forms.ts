// The fact-check and article forms (spec §3, sections of §2) as form-engine definitions, and the
// mapping between a record as the API answers it and the form's values. Field names are the
// schema's (packages/schemas factcheckInput / articleInput); only the keys the schema accepts are
// sent (the input schemas are strict; server-derived fields such as score are read-only).
import type { FieldDefinition, FormDefinition, OptionItem, SectionDefinition } from '@tabayyun/forms';
import { RICH_TEXT_TYPE } from '../../components/rich-text/direction-context.ts';
import type { Doc } from '../../lib/api-client.ts';
import { formFiles } from '../feeds/desk-forms.ts';
import type { EditorOptions } from './editor-data.ts';
import type { EditorTexts } from './editor-texts.ts';
import { filesForServer } from './files.ts';
import { seoFields, seoFromForm, seoToForm } from './seo-fields.ts';

export type ContentKind = 'factcheck' | 'article';
export const STATUSES = ['draft', 'review', 'published'] as const;
export type Status = (typeof STATUSES)[number];
export const CONTENT_LANGUAGES = ['ar', 'en', 'tr'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/** The read-only link to the feed item a fact-check came from. */
export const FEED_LINK_TYPE = 'x-feed-link' as const;
/** The live previews of the Google result and the social card. */
export const SEO_PREVIEW_TYPE = 'x-seo-preview' as const;

/**
 * The form engine's field types in the editors' forms (the rich text and the `x-…` widgets are the
 * panel's own). The route's loader fetches their widgets' code beside the record, so the form draws
 * them on its first draw instead of asking for them after it; content-forms.test.ts checks the list
 * against both definitions.
 */
export const EDITOR_FIELD_TYPES = [
  'text',
  'textarea',
  'select',
  'switch',
  'file',
  'table',
  'number',
  'chips',
] as const;

/** Keys POST/PUT accept (factcheckInput / articleInput). */
export const FACTCHECK_INPUT_KEYS = [
  '_id',
  'status',
  'language',
  'translation_id',
  'newsFeed',
  'mediaSource',
  'author',
  'title',
  'images',
  'content',
  'claims',
  'againstClaim',
  'conclusion',
  'hideClaimsTitle',
  'hideAgainstClaimTitle',
  'hideConclusionTitle',
  'category',
  'evaluation',
  'country',
  'topic',
  'tags',
  'references',
  'sources',
  'slug',
  'description',
  'claimSummary',
  'meta',
  'disabledAt',
  'deletedAt',
] as const;
export const ARTICLE_INPUT_KEYS = [
  '_id',
  'status',
  'language',
  'translation_id',
  'author',
  'title',
  'images',
  'content',
  'country',
  'topic',
  'tags',
  'slug',
  'description',
  'meta',
] as const;

export const statusLabel = (t: EditorTexts, status: string): string =>
  ({ draft: t.statusDraft, review: t.statusReview, published: t.statusPublished })[status] ?? status;
export const languageLabel = (t: EditorTexts, language: string): string =>
  ({ ar: t.languageAr, en: t.languageEn, tr: t.languageTr })[language] ?? language;

const pad = (n: number) => String(n).padStart(2, '0');
/** The server's slug from a creation time: YYMMDDHHmm in UTC (spec §4, @tabayyun/text factcheckSlug). */
export function slugFromDate(date: Date): string {
  return [
    pad(date.getUTCFullYear() % 100),
    pad(date.getUTCMonth() + 1),
    pad(date.getUTCDate()),
    pad(date.getUTCHours()),
    pad(date.getUTCMinutes()),
  ].join('');
}

export interface DefinitionContext {
  t: EditorTexts;
  options: EditorOptions;
  /** The statuses the user may set (published only with the publishing right). */
  statuses: Status[];
  /** The chosen criteria category (evaluation rows pick among its children). */
  category?: string | null;
  readOnly: boolean;
}

const text = (
  name: string,
  label: string,
  extra: Partial<FieldDefinition['inputs']> = {},
): FieldDefinition => ({
  type: 'text',
  name,
  inputs: { label, ...extra },
});
const rich = (name: string, label: string, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  type: RICH_TEXT_TYPE,
  name,
  inputs: { label },
  ...extra,
});
const multi = (name: string, label: string, items: OptionItem[], hint?: string): FieldDefinition => ({
  type: 'select',
  name,
  inputs: { label, items, multiple: true, showSearch: true, ...(hint ? { hint } : {}) },
});

function basicFields(kind: ContentKind, c: DefinitionContext): FieldDefinition[] {
  const { t, options } = c;
  return [
    text('title', t.title, { required: true }),
    {
      type: 'textarea',
      name: 'description',
      inputs: { label: t.description, hint: t.descriptionHint, required: true, rows: 3, maxRows: 6 },
      validations: [{ name: 'maxLength', arguments: 5000 }],
    },
    {
      type: 'text',
      name: 'slug',
      inputs: { label: t.slug, hint: t.slugHint, dir: 'ltr' },
      validations: [{ name: 'maxLength', arguments: 200 }],
    },
    {
      type: 'select',
      name: 'language',
      inputs: {
        label: t.language,
        required: true,
        items: CONTENT_LANGUAGES.map((value) => ({ value, display: languageLabel(t, value) })),
      },
    },
    {
      type: 'select',
      name: 'status',
      inputs: {
        label: t.status,
        required: true,
        items: c.statuses.map((value) => ({ value, display: statusLabel(t, value) })),
        ...(c.statuses.includes('published') ? {} : { hint: t.publishHint }),
      },
    },
    { type: 'select', name: 'author', inputs: { label: t.author, items: options.authors, showSearch: true } },
    {
      type: 'file',
      name: 'images',
      inputs: {
        label: t.images,
        hint: t.imagesHint,
        destination: kind,
        accept: ['image/*'],
        maxFiles: 10,
        view: 'grid',
      },
    },
    ...(kind === 'factcheck'
      ? [
          multi('mediaSource', t.mediaSource, options.mediaSources),
          {
            type: FEED_LINK_TYPE,
            name: 'newsFeed',
            inputs: { label: t.newsFeed, readonly: true },
            conditions: [{ on: 'newsFeed', when: ['bool', { path: '' }], do: 'show' as const }],
          } satisfies FieldDefinition,
        ]
      : []),
  ];
}

function taxonomyFields(c: DefinitionContext): FieldDefinition[] {
  const { t, options } = c;
  return [
    multi('topic', t.topic, options.topics),
    multi('tags', t.tags, options.tags, t.tagsHint),
    multi('country', t.country, options.countries),
  ];
}

function metaSection(c: DefinitionContext, withClaimSummary: boolean): SectionDefinition {
  const { t } = c;
  return {
    name: 'meta',
    title: t.metaData,
    fields: [
      ...seoFields(t),
      ...(withClaimSummary
        ? [
            {
              type: 'text' as const,
              name: 'claimSummary',
              inputs: { label: t.claimSummary, hint: t.claimSummaryHint },
              validations: [{ name: 'maxLength', arguments: 75 }],
            },
          ]
        : []),
      { type: SEO_PREVIEW_TYPE, name: 'seo_preview', inputs: { label: t.previews, readonly: true } },
    ],
  };
}

function readOnlyAll(definition: FormDefinition): FormDefinition {
  const mark = (f: FieldDefinition): FieldDefinition => ({ ...f, inputs: { ...f.inputs, readonly: true } });
  return {
    ...definition,
    sections: definition.sections?.map((s) => ({ ...s, fields: s.fields.map(mark) })) ?? [],
  };
}

export function factcheckDefinition(c: DefinitionContext): FormDefinition {
  const { t, options } = c;
  const definition: FormDefinition = {
    name: 'factcheck',
    warnUnsavedChanges: true,
    sections: [
      { name: 'basic', title: t.basicInfo, fields: basicFields('factcheck', c) },
      {
        name: 'body',
        title: t.body,
        fields: [
          rich('content', t.content),
          rich('claims', t.claims),
          { type: 'switch', name: 'hideClaimsTitle', inputs: { label: t.hideClaimsTitle } },
          rich('againstClaim', t.againstClaim),
          { type: 'switch', name: 'hideAgainstClaimTitle', inputs: { label: t.hideAgainstClaimTitle } },
          rich('conclusion', t.conclusion),
          { type: 'switch', name: 'hideConclusionTitle', inputs: { label: t.hideConclusionTitle } },
        ],
      },
      {
        name: 'evaluation',
        title: t.evaluationSection,
        fields: [
          {
            type: 'select',
            name: 'category',
            inputs: { label: t.category, hint: t.categoryHint, items: options.criteria },
          },
          {
            type: 'table',
            name: 'evaluation',
            inputs: { label: t.evaluation, hint: t.evaluationHint },
            // The add button (and the rows' actions) wait for a category (spec §4).
            conditions: [{ on: 'category', when: ['bool', { path: '' }], do: 'enable' }],
            fields: [
              {
                type: 'select',
                name: 'category',
                inputs: {
                  label: t.evaluationCategory,
                  required: true,
                  items: options.childrenOf(c.category),
                },
              },
              { type: 'textarea', name: 'description', inputs: { label: t.evaluationDescription } },
              { type: 'number', name: 'score', inputs: { label: t.evaluationScore, required: true } },
            ],
          },
          { type: 'number', name: 'score', inputs: { label: t.score, hint: t.scoreHint, readonly: true } },
        ],
      },
      { name: 'taxonomy', title: t.taxonomy, fields: taxonomyFields(c) },
      {
        name: 'references',
        title: t.referencesSection,
        fields: [rich('references', t.references), rich('sources', t.sources)],
      },
      metaSection(c, true),
    ],
  };
  return c.readOnly ? readOnlyAll(definition) : definition;
}

export function articleDefinition(c: DefinitionContext): FormDefinition {
  const { t } = c;
  const definition: FormDefinition = {
    name: 'article',
    warnUnsavedChanges: true,
    sections: [
      { name: 'basic', title: t.basicInfo, fields: basicFields('article', c) },
      { name: 'body', title: t.body, fields: [rich('content', t.content)] },
      { name: 'taxonomy', title: t.taxonomy, fields: taxonomyFields(c) },
      metaSection(c, false),
    ],
  };
  return c.readOnly ? readOnlyAll(definition) : definition;
}

// ───────────── record ⇄ form ─────────────

const list = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map((v) => (v && typeof v === 'object' ? String((v as Doc)._id) : String(v)))
    : [];
const idOf = (value: unknown): string | null =>
  value && typeof value === 'object'
    ? String((value as Doc)._id ?? '') || null
    : typeof value === 'string' && value
      ? value
      : null;
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
const htmlOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

export interface EvaluationRow {
  category: string;
  description?: string | null;
  score: number;
}

/** Category score + the rows' scores: what the server's derive stores (factcheck.resource.ts). */
export function liveScore(categoryScore: number, rows: unknown): number {
  const sum = (Array.isArray(rows) ? (rows as Partial<EvaluationRow>[]) : []).reduce(
    (total, row) => total + (typeof row?.score === 'number' && Number.isFinite(row.score) ? row.score : 0),
    0,
  );
  return categoryScore + sum;
}

export interface NewRecordSeed {
  now: Date;
  language?: ContentLanguage;
  newsFeed?: { _id: string; title?: string; mediaSource?: string[] } | null;
}

/** A record (or a new one) as the form's values. */
export function recordToForm(
  kind: ContentKind,
  record: Doc | undefined,
  seed: NewRecordSeed,
): Record<string, unknown> {
  const r = record ?? {};
  const created = r.createdAt ? new Date(String(r.createdAt)) : seed.now;
  const values: Record<string, unknown> = {
    title: textOf(r.title) || (seed.newsFeed?.title ?? ''),
    description: textOf(r.description),
    slug: textOf(r.slug) || slugFromDate(Number.isNaN(created.getTime()) ? seed.now : created),
    language: textOf(r.language) || seed.language || 'ar',
    status: textOf(r.status) || 'draft',
    author: idOf(r.author),
    images: formFiles(r.images),
    content: htmlOf(r.content),
    topic: list(r.topic),
    tags: list(r.tags),
    country: list(r.country),
    ...seoToForm(r.meta),
  };
  if (kind === 'factcheck') {
    Object.assign(values, {
      mediaSource: record ? list(r.mediaSource) : (seed.newsFeed?.mediaSource ?? []),
      newsFeed: record ? idOf(r.newsFeed) : (seed.newsFeed?._id ?? null),
      claims: htmlOf(r.claims),
      againstClaim: htmlOf(r.againstClaim),
      conclusion: htmlOf(r.conclusion),
      hideClaimsTitle: r.hideClaimsTitle === true,
      hideAgainstClaimTitle: r.hideAgainstClaimTitle === true,
      hideConclusionTitle: r.hideConclusionTitle === true,
      category: idOf(r.category),
      evaluation: Array.isArray(r.evaluation)
        ? (r.evaluation as Doc[]).map((row) => ({
            category: idOf(row.category) ?? '',
            description: textOf(row.description),
            score: typeof row.score === 'number' ? row.score : 0,
          }))
        : [],
      score: typeof r.score === 'number' ? r.score : 0,
      references: htmlOf(r.references),
      sources: htmlOf(r.sources),
      claimSummary: textOf(r.claimSummary),
    });
  }
  return values;
}

const trimmed = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

/** The form's values as the body of POST/PUT (only accepted keys; `_id` when editing). */
export function formToRecord(
  kind: ContentKind,
  values: Record<string, unknown>,
  record: Doc | undefined,
): Doc {
  const doc: Doc = {
    ...(record?._id ? { _id: record._id } : {}),
    status: values.status,
    language: values.language,
    translation_id: record ? (record.translation_id ?? null) : (values.translation_id ?? null),
    author: values.author ?? null,
    title: textOf(values.title).trim(),
    images: filesForServer(values.images),
    content: values.content ?? null,
    country: list(values.country),
    topic: list(values.topic),
    tags: list(values.tags),
    slug: trimmed(values.slug),
    description: textOf(values.description).trim(),
    meta: seoFromForm(values, record?.meta),
    // The schedule (issue 33 §5) is set by its own control: a save keeps the stored one.
    ...(record && 'publishAt' in record ? { publishAt: record.publishAt ?? null } : {}),
    // So is the desk's assignment (issue 35): its own control sets it, a save keeps it.
    ...(record && 'assignee' in record
      ? { assignee: record.assignee ?? null, dueAt: record.dueAt ?? null }
      : {}),
  };
  if (kind === 'article') return doc;
  return {
    ...doc,
    newsFeed: values.newsFeed ?? null,
    mediaSource: list(values.mediaSource),
    claims: values.claims ?? null,
    againstClaim: values.againstClaim ?? null,
    conclusion: values.conclusion ?? null,
    hideClaimsTitle: values.hideClaimsTitle === true,
    hideAgainstClaimTitle: values.hideAgainstClaimTitle === true,
    hideConclusionTitle: values.hideConclusionTitle === true,
    category: values.category ?? null,
    evaluation: (Array.isArray(values.evaluation) ? (values.evaluation as Partial<EvaluationRow>[]) : [])
      .filter((row) => row?.category)
      .map((row) => ({
        category: String(row.category),
        description: trimmed(row.description),
        score: typeof row.score === 'number' && Number.isFinite(row.score) ? row.score : 0,
      })),
    references: values.references ?? null,
    sources: values.sources ?? null,
    claimSummary: trimmed(values.claimSummary),
    // Acknowledged unarchivable sources (the evidence archive's own control) stay as stored.
    ...(record && Array.isArray(record.evidenceAcknowledged)
      ? { evidenceAcknowledged: record.evidenceAcknowledged }
      : {}),
    disabledAt: record?.disabledAt ?? null,
    deletedAt: record?.deletedAt ?? null,
  };
}

/** A linked copy in another language (translation_id → the source's group), to be created. */
export function translationOf(
  kind: ContentKind,
  source: Doc,
  values: Record<string, unknown>,
  language: ContentLanguage,
): Doc {
  const doc = formToRecord(kind, values, undefined);
  const { _id: _omit, ...rest } = doc;
  void _omit;
  return {
    ...rest,
    language,
    status: 'draft',
    slug: null,
    translation_id: (source.translation_id as string | null | undefined) || source._id,
    ...(kind === 'factcheck' ? { newsFeed: null } : {}),
  };
}
