// The `date-range` widget: `start – end` text plus a calendar picking the start, then the end.
import { Popover } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { fieldShellProps } from '../../engine/field-shell.tsx';
import type { WidgetProps } from '../../types.ts';
import { CalendarPicker } from '../date/calendar-picker.tsx';
import { parseIsoDate, readDateInputs } from '../date/date-parse.ts';
import { DateTextInput } from '../date/date-text-input.tsx';
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
  const [text, setText] = useState(formatRangeText(value));
  const [isOpen, setOpen] = useState(false);
  const lastEmitted = useRef<DateRangeValue | null>(value ?? null);
  useDateErrorReport(disabled ? null : dateRangeErrors(value, field.inputs));

  useEffect(() => {
    if (!isSameRange(value ?? null, lastEmitted.current)) {
      lastEmitted.current = value ?? null;
      setText(formatRangeText(value));
    }
  }, [value]);

  const emit = (next: DateRangeValue | null) => {
    lastEmitted.current = next;
    onChange(next);
  };
  const isInteractive = !disabled && !readOnly;
  const start = value?.start ? parseIsoDate(value.start) : null;
  const end = value?.end ? parseIsoDate(value.end) : null;
  const startDay = start ? toPickerDate(start) : undefined;
  const endDay = end ? toPickerDate(end) : undefined;

  return (
    <Popover
      opened={isOpen && isInteractive}
      onChange={setOpen}
      position="bottom-start"
      trapFocus={false}
      // The target keeps the field id the label points to; Popover would replace it with its own.
      withRoles={false}
    >
      <Popover.Target>
        <DateTextInput
          shell={shell}
          dir={dir}
          text={text}
          placeholder={field.inputs?.placeholder ?? field.placeholder ?? `yyyy-mm-dd – yyyy-mm-dd`}
          disabled={disabled}
          readOnly={readOnly}
          error={error}
          isOpen={isOpen}
          isInteractive={isInteractive}
          onText={(value) => {
            setText(value);
            emit(parseRangeText(value));
          }}
          onBlur={onBlur}
          onToggle={() => setOpen((current) => !current)}
        />
      </Popover.Target>
      <Popover.Dropdown dir={dir}>
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
      </Popover.Dropdown>
    </Popover>
  );
}

export function DateRangeWidget(props: WidgetProps<DateRangeValue | null>): ReactNode {
  return <DateRangeControl {...props} shell={fieldShellProps(props)} />;
}
