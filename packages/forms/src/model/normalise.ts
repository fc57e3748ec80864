// Turns a FormDefinition into what the engine runs: defaults filled in (appearance 'outline',
// updateOn 'change'), validators built once (an unknown name throws here, at definition time),
// a `required` validator added for every field flagged required, and sections flattened.
import {
  type CustomFieldType,
  type FieldDefinition,
  type FieldType,
  type FormDefinition,
  isCustomFieldType,
  type SectionDefinition,
} from '../types.ts';
import { createValidator, type ValidatorFn } from '../validators/validators.ts';

/** Types whose value is a boolean: "required" means "must be true" for them (platform §5). */
export function isBooleanField(field: FieldDefinition): boolean {
  return field.type === 'switch' || (field.type === 'checks' && !field.inputs?.items?.length);
}

/** Types that may hold a list of values when `inputs.multiple` is set. */
export const MULTIPLE_CAPABLE_TYPES: ReadonlySet<FieldType> = new Set<FieldType>([
  'select',
  'checks',
  'choices',
  'chips',
  'autocomplete',
  'file',
  'local-file',
  'tree',
  'array',
  'table',
  'date',
  'calendar',
]);

export interface NormalisedField {
  definition: FieldDefinition;
  name: string;
  type: FieldType | CustomFieldType;
  /** The section holding the field, undefined for top-level fields. */
  section?: string;
  /** Flagged required by `inputs.required` or a `required`/`requiredTrue` validation. */
  required: boolean;
  /** Applied when the field is required, statically or by a `require` condition. */
  requiredValidator: ValidatorFn;
  /** Every other validator, in definition order. */
  validators: ValidatorFn[];
  updateOn: 'change' | 'blur' | 'submit';
  /** A field with `inputs.multiple` on a type that cannot hold a list. */
  isArrayUnsupported: boolean;
}

export interface NormalisedSection extends Omit<SectionDefinition, 'fields'> {
  fields: NormalisedField[];
}

export interface NormalisedForm {
  definition: FormDefinition;
  /** Fields outside any section, rendered before the sections. */
  fields: NormalisedField[];
  sections: NormalisedSection[];
  /** Every field, top-level first then section by section. */
  allFields: NormalisedField[];
  warnUnsavedChanges: boolean;
}

const REQUIRED_NAMES = new Set(['required', 'requiredTrue']);

export function normaliseField(field: FieldDefinition, section?: string): NormalisedField {
  const definition: FieldDefinition = {
    ...field,
    updateOn: field.updateOn ?? 'change',
    inputs: { ...field.inputs, appearance: field.inputs?.appearance ?? 'outline' },
  };
  const validations = field.validations ?? [];
  const explicitRequired = validations.find((v) => REQUIRED_NAMES.has(v.name));
  const required = Boolean(field.inputs?.required) || Boolean(explicitRequired);
  const requiredName = isBooleanField(field) ? 'requiredTrue' : 'required';
  const requiredValidator = createValidator({
    name: requiredName,
    ...(explicitRequired?.message ? { message: explicitRequired.message } : {}),
  });
  const validators = validations.filter((v) => !REQUIRED_NAMES.has(v.name)).map(createValidator);
  if (field.type === 'password' && field.inputs?.strength) {
    validators.push(createValidator({ name: 'passwordStrength', arguments: field.inputs.strength }));
  }
  return {
    definition,
    name: field.name,
    type: field.type,
    ...(section !== undefined ? { section } : {}),
    required,
    requiredValidator,
    validators,
    updateOn: definition.updateOn ?? 'change',
    // A custom widget decides for itself what `multiple` means.
    isArrayUnsupported:
      Boolean(field.inputs?.multiple) &&
      !isCustomFieldType(field.type) &&
      !MULTIPLE_CAPABLE_TYPES.has(field.type as FieldType),
  };
}

export function normaliseForm(form: FormDefinition): NormalisedForm {
  const fields = (form.fields ?? []).map((field) => normaliseField(field));
  const sections = (form.sections ?? []).map((section) => ({
    ...section,
    fields: section.fields.map((field) => normaliseField(field, section.name)),
  }));
  const allFields = [...fields, ...sections.flatMap((section) => section.fields)];
  const seen = new Set<string>();
  for (const field of allFields) {
    if (seen.has(field.name)) throw new Error(`Duplicate field name: ${field.name}`);
    seen.add(field.name);
  }
  return {
    definition: form,
    fields,
    sections,
    allFields,
    warnUnsavedChanges: Boolean(form.warnUnsavedChanges),
  };
}
