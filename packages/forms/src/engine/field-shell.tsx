// The one wrapper for label, hint, error and required marker. Widgets built on a Mantine input
// spread `fieldShellProps(props)` into it (Mantine then links label, hint and error itself);
// other widgets render `<FieldShell widget={props}>{(control) => …}</FieldShell>` and spread
// `control` onto their focusable element or group. Both paths compute the same ids and
// attributes, which the conformance suite checks for every widget.
import { Input, type InputWrapperProps } from '@mantine/core';
import type { ReactNode } from 'react';
import type { WidgetProps } from '../types.ts';

export interface ControlAria {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
  'aria-labelledby'?: string;
}

type ShellSource = Pick<WidgetProps<unknown>, 'field' | 'id' | 'error' | 'required' | 'dir'>;

export function fieldLabel(props: Pick<WidgetProps<unknown>, 'field'>): string | undefined {
  return props.field.inputs?.label;
}

export function fieldPlaceholder(props: Pick<WidgetProps<unknown>, 'field'>): string | undefined {
  return props.field.placeholder ?? props.field.inputs?.placeholder;
}

/** Mantine's variant for the spec's appearance: 'outline' (default) or 'fill'. */
export function fieldVariant(props: Pick<WidgetProps<unknown>, 'field'>): 'default' | 'filled' {
  return props.field.inputs?.appearance === 'fill' ? 'filled' : 'default';
}

export function shellIds(id: string) {
  return { label: `${id}-label`, hint: `${id}-description`, error: `${id}-error` };
}

export function rootAttributes(props: ShellSource) {
  return { dir: props.dir, 'data-field-type': props.field.type, 'data-field-name': props.field.name };
}

/** Props for a Mantine input (TextInput, Select, NumberInput, …): label, hint, error, asterisk. */
export function fieldShellProps(props: ShellSource) {
  return {
    id: props.id,
    label: fieldLabel(props),
    description: props.field.inputs?.hint,
    error: props.error || undefined,
    withAsterisk: props.required,
    required: props.required,
    'aria-required': props.required || undefined,
    variant: fieldVariant(props),
    errorProps: { role: 'alert' },
    wrapperProps: rootAttributes(props),
  } as const;
}

/** The aria attributes a control inside `FieldShell` carries. */
export function controlAria(props: ShellSource, { group = false } = {}): ControlAria {
  const ids = shellIds(props.id);
  const describedBy = [props.error ? ids.error : '', props.field.inputs?.hint ? ids.hint : '']
    .filter(Boolean)
    .join(' ');
  return {
    id: props.id,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(props.error ? { 'aria-invalid': true as const } : {}),
    ...(props.required ? { 'aria-required': true as const } : {}),
    ...(group && fieldLabel(props) ? { 'aria-labelledby': ids.label } : {}),
  };
}

export interface FieldShellProps {
  widget: ShellSource;
  /** The control is a group (radios, checkboxes): the label is a div the group is labelled by. */
  group?: boolean;
  children: (control: ControlAria) => ReactNode;
  wrapperProps?: Partial<InputWrapperProps>;
}

export function FieldShell({ widget, group = false, children, wrapperProps }: FieldShellProps) {
  return (
    <Input.Wrapper
      {...rootAttributes(widget)}
      id={widget.id}
      label={fieldLabel(widget)}
      description={widget.field.inputs?.hint}
      error={widget.error || undefined}
      withAsterisk={widget.required}
      labelElement={group ? 'div' : 'label'}
      errorProps={{ role: 'alert' }}
      {...wrapperProps}
    >
      {children(controlAria(widget, { group }))}
    </Input.Wrapper>
  );
}

/** The asterisk beside an inline label (checkbox, switch), matching Mantine's label asterisk. */
export function RequiredMarker({ required }: { required: boolean }) {
  if (!required) return null;
  return (
    <span aria-hidden="true" style={{ color: 'var(--mantine-color-error)' }}>
      {' *'}
    </span>
  );
}

/** Props for Mantine's inline inputs (Checkbox, Switch), whose label sits beside the control. */
export function inlineShellProps(props: ShellSource) {
  const label = fieldLabel(props);
  return {
    id: props.id,
    label: label ? (
      <>
        {label}
        <RequiredMarker required={props.required} />
      </>
    ) : undefined,
    description: props.field.inputs?.hint,
    error: props.error || undefined,
    'aria-invalid': props.error ? (true as const) : undefined,
    'aria-required': props.required || undefined,
    wrapperProps: rootAttributes(props),
  };
}
