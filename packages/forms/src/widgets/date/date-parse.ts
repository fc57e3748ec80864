// Date text parsing and the date validators (platform §5 "Date input"). The widgets keep the typed
// text local and hand the engine either an ISO value or, when the text does not parse, the raw
// text: `dateErrors` then reports `matDatepickerParse`, so an unparseable date blocks submission.
import type { FieldInputs } from '../../types.ts';

export type DateErrorKey =
  | 'matDatepickerParse'
  | 'matDatepickerMin'
  | 'matDatepickerMax'
  | 'matDatepickerFilter';
export type DateErrors = Partial<Record<DateErrorKey, true>>;

/** The date settings a definition's `inputs` may carry. */
export interface DateInputs {
  min?: string | Date;
  max?: string | Date;
  filter?: (date: Date) => boolean;
}

const ISO_DATE_TIME =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:T|\s+)(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?(?:\s*([AaPp])\.?[Mm]\.?)?)?$/;

/** Parses `yyyy-mm-dd` with an optional `hh:mm[:ss]` time and AM/PM; null when not a real date. */
export function parseIsoDate(text: string): Date | null {
  const match = ISO_DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [, year, month, day, hourText, minuteText, secondText, meridiem] = match;
  let hours = Number(hourText ?? 0);
  const minutes = Number(minuteText ?? 0);
  const seconds = Number(secondText ?? 0);
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  if (meridiem) {
    if (hours < 1 || hours > 12) return null;
    const isPm = meridiem.toLowerCase() === 'p';
    hours = (hours % 12) + (isPm ? 12 : 0);
  }
  const date = new Date(Number(year), Number(month) - 1, Number(day), hours, minutes, seconds);
  // new Date rolls 2024-02-31 over to March: reject instead of silently moving the day.
  if (date.getFullYear() !== Number(year) || date.getMonth() !== Number(month) - 1) return null;
  if (date.getDate() !== Number(day)) return null;
  return date;
}

/** True when the text carries a time part, so the value keeps it. */
export function hasTimePart(text: string): boolean {
  return /\d:\d/.test(text);
}

const pad = (part: number): string => String(part).padStart(2, '0');

/** `yyyy-mm-dd`, or `yyyy-mm-dd HH:mm:ss` with the time. */
export function formatIsoDate(date: Date, withTime = false): string {
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  if (!withTime) return day;
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** Normalises typed text: the ISO value when it parses, the raw text otherwise, null when empty. */
export function normaliseDateText(text: string): string | null {
  if (text.trim() === '') return null;
  const date = parseIsoDate(text);
  return date ? formatIsoDate(date, hasTimePart(text)) : text;
}

function toDate(bound: string | Date | undefined): Date | null {
  if (bound === undefined || bound === null || bound === '') return null;
  return bound instanceof Date ? bound : parseIsoDate(bound);
}

/** Reads the date settings out of a definition's `inputs`. */
export function readDateInputs(inputs: FieldInputs | undefined): DateInputs {
  const source = inputs ?? {};
  const result: DateInputs = {};
  if (typeof source.min === 'string' || source.min instanceof Date) result.min = source.min;
  if (typeof source.max === 'string' || source.max instanceof Date) result.max = source.max;
  if (typeof source.filter === 'function') result.filter = source.filter as (date: Date) => boolean;
  return result;
}

/** Checks one parsed date against min, max and filter. */
export function checkDate(date: Date, inputs: DateInputs): DateErrors {
  const errors: DateErrors = {};
  const min = toDate(inputs.min);
  const max = toDate(inputs.max);
  if (min && date.getTime() < min.getTime()) errors.matDatepickerMin = true;
  if (max && date.getTime() > max.getTime()) errors.matDatepickerMax = true;
  if (inputs.filter && !inputs.filter(date)) errors.matDatepickerFilter = true;
  return errors;
}

/**
 * The validator the engine runs for `date` and `calendar` fields: null when valid or empty,
 * else the error keys (`matDatepickerParse`, `matDatepickerMin`, `matDatepickerMax`, `matDatepickerFilter`).
 */
export function dateErrors(value: unknown, inputs?: FieldInputs | DateInputs): DateErrors | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : typeof value === 'string' ? parseIsoDate(value) : null;
  if (!date || Number.isNaN(date.getTime())) return { matDatepickerParse: true };
  const errors = checkDate(date, readDateInputs(inputs as FieldInputs));
  return Object.keys(errors).length > 0 ? errors : null;
}
