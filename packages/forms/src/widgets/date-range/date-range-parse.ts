// Range text, range clicks and the range validator (platform §4 "Range selection", §5 "Date range").
import type { FieldInputs } from '../../types.ts';
import {
  checkDate,
  type DateErrors,
  type DateInputs,
  normaliseDateText,
  parseIsoDate,
  readDateInputs,
} from '../date/date-parse.ts';

export interface DateRangeValue {
  start: string | null;
  end: string | null;
}

export type DateRangeErrorKey = 'matStartDateInvalid' | 'matEndDateInvalid';
export type DateRangeErrors = DateErrors & Partial<Record<DateRangeErrorKey, true>>;

/** The separator between start and end in the range text (platform §9). */
export const RANGE_SEPARATOR = '–';

export function formatRangeText(value: DateRangeValue | null | undefined): string {
  if (!value || (!value.start && !value.end)) return '';
  return `${value.start ?? ''} ${RANGE_SEPARATOR} ${value.end ?? ''}`.trim();
}

/** Splits typed text on the en dash (or a spaced hyphen, easier to type) into start and end. */
export function parseRangeText(text: string): DateRangeValue | null {
  if (text.trim() === '') return null;
  const [startText = '', endText = ''] = text.split(/\s*–\s*|\s+-\s+/);
  return { start: normaliseDateText(startText), end: normaliseDateText(endText) };
}

/** First click sets the start; a second sets the end unless it falls before the start, which restarts. */
export function selectRangeDay(range: DateRangeValue | null, day: string): DateRangeValue {
  const start = range?.start ? parseIsoDate(range.start) : null;
  if (!start || range?.end) return { start: day, end: null };
  const picked = parseIsoDate(day);
  if (!picked || picked.getTime() < new Date(start).setHours(0, 0, 0, 0)) return { start: day, end: null };
  return { start: range?.start ?? day, end: day };
}

/** The validator the engine runs for `date-range`: parse, min, max, filter and start ≤ end. */
export function dateRangeErrors(value: unknown, inputs?: FieldInputs | DateInputs): DateRangeErrors | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object') return { matDatepickerParse: true };
  const range = value as Partial<DateRangeValue>;
  const settings = readDateInputs(inputs as FieldInputs);
  const errors: DateRangeErrors = {};
  const parsed = [range.start, range.end].map((side) => {
    if (side === null || side === undefined || side === '') return null;
    const date = parseIsoDate(side);
    if (!date) errors.matDatepickerParse = true;
    else Object.assign(errors, checkDate(date, settings));
    return date;
  });
  const [start, end] = parsed;
  if (start && end && start.getTime() > end.getTime()) {
    errors.matStartDateInvalid = true;
    errors.matEndDateInvalid = true;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}
