// Validators by name (platform spec §5). Every validator except `required` and `requiredTrue`
// passes an empty value, so optional fields are only checked once filled in.
import type { ValidationDefinition } from '../types.ts';
import { checkPasswordStrength } from './password-strength.ts';

export interface ValidationError {
  /** The error key: the validator's name, or a specific key such as `passwordAtLeast`. */
  key: string;
  /** The definition's own message; when absent the (translated) key is shown. */
  message?: string;
  /** Placeholders for the key's text, e.g. `{ count: 2, class: 'upper' }`. */
  params?: Record<string, string | number>;
}

export type ValidatorFn = (value: unknown) => ValidationError | null;
type ValidatorFactory = (args: unknown, name: string) => ValidatorFn;

export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.length === 0) ||
    (Array.isArray(value) && value.length === 0)
  );
}

function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return Number.NaN;
}

function toTime(value: unknown): number {
  if (value === 'now' || value === 'today') {
    const now = new Date();
    if (value === 'today') now.setHours(0, 0, 0, 0);
    return now.getTime();
  }
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'string' || typeof value === 'number') return new Date(value).getTime();
  return Number.NaN;
}

function lengthOf(value: unknown): number | null {
  if (typeof value === 'string' || Array.isArray(value)) return value.length;
  if (typeof value === 'number') return String(value).length;
  return null;
}

/** Builds a validator that fails (with its name as key) when `fails(value)` holds on a non-empty value. */
function when(fails: (value: unknown) => boolean): ValidatorFn {
  return (value) => (isEmptyValue(value) || !fails(value) ? null : { key: '' });
}

function named(name: string, fn: ValidatorFn): ValidatorFn {
  return (value) => {
    const error = fn(value);
    return error && error.key === '' ? { key: name } : error;
  };
}

function toPattern(args: unknown): RegExp {
  if (args instanceof RegExp) return args;
  const source = String(args);
  // Like Angular: a string pattern must match the whole value.
  return new RegExp(`${source.startsWith('^') ? '' : '^'}${source}${source.endsWith('$') ? '' : '$'}`);
}

const LATIN = /^[A-Za-z0-9^ ]*$/;
/** Text, `@`, a domain, and a final part of 2 to 20 letters, dots or hyphens. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z.-]{2,20}$/;

const FACTORIES: Record<string, ValidatorFactory> = {
  required: () => (value) => (isEmptyValue(value) ? { key: 'required' } : null),
  requiredTrue: () => (value) => (value === true ? null : { key: 'required' }),
  pattern: (args) => {
    const pattern = toPattern(args);
    return when((v) => !pattern.test(String(v)));
  },
  max: (args) => when((v) => toNumber(v) > toNumber(args)),
  min: (args) => when((v) => toNumber(v) < toNumber(args)),
  greaterThan: (args) => when((v) => !(toNumber(v) > toNumber(args))),
  lessThan: (args) => when((v) => !(toNumber(v) < toNumber(args))),
  maxLength: (args) => when((v) => (lengthOf(v) ?? 0) > toNumber(args)),
  minLength: (args) => when((v) => (lengthOf(v) ?? 0) < toNumber(args)),
  length: (args) => when((v) => lengthOf(v) !== toNumber(args)),
  latin: () => when((v) => !LATIN.test(String(v))),
  email: () => when((v) => !EMAIL_PATTERN.test(String(v))),
  endsWith: (args) => when((v) => !String(v).endsWith(String(args))),
  startsWith: (args) => when((v) => !String(v).startsWith(String(args))),
  includes: (args) => when((v) => !String(v).includes(String(args))),
  after: (args) => when((v) => !(toTime(v) > toTime(args))),
  before: (args) => when((v) => !(toTime(v) < toTime(args))),
  passwordStrength: (args) => (value) =>
    isEmptyValue(value)
      ? null
      : checkPasswordStrength(String(value), args as Record<string, number | number[]>),
};

export const VALIDATOR_NAMES: readonly string[] = Object.keys(FACTORIES);

/** A validator from its definition. An unknown name is an error (platform §5). */
export function createValidator(definition: ValidationDefinition): ValidatorFn {
  const factory = FACTORIES[definition.name];
  if (!factory) throw new Error(`Unknown validator: ${definition.name}`);
  const fn = named(definition.name, factory(definition.arguments, definition.name));
  return (value) => {
    const error = fn(value);
    if (!error) return null;
    return definition.message ? { ...error, message: definition.message } : error;
  };
}

/** Every failing validator's error, in definition order. */
export function runValidators(value: unknown, validators: readonly ValidatorFn[]): ValidationError[] {
  const errors: ValidationError[] = [];
  for (const validator of validators) {
    const error = validator(value);
    if (error) errors.push(error);
  }
  return errors;
}
