// The `date` widget: a text input accepting ISO dates (and times) with a pop-up calendar.
import { type ReactNode, useState } from 'react';
import { fieldShellProps } from '../../engine/field-shell.tsx';
import type { WidgetProps } from '../../types.ts';
import { CalendarPicker } from './calendar-picker.tsx';
import { dateErrors, normaliseDateText, parseIsoDate, readDateInputs } from './date-parse.ts';
import { DatePopover, useTypedValue } from './date-text-input.tsx';
import { toPickerDate } from './dates-settings.ts';
import { useDateErrorReport } from './use-date-error-report.ts';

export type DateValue = string | null;

const formatDate = (value: DateValue) => value ?? '';
const isSameDate = (left: DateValue, right: DateValue) => left === right;

function DateControl({
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
}: WidgetProps<DateValue> & { shell: ReturnType<typeof fieldShellProps> }): ReactNode {
  const inputs = readDateInputs(field.inputs);
  const [isOpen, setOpen] = useState(false);
  const { text, setText, emit } = useTypedValue<DateValue>(value ?? null, formatDate, isSameDate, onChange);
  useDateErrorReport(disabled ? null : dateErrors(value, field.inputs));

  const pickerValue = value ? parseIsoDate(value) : null;
  const isInteractive = !disabled && !readOnly;

  return (
    <DatePopover
      shell={shell}
      dir={dir}
      text={text}
      placeholder={field.inputs?.placeholder ?? field.placeholder ?? 'yyyy-mm-dd'}
      disabled={disabled}
      readOnly={readOnly}
      error={error}
      inputMode="numeric"
      isOpen={isOpen}
      isInteractive={isInteractive}
      onText={(typed) => {
        setText(typed);
        emit(normaliseDateText(typed));
      }}
      onBlur={onBlur}
      setOpen={setOpen}
    >
      <CalendarPicker
        dir={dir}
        locale={locale}
        value={pickerValue ? toPickerDate(pickerValue) : null}
        initialDate={pickerValue ? toPickerDate(pickerValue) : undefined}
        minDate={toPickerDate(inputs.min)}
        maxDate={toPickerDate(inputs.max)}
        excludeDate={(day) => {
          const date = parseIsoDate(day);
          return Boolean(inputs.filter && date && !inputs.filter(date));
        }}
        onChange={(day) => {
          setText(day ?? '');
          emit(day ?? null);
          setOpen(false);
        }}
      />
    </DatePopover>
  );
}

export function DateWidget(props: WidgetProps<DateValue>): ReactNode {
  return <DateControl {...props} shell={fieldShellProps(props)} />;
}
