// A date the widget cannot parse (or one outside min/max/filter) is an error only the widget
// sees: the engine has no date validator of its own. Report the first key, with all of them as
// params, so the form is invalid while the text is wrong (platform §5 "Date input").
import { useEffect } from 'react';
import { useReportWidgetError } from '../../engine/forms-context.tsx';

/** The keys in the order they are shown: the range order first, then parse, min, max, filter. */
const KEY_ORDER = [
  'matStartDateInvalid',
  'matEndDateInvalid',
  'matDatepickerParse',
  'matDatepickerMin',
  'matDatepickerMax',
  'matDatepickerFilter',
];

export function firstDateErrorKey(errors: Partial<Record<string, true>> | null): string | null {
  if (!errors) return null;
  return KEY_ORDER.find((key) => errors[key]) ?? Object.keys(errors)[0] ?? null;
}

export function useDateErrorReport(errors: Partial<Record<string, true>> | null): void {
  const report = useReportWidgetError();
  const key = firstDateErrorKey(errors);
  const params = errors ? Object.keys(errors).sort().join(',') : '';
  useEffect(() => {
    report(key ? { key, params: { keys: params } } : null);
  }, [key, params, report]);
  useEffect(() => () => report(null), [report]);
}
