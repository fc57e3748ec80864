// The period of a dashboard card (spec §2, §9): Today (default), Yesterday, Last 7 Days, Last 30
// Days, Last Month or a custom range; the range is settled 500 ms after the last change before it
// is asked for. Days are the reader's local days; the API takes start and end in milliseconds.
import 'dayjs/locale/ar-iq';
import { Group, Select } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { format, usePanelLanguage, useTexts } from '../../i18n/i18n.tsx';
import { DASHBOARD_TEXTS } from './dashboard-texts.ts';

export const DASHBOARD_DEBOUNCE_MS = 500;
export const PRESETS = ['today', 'yesterday', 'last7', 'last30', 'lastMonth', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];

export interface Period {
  preset: Preset;
  /** yyyy-mm-dd days of a custom range. */
  from: string | null;
  to: string | null;
}

export interface MsRange {
  start: number;
  end: number;
}

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());
const endOfDay = (date: Date) =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate(), 23, 59, 59, 999);
const addDays = (date: Date, days: number) =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
const parseDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, (m ?? 1) - 1, d ?? 1);
};

/** The first and last millisecond of a period; undefined while a custom range is incomplete. */
export function periodRange(period: Period, now = new Date()): MsRange | undefined {
  const today = startOfDay(now);
  switch (period.preset) {
    case 'today':
      return { start: today.getTime(), end: endOfDay(today).getTime() };
    case 'yesterday': {
      const day = addDays(today, -1);
      return { start: day.getTime(), end: endOfDay(day).getTime() };
    }
    case 'last7':
      return { start: addDays(today, -6).getTime(), end: endOfDay(today).getTime() };
    case 'last30':
      return { start: addDays(today, -29).getTime(), end: endOfDay(today).getTime() };
    case 'lastMonth': {
      const first = new Date(today.getFullYear(), today.getMonth() - 1, 1);
      const last = new Date(today.getFullYear(), today.getMonth(), 0);
      return { start: first.getTime(), end: endOfDay(last).getTime() };
    }
    case 'custom': {
      if (!period.from || !period.to) return undefined;
      return { start: parseDay(period.from).getTime(), end: endOfDay(parseDay(period.to)).getTime() };
    }
  }
}

/** `{btw}start,end`: the query language's inclusive range. */
export const betweenFilter = (range: MsRange) => `{btw}${range.start},${range.end}`;

/** A period with its settled range (500 ms after the last change). */
export function usePeriod(initial: Preset = 'today') {
  const [period, setPeriod] = useState<Period>({ preset: initial, from: null, to: null });
  const range = useMemo(() => periodRange(period), [period]);
  const [settled] = useDebouncedValue(range, DASHBOARD_DEBOUNCE_MS);
  // The first range is used at once; later ones after the pause.
  return { period, setPeriod, range: settled };
}

/** The preset list and, for a custom range, a calendar picking the first and last day. */
export function PeriodPicker({
  card,
  period,
  onChange,
}: {
  card: string;
  period: Period;
  onChange(period: Period): void;
}) {
  const t = useTexts(DASHBOARD_TEXTS);
  const { language } = usePanelLanguage();
  const data = PRESETS.map((value) => ({ value, label: t[value] }));
  return (
    <Group gap="xs" wrap="wrap" justify="flex-end">
      <Select
        aria-label={format(t.period, { card })}
        data={data}
        value={period.preset}
        onChange={(value) => value && onChange({ ...period, preset: value as Preset })}
        allowDeselect={false}
        size="xs"
        w={150}
        comboboxProps={{ withinPortal: true }}
        data-testid="period-select"
      />
      {period.preset === 'custom' ? (
        <DatesProvider
          settings={{
            locale: language === 'ar' ? 'ar-iq' : 'en',
            firstDayOfWeek: language === 'ar' ? 6 : 1,
            weekendDays: language === 'ar' ? [5, 6] : [0, 6],
          }}
        >
          <DatePickerInput
            type="range"
            aria-label={format(t.customRange, { card })}
            placeholder={t.pickDates}
            value={[period.from, period.to]}
            onChange={([from, to]) => onChange({ preset: 'custom', from: from ?? null, to: to ?? null })}
            allowSingleDateInRange
            size="xs"
            miw={200}
            valueFormat="D MMM YYYY"
            maxDate={new Date()}
            ariaLabels={{
              previousMonth: t.previousMonth,
              nextMonth: t.nextMonth,
              previousYear: t.previousYear,
              nextYear: t.nextYear,
              previousDecade: t.previousDecade,
              nextDecade: t.nextDecade,
              monthLevelControl: t.monthLevel,
              yearLevelControl: t.yearLevel,
            }}
            popoverProps={{ withinPortal: true }}
            data-testid="period-dates"
          />
        </DatesProvider>
      ) : null}
    </Group>
  );
}
