import type { WidgetProps } from '../../types.ts';

/** Carries a value the user does not see or edit: an `<input type="hidden">`. */
export function HiddenWidget(props: WidgetProps<unknown>) {
  const { value } = props;
  const text =
    value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  return (
    <input
      type="hidden"
      id={props.id}
      name={props.field.name}
      value={text}
      data-field-type="hidden"
      data-field-name={props.field.name}
    />
  );
}
