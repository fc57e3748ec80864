import { DateRangeWidget } from './date-range-widget.tsx';

export type { DateRangeErrorKey, DateRangeErrors, DateRangeValue } from './date-range-parse.ts';
export { dateRangeErrors, RANGE_SEPARATOR, selectRangeDay } from './date-range-parse.ts';
export { DateRangeWidget };
export default DateRangeWidget;
