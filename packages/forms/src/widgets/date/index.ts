import { DateWidget } from './date-widget.tsx';

export type { DateErrorKey, DateErrors, DateInputs } from './date-parse.ts';
export { dateErrors, formatIsoDate, parseIsoDate } from './date-parse.ts';
export { datesSettings } from './dates-settings.ts';
export { DateWidget };
export default DateWidget;
