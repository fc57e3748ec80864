// The category form (spec §3, §5): _id (required, read-only once created), slug and name (required),
// the English and Turkish names and descriptions (ADR 011), parent (only within the same taxonomy),
// colour, image (folder categories), description; criteria add score and rating; criteria and
// topics choose the pages they show on.
import type { FieldDefinition, FormDefinition, FormValues, OptionItem } from '@tabayyun/forms';
import type { Doc } from '../../lib/api-client.ts';
import { emptyToNull, formFiles, pickInput, storedFiles } from '../feeds/desk-forms.ts';
import type { TaxonomyTexts } from './taxonomy-texts.ts';

/** What POST/PUT /api/category accept (packages/schemas categoryInput). */
export const CATEGORY_INPUT_KEYS = [
  '_id',
  'image',
  'slug',
  'name',
  'nameEn',
  'nameTr',
  'color',
  'parent',
  'description',
  'descriptionEn',
  'descriptionTr',
  'score',
  'ratingOrdinal',
  'showOnPages',
] as const;

export const CATEGORY_ID_PATTERN = '^[a-z0-9][a-z0-9-_]*$';

export interface TaxonomyKind {
  /** The root category: its id is the first segment of every path of the taxonomy. */
  root: string;
  perPage: number;
  hasScore: boolean;
  hasPages: boolean;
}

export interface CategoryNode extends Doc {
  name?: string;
  nameEn?: string | null;
  slug?: string;
  path?: string;
  level?: number;
  parent?: string | null;
  color?: string | null;
  score?: number | null;
}

/** Parent choices: the root and every category of the taxonomy but the edited one and its subtree. */
export function parentItems(nodes: CategoryNode[], editing?: CategoryNode): OptionItem[] {
  const own = editing?.path ? String(editing.path) : undefined;
  return nodes
    .filter((n) => !own || (n.path !== own && !String(n.path).startsWith(`${own}/`)))
    .map((n) => ({
      value: n._id,
      display: `${'— '.repeat(Math.max(0, Number(n.level ?? 0)))}${n.name ?? n._id}`,
    }));
}

export function categoryFormDefinition(
  t: TaxonomyTexts,
  kind: TaxonomyKind,
  parents: OptionItem[],
  isNew: boolean,
): FormDefinition {
  const fields: FieldDefinition[] = [
    {
      type: 'text',
      name: '_id',
      inputs: { label: t.id, required: true, ...(isNew ? { hint: t.idHint } : { readonly: true }) },
      validations: [
        { name: 'pattern', arguments: CATEGORY_ID_PATTERN, message: t.idPattern },
        { name: 'maxLength', arguments: 100 },
      ],
    },
    { type: 'text', name: 'name', inputs: { label: t.name, required: true } },
    { type: 'text', name: 'slug', inputs: { label: t.slug, required: true } },
    {
      type: 'select',
      name: 'parent',
      inputs: { label: t.parent, required: true, items: parents, showSearch: true },
    },
    { type: 'color', name: 'color', inputs: { label: t.color, format: 'hex' } },
  ];
  if (kind.hasScore) {
    fields.push(
      { type: 'number', name: 'score', inputs: { label: t.score, numberType: 'float' } },
      {
        type: 'number',
        name: 'ratingOrdinal',
        inputs: { label: t.ratingOrdinal, numberType: 'integer', min: 1, max: 5 },
        validations: [
          { name: 'min', arguments: 1 },
          { name: 'max', arguments: 5 },
        ],
      },
    );
  }
  if (kind.hasPages) {
    fields.push({
      type: 'checks',
      name: 'showOnPages',
      inputs: {
        label: t.showOnPages,
        direction: 'horizontal',
        items: [
          { value: 'home', display: t.home },
          { value: 'sources', display: t.sources },
        ],
      },
    });
  }
  fields.push(
    {
      type: 'file',
      name: 'image',
      inputs: { label: t.image, destination: 'categories', accept: ['image/*'], maxFiles: 1 },
    },
    { type: 'textarea', name: 'description', inputs: { label: t.description, rows: 3, maxRows: 6 } },
  );
  return {
    name: 'category',
    fields,
    sections: [
      {
        name: 'translations',
        title: t.translations,
        fields: [
          { type: 'text', name: 'nameEn', inputs: { label: t.nameEn, hint: t.translationHint } },
          { type: 'text', name: 'nameTr', inputs: { label: t.nameTr, hint: t.translationHint } },
          {
            type: 'textarea',
            name: 'descriptionEn',
            inputs: { label: t.descriptionEn, rows: 2, maxRows: 5 },
          },
          {
            type: 'textarea',
            name: 'descriptionTr',
            inputs: { label: t.descriptionTr, rows: 2, maxRows: 5 },
          },
        ],
      },
    ],
  };
}

export function categoryToForm(record: Doc | undefined, kind: TaxonomyKind, parent?: string): FormValues {
  if (!record) return { parent: parent ?? kind.root, image: [], showOnPages: ['home'] };
  return {
    ...record,
    parent: record.parent ?? kind.root,
    image: formFiles(record.image),
    showOnPages: Array.isArray(record.showOnPages) ? record.showOnPages : ['home'],
  };
}

export function categoryFromForm(values: FormValues, kind: TaxonomyKind): Doc {
  const text = (key: string) =>
    emptyToNull(typeof values[key] === 'string' ? values[key].trim() : values[key]);
  const number = (key: string) => (typeof values[key] === 'number' ? values[key] : null);
  return pickInput(
    {
      _id: String(values._id ?? '').trim(),
      slug: String(values.slug ?? '').trim(),
      name: String(values.name ?? '').trim(),
      nameEn: text('nameEn'),
      nameTr: text('nameTr'),
      color: text('color'),
      parent: values.parent ? String(values.parent) : kind.root,
      description: text('description'),
      descriptionEn: text('descriptionEn'),
      descriptionTr: text('descriptionTr'),
      image: storedFiles(values.image),
      ...(kind.hasScore ? { score: number('score'), ratingOrdinal: number('ratingOrdinal') } : {}),
      ...(kind.hasPages
        ? { showOnPages: Array.isArray(values.showOnPages) ? values.showOnPages : [] }
        : Array.isArray(values.showOnPages)
          ? { showOnPages: values.showOnPages }
          : {}),
    },
    CATEGORY_INPUT_KEYS,
  );
}
