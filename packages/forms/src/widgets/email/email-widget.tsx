import { TextInput } from '@mantine/core';
import { fieldPlaceholder, fieldShellProps } from '../../engine/field-shell.tsx';
import type { WidgetProps } from '../../types.ts';

/**
 * An e-mail box. Value: string. The address itself reads left to right even in an Arabic form;
 * add the `email` validator to check its shape.
 */
export function EmailWidget(props: WidgetProps<string | null | undefined>) {
  return (
    <TextInput
      {...fieldShellProps(props)}
      type="email"
      inputMode="email"
      autoComplete="email"
      dir="ltr"
      value={props.value ?? ''}
      onChange={(event) => props.onChange(event.currentTarget.value.trim())}
      onBlur={props.onBlur}
      placeholder={fieldPlaceholder(props)}
      disabled={props.disabled}
      readOnly={props.readOnly}
    />
  );
}
