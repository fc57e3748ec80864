import { Checkbox, Group, Stack } from '@mantine/core';
import { FieldShell, inlineShellProps } from '../../engine/field-shell.tsx';
import { optionKey } from '../../model/options.ts';
import type { WidgetProps } from '../../types.ts';

/**
 * Checkboxes. With `inputs.items` a group whose value is the list of checked items' values;
 * without items a single checkbox whose value is a boolean (required: it must be checked).
 */
export function CheckboxesWidget(props: WidgetProps<unknown>) {
  const items = props.field.inputs?.items ?? [];
  if (items.length === 0) return <SingleCheckbox {...(props as WidgetProps<boolean | null | undefined>)} />;
  const selected = Array.isArray(props.value) ? props.value : [];
  const selectedKeys = new Set(selected.map(optionKey));
  const Layout = props.field.inputs?.direction === 'horizontal' ? Group : Stack;
  const toggle = (itemValue: unknown, checked: boolean) => {
    if (props.readOnly) return;
    const key = optionKey(itemValue);
    // Keep the items' order, whatever order they were checked in.
    const next = items
      .filter((item) => (optionKey(item.value) === key ? checked : selectedKeys.has(optionKey(item.value))))
      .map((item) => item.value);
    props.onChange(next);
  };
  return (
    <FieldShell widget={props} group>
      {(control) => (
        <Layout role="group" {...control} gap="xs" mt={4} onBlur={props.onBlur} tabIndex={-1}>
          {items.map((item, index) => (
            <Checkbox
              key={optionKey(item.value)}
              id={`${props.id}-${index}`}
              label={item.display}
              description={item.description}
              checked={selectedKeys.has(optionKey(item.value))}
              onChange={(event) => toggle(item.value, event.currentTarget.checked)}
              disabled={props.disabled}
              readOnly={props.readOnly}
              aria-readonly={props.readOnly || undefined}
              error={Boolean(props.error)}
            />
          ))}
        </Layout>
      )}
    </FieldShell>
  );
}

function SingleCheckbox(props: WidgetProps<boolean | null | undefined>) {
  return (
    <Checkbox
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
