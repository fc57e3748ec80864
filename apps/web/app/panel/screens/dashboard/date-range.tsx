// The period of a dashboard card (spec §2, §9): Today (default), Yesterday, Last 7 Days, Last 30
// Days, Last Month or a custom range; the range is settled 500 ms after the last change before it
// is asked for. Days are the reader's local days; the API takes start and end in milliseconds.
import { Group, NativeSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { lazy, Suspense, useMemo, useState } from 'react';
import { format, useTexts } from '../../i18n/i18n.tsx';
import { DASHBOARD_TEXTS } from './dashboard-texts.ts';

export const DASHBOARD_DEBOUNCE_MS = 500;

// The calendar (Mantine dates and dayjs) loads only when someone picks a custom range.
const CustomRangeInput = lazy(() => import('./custom-range-input.tsx'));
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
  const data = PRESETS.map((value) => ({ value, label: t[value] }));
  return (
    <Group gap="xs" wrap="wrap" justify="flex-end">
      {/* A native select: the phone's own picker, and nothing to position while it is closed (five
          Mantine Selects cost the dashboard's first draw hundreds of style reads). */}
      <NativeSelect
        aria-label={format(t.period, { card })}
        data={data}
        value={period.preset}
        onChange={(event) => onChange({ ...period, preset: event.currentTarget.value as Preset })}
        size="xs"
        w={150}
        data-testid="period-select"
      />
      {period.preset === 'custom' ? (
        <Suspense fallback={null}>
          <CustomRangeInput card={card} period={period} onChange={onChange} />
        </Suspense>
      ) : null}
    </Group>
  );
}
