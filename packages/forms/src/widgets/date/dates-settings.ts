// Calendar locale settings shared by date, calendar and date-range (platform §9 "Calendar").
import 'dayjs/locale/ar';
import 'dayjs/locale/tr';
import type { DatesProviderSettings } from '@mantine/dates';
import type { WidgetProps } from '../../types.ts';

/** Saturday starts the week in Arabic, Monday in English and Turkish. */
export function datesSettings(locale: WidgetProps['locale']): DatesProviderSettings {
  return { locale, firstDayOfWeek: locale === 'ar' ? 6 : 1, weekendDays: locale === 'ar' ? [5, 6] : [0, 6] };
}

/** Mantine wants `YYYY-MM-DD` strings for its bounds and excluded days. */
export function toPickerDate(bound: string | Date | undefined): string | undefined {
  if (bound === undefined) return undefined;
  if (bound instanceof Date) {
    const pad = (part: number) => String(part).padStart(2, '0');
    return `${bound.getFullYear()}-${pad(bound.getMonth() + 1)}-${pad(bound.getDate())}`;
  }
  return bound.slice(0, 10);
}
