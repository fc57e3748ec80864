// The `date` widget: a text input accepting ISO dates (and times) with a pop-up calendar.
import { Popover } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { fieldShellProps } from '../../engine/field-shell.tsx';
import type { WidgetProps } from '../../types.ts';
import { CalendarPicker } from './calendar-picker.tsx';
import { dateErrors, normaliseDateText, parseIsoDate, readDateInputs } from './date-parse.ts';
import { DateTextInput } from './date-text-input.tsx';
import { toPickerDate } from './dates-settings.ts';
import { useDateErrorReport } from './use-date-error-report.ts';

export type DateValue = string | null;

export { CalendarIcon } from './date-text-input.tsx';

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
  const [text, setText] = useState(value ?? '');
  const [isOpen, setOpen] = useState(false);
  const lastEmitted = useRef<DateValue>(value ?? null);
  useDateErrorReport(disabled ? null : dateErrors(value, field.inputs));

  // A value set from outside (reset, patch) replaces the typed text; our own echo does not.
  useEffect(() => {
    if ((value ?? null) !== lastEmitted.current) {
      lastEmitted.current = value ?? null;
      setText(value ?? '');
    }
  }, [value]);

  const emit = (next: DateValue) => {
    lastEmitted.current = next;
    onChange(next);
  };
  const pickerValue = value ? parseIsoDate(value) : null;
  const isInteractive = !disabled && !readOnly;

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
          placeholder={field.inputs?.placeholder ?? field.placeholder ?? 'yyyy-mm-dd'}
          disabled={disabled}
          readOnly={readOnly}
          error={error}
          inputMode="numeric"
          isOpen={isOpen}
          isInteractive={isInteractive}
          onText={(value) => {
            setText(value);
            emit(normaliseDateText(value));
          }}
          onBlur={onBlur}
          onToggle={() => setOpen((current) => !current)}
        />
      </Popover.Target>
      <Popover.Dropdown dir={dir}>
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
      </Popover.Dropdown>
    </Popover>
  );
}

export function DateWidget(props: WidgetProps<DateValue>): ReactNode {
  return <DateControl {...props} shell={fieldShellProps(props)} />;
}
