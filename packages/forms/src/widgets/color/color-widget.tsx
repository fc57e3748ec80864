import { ColorInput } from '@mantine/core';
import { fieldPlaceholder, fieldShellProps } from '../../engine/field-shell.tsx';
import type { WidgetProps } from '../../types.ts';

/** A colour box with a picker. Value: a CSS colour string (`inputs.format`, default hex). */
export function ColorWidget(props: WidgetProps<string | null | undefined>) {
  const format = props.field.inputs?.format;
  return (
    <ColorInput
      {...fieldShellProps(props)}
      format={
        format === 'rgb' || format === 'rgba' || format === 'hsl' || format === 'hsla' || format === 'hexa'
          ? format
          : 'hex'
      }
      value={props.value ?? ''}
      onChange={(value) => props.onChange(value)}
      onBlur={props.onBlur}
      placeholder={fieldPlaceholder(props)}
      disabled={props.disabled}
      readOnly={props.readOnly}
      withEyeDropper={false}
    />
  );
}
