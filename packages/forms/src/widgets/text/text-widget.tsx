import { TextInput } from '@mantine/core';
import { fieldPlaceholder, fieldShellProps } from '../../engine/field-shell.tsx';
import type { WidgetProps } from '../../types.ts';

/** A single-line text box. Value: string. */
export function TextWidget(props: WidgetProps<string | null | undefined>) {
  return (
    <TextInput
      {...fieldShellProps(props)}
      value={props.value ?? ''}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      onBlur={props.onBlur}
      placeholder={fieldPlaceholder(props)}
      disabled={props.disabled}
      readOnly={props.readOnly}
    />
  );
}
