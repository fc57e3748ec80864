// The `date-range` widget: `start – end` text plus a calendar picking the start, then the end.
import { type ReactNode, useState } from 'react';
import { fieldShellProps } from '../../engine/field-shell.tsx';
import type { WidgetProps } from '../../types.ts';
import { CalendarPicker } from '../date/calendar-picker.tsx';
import { parseIsoDate, readDateInputs } from '../date/date-parse.ts';
import { DatePopover, useTypedValue } from '../date/date-text-input.tsx';
import { toPickerDate } from '../date/dates-settings.ts';
import { useDateErrorReport } from '../date/use-date-error-report.ts';
import {
  type DateRangeValue,
  dateRangeErrors,
  formatRangeText,
  parseRangeText,
  selectRangeDay,
} from './date-range-parse.ts';

function isSameRange(left: DateRangeValue | null, right: DateRangeValue | null): boolean {
  return (left?.start ?? null) === (right?.start ?? null) && (left?.end ?? null) === (right?.end ?? null);
}

function DateRangeControl({
  shell,
  field,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  readOnly,
  dir,
  locale,
}: WidgetProps<DateRangeValue | null> & { shell: ReturnType<typeof fieldShellProps> }): ReactNode {
  const inputs = readDateInputs(field.inputs);
  const [isOpen, setOpen] = useState(false);
  const { text, setText, emit } = useTypedValue<DateRangeValue | null>(
    value ?? null,
    formatRangeText,
    isSameRange,
    onChange,
  );
  useDateErrorReport(disabled ? null : dateRangeErrors(value, field.inputs));

  const isInteractive = !disabled && !readOnly;
  const start = value?.start ? parseIsoDate(value.start) : null;
  const end = value?.end ? parseIsoDate(value.end) : null;
  const startDay = start ? toPickerDate(start) : undefined;
  const endDay = end ? toPickerDate(end) : undefined;

  return (
    <DatePopover
      shell={shell}
      dir={dir}
      text={text}
      placeholder={field.inputs?.placeholder ?? field.placeholder ?? `yyyy-mm-dd – yyyy-mm-dd`}
      disabled={disabled}
      readOnly={readOnly}
      error={error}
      isOpen={isOpen}
      isInteractive={isInteractive}
      onText={(typed) => {
        setText(typed);
        emit(parseRangeText(typed));
      }}
      onBlur={onBlur}
      setOpen={setOpen}
    >
      <CalendarPicker
        dir={dir}
        locale={locale}
        value={null}
        initialDate={startDay}
        minDate={toPickerDate(inputs.min)}
        maxDate={toPickerDate(inputs.max)}
        excludeDate={(day) => {
          const date = parseIsoDate(day);
          return Boolean(inputs.filter && date && !inputs.filter(date));
        }}
        getDayProps={(day) => {
          const isStart = day === startDay;
          const isEnd = day === endDay;
          const isInside = Boolean(startDay && endDay && day >= startDay && day <= endDay);
          return {
            selected: isStart || isEnd,
            inRange: isInside,
            firstInRange: isStart && isInside,
            lastInRange: isEnd && isInside,
            onClick: () => {
              const next = selectRangeDay(value ?? null, day);
              setText(formatRangeText(next));
              emit(next);
              if (next.end) setOpen(false);
            },
          };
        }}
      />
    </DatePopover>
  );
}

export function DateRangeWidget(props: WidgetProps<DateRangeValue | null>): ReactNode {
  return <DateRangeControl {...props} shell={fieldShellProps(props)} />;
}
