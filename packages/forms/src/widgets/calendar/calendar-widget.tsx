// The `calendar` widget: an inline calendar with no text input; the value is `yyyy-mm-dd`.
import { DatePicker, DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';
import { type ControlAria, FieldShell } from '../../engine/field-shell.tsx';
import type { WidgetProps } from '../../types.ts';
import { parseIsoDate, readDateInputs } from '../date/date-parse.ts';
import { datesSettings, toPickerDate } from '../date/dates-settings.ts';

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

  return (
    <div
      {...control}
      dir={dir}
      data-readonly={readOnly || undefined}
      data-invalid={Boolean(error) || undefined}
      data-disabled={disabled || undefined}
    >
      <DatesProvider settings={datesSettings(locale)}>
        <DatePicker
          value={selectedDay ?? null}
          defaultDate={selectedDay ?? undefined}
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
      </DatesProvider>
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
