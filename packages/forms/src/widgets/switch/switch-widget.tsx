import { Switch } from '@mantine/core';
import { inlineShellProps } from '../../engine/field-shell.tsx';
import type { WidgetProps } from '../../types.ts';

/** An on/off toggle. Value: boolean; required means it must be on (platform §5). */
export function SwitchWidget(props: WidgetProps<boolean | null | undefined>) {
  return (
    <Switch
      {...inlineShellProps(props)}
      checked={props.value === true}
      onChange={(event) => {
        if (!props.readOnly) props.onChange(event.currentTarget.checked);
      }}
      onBlur={props.onBlur}
      disabled={props.disabled}
      readOnly={props.readOnly}
      aria-readonly={props.readOnly || undefined}
    />
  );
}
