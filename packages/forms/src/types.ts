// The contract every part of the form engine shares: field definitions (platform spec §3),
// the props every widget receives, and the data adapter widgets load options through.
import type { ReactNode } from 'react';

export const FIELD_TYPES = [
  'text',
  'hidden',
  'phone',
  'password',
  'number',
  'number-range',
  'slider',
  'reviews',
  'email',
  'date',
  'calendar',
  'date-range',
  'select',
  'textarea',
  'file',
  'local-file',
  'tree',
  'array',
  'table',
  'checks',
  'radios',
  'choices',
  'switch',
  'color',
  'chips',
  'autocomplete-text',
  'autocomplete',
  'address',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/**
 * A type name an application adds with its own widget (`x-rich-text`): registered through
 * `<FormsProvider widgets>` or `useFormEngine(…, { widgets })`, looked up before the registry.
 * The `x-` prefix keeps a typo of a built-in type (`'tabel'`) a compile error.
 */
export type CustomFieldType = `x-${string}`;

/** True for an application's own type name (`x-…`). */
export const isCustomFieldType = (type: string): type is CustomFieldType => type.startsWith('x-');

/** A validator by name, as platform §5 lists them (`required`, `maxLength`, `after`, …). */
export interface ValidationDefinition {
  name: string;
  arguments?: unknown;
  message?: string;
}

/** An option of select, checks, radios, chips, autocomplete; choices add key/description. */
export interface OptionItem {
  value: unknown;
  display: string;
  image?: string;
  description?: string;
  key?: string;
  selected?: boolean;
}

/** The widget-specific settings (platform §3 "Form control"), plus per-type extras. */
export interface FieldInputs {
  required?: boolean;
  label?: string;
  placeholder?: string;
  appearance?: 'outline' | 'fill';
  hint?: string;
  readonly?: boolean;
  disabled?: boolean;
  floatLabel?: 'auto' | 'always';
  multiple?: boolean;
  showSearch?: boolean;
  direction?: 'horizontal' | 'vertical';
  items?: OptionItem[];
  /** Load options through the data adapter instead of `items`. */
  source?: { resource: string; valueField?: string; displayField?: string; params?: Record<string, string> };
  [extra: string]: unknown;
}

/** `{ on, when, do }`: when the condition (evaluated by @tabayyun/permissions) holds, do the action. */
export interface FieldCondition {
  on?: string;
  when: unknown;
  do: 'show' | 'hide' | 'enable' | 'disable' | 'require';
}

export interface FieldDefinition {
  type: FieldType | CustomFieldType;
  name: string;
  validations?: ValidationDefinition[];
  placeholder?: string;
  inputs?: FieldInputs;
  hidden?: boolean;
  updateOn?: 'change' | 'blur' | 'submit';
  conditions?: FieldCondition[];
  /** array and table: the row's fields. address, number-range: fixed; groups use `fields`. */
  fields?: FieldDefinition[];
}

export interface SectionDefinition {
  name: string;
  title?: string;
  description?: string;
  fields: FieldDefinition[];
}

export interface FormDefinition {
  name?: string;
  sections?: SectionDefinition[];
  fields?: FieldDefinition[];
  warnUnsavedChanges?: boolean;
}

export interface ListResult<T> {
  data: T[];
  total: number;
}

/** The spec's data adapter: the back office's API client implements it (platform §7). */
export interface DataAdapter {
  list(resource: string, params: Record<string, string>): Promise<ListResult<Record<string, unknown>>>;
  upload?(
    destination: string,
    file: File,
    opts: { onProgress(percent: number): void; signal: AbortSignal; fieldname: string },
  ): Promise<FileRecord>;
  deleteFile?(path: string): Promise<void>;
}

export interface FileRecord {
  _id?: string;
  path: string;
  originalname?: string;
  name?: string;
  mimetype?: string;
  size?: number;
  date?: string;
  fieldname?: string;
  filename?: string;
  encoding?: string;
  destination?: string;
  status?: string;
  user?: string;
  meta?: unknown;
}

/** What every widget receives from the renderer: one contract, so one conformance suite. */
export interface WidgetProps<V = unknown> {
  field: FieldDefinition;
  /** The DOM id of the focusable control; the label's htmlFor points to it. */
  id: string;
  value: V;
  onChange(value: V): void;
  onBlur(): void;
  /** The message to show under the field (the control's message, else the error key). */
  error?: string;
  required: boolean;
  disabled: boolean;
  readOnly: boolean;
  dir: 'rtl' | 'ltr';
  locale: 'ar' | 'en' | 'tr';
  adapter?: DataAdapter;
}

export type Widget<V = unknown> = (props: WidgetProps<V>) => ReactNode;

/** An application's widgets by custom type name (`{ 'x-rich-text': RichTextWidget }`). */
// biome-ignore lint/suspicious/noExplicitAny: each widget has its own value type; the map erases it.
export type CustomWidgets = Partial<Record<CustomFieldType, Widget<any>>>;
