// Mantine's DatePicker with the locale settings of platform §9 and, in place of Mantine's decade
// level (10 years), the 24-year multi-year panel. Used by date, calendar and date-range.
import { type CalendarLevel, DatePicker, type DatePickerProps, DatesProvider } from '@mantine/dates';
import { type ReactNode, useState } from 'react';
import type { WidgetProps } from '../../types.ts';
import { datesSettings } from './dates-settings.ts';
import { MultiYearPanel } from './multi-year-panel.tsx';

export type CalendarPickerProps = Omit<
  DatePickerProps,
  'level' | 'onLevelChange' | 'date' | 'onDateChange' | 'defaultDate' | 'type'
> & {
  /** The day the calendar opens on (`YYYY-MM-DD`). */
  initialDate?: string | undefined;
  dir: WidgetProps['dir'];
  locale: WidgetProps['locale'];
};

const yearOf = (day: string | undefined): number | undefined => (day ? Number(day.slice(0, 4)) : undefined);
const pad = (part: number) => String(part).padStart(2, '0');

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function CalendarPicker({ initialDate, dir, locale, ...pickerProps }: CalendarPickerProps): ReactNode {
  const [level, setLevel] = useState<CalendarLevel>('month');
  const [date, setDate] = useState<string>(initialDate ?? today());
  const selected = typeof pickerProps.value === 'string' ? pickerProps.value : initialDate;

  if (level === 'decade') {
    return (
      <MultiYearPanel
        year={yearOf(date) ?? new Date().getFullYear()}
        selectedYear={yearOf(selected)}
        minYear={yearOf(typeof pickerProps.minDate === 'string' ? pickerProps.minDate : undefined)}
        maxYear={yearOf(typeof pickerProps.maxDate === 'string' ? pickerProps.maxDate : undefined)}
        onSelect={(year) => {
          setDate(`${year}${date.slice(4, 7)}-01`);
          setLevel('year');
        }}
        dir={dir}
        locale={locale}
      />
    );
  }
  return (
    <DatesProvider settings={datesSettings(locale)}>
      <DatePicker
        {...pickerProps}
        level={level}
        onLevelChange={setLevel}
        date={date}
        onDateChange={setDate}
      />
    </DatesProvider>
  );
}
