// The calendar of a custom period: the first and last day, in the interface language (Levantine
// month names in Arabic, Saturday first). Loaded on demand by date-range.tsx.
import 'dayjs/locale/ar-iq';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { format, usePanelLanguage, useTexts } from '../../i18n/i18n.tsx';
import { DASHBOARD_TEXTS } from './dashboard-texts.ts';
import type { Period } from './date-range.tsx';

export default function CustomRangeInput({
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
  return (
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
  );
}
