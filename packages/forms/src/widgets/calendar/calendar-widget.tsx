// The `calendar` widget: an inline calendar with no text input; the value is `yyyy-mm-dd`.
import type { ReactNode } from 'react';
import { type ControlAria, FieldShell } from '../../engine/field-shell.tsx';
import type { WidgetProps } from '../../types.ts';
import { CalendarPicker } from '../date/calendar-picker.tsx';
import { dateErrors, parseIsoDate, readDateInputs } from '../date/date-parse.ts';
import { toPickerDate } from '../date/dates-settings.ts';
import { useDateErrorReport } from '../date/use-date-error-report.ts';

export type CalendarValue = string | null;

function CalendarControl({
  control,
  field,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  readOnly,
  dir,
  locale,
}: WidgetProps<CalendarValue> & { control: ControlAria }): ReactNode {
  const inputs = readDateInputs(field.inputs);
  const selected = value ? parseIsoDate(value) : null;
  const selectedDay = selected ? toPickerDate(selected) : null;
  const isInteractive = !disabled && !readOnly;
  useDateErrorReport(disabled ? null : dateErrors(value, field.inputs));

  return (
    <div
      {...control}
      dir={dir}
      data-readonly={readOnly || undefined}
      data-invalid={Boolean(error) || undefined}
      data-disabled={disabled || undefined}
    >
      <CalendarPicker
        dir={dir}
        locale={locale}
        value={selectedDay ?? null}
        initialDate={selectedDay ?? undefined}
        minDate={toPickerDate(inputs.min)}
        maxDate={toPickerDate(inputs.max)}
        excludeDate={(day) => {
          const date = parseIsoDate(day);
          return Boolean(inputs.filter && date && !inputs.filter(date));
        }}
        getDayProps={() => (disabled ? { disabled: true } : {})}
        onChange={(day) => {
          if (!isInteractive) return;
          onChange(day ?? null);
          onBlur();
        }}
      />
    </div>
  );
}

export function CalendarWidget(props: WidgetProps<CalendarValue>): ReactNode {
  return (
    <FieldShell widget={props} group>
      {(control) => <CalendarControl {...props} control={control} />}
    </FieldShell>
  );
}
