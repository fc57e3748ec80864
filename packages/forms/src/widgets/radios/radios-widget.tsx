import { Group, Radio, Stack } from '@mantine/core';
import { FieldShell } from '../../engine/field-shell.tsx';
import { optionKey } from '../../model/options.ts';
import type { WidgetProps } from '../../types.ts';

/** One choice among `inputs.items`, laid out by `inputs.direction` (default vertical). Value: the item's value. */
export function RadiosWidget(props: WidgetProps<unknown>) {
  const items = props.field.inputs?.items ?? [];
  const current = props.value === undefined || props.value === null ? undefined : optionKey(props.value);
  const Layout = props.field.inputs?.direction === 'horizontal' ? Group : Stack;
  return (
    <FieldShell widget={props} group>
      {(control) => (
        <Layout role="radiogroup" {...control} gap="xs" mt={4} onBlur={props.onBlur} tabIndex={-1}>
          {items.map((item, index) => (
            <Radio
              key={optionKey(item.value)}
              id={`${props.id}-${index}`}
              name={props.id}
              value={optionKey(item.value)}
              label={item.display}
              description={item.description}
              checked={current === optionKey(item.value)}
              onChange={() => {
                if (!props.readOnly) props.onChange(item.value);
              }}
              disabled={props.disabled}
              aria-readonly={props.readOnly || undefined}
              error={Boolean(props.error)}
            />
          ))}
        </Layout>
      )}
    </FieldShell>
  );
}
