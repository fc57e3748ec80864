import { Textarea } from '@mantine/core';
import { fieldPlaceholder, fieldShellProps } from '../../engine/field-shell.tsx';
import type { WidgetProps } from '../../types.ts';

export const TEXTAREA_ROWS = 3;
export const TEXTAREA_MAX_ROWS = 5;

/** Rows from `inputs.rows` (default 3, at least 1) growing to `inputs.maxRows` (default 5, at least 2). */
export function textareaRows(inputs: Record<string, unknown> | undefined): {
  minRows: number;
  maxRows: number;
} {
  const rows = typeof inputs?.rows === 'number' ? inputs.rows : TEXTAREA_ROWS;
  const max = typeof inputs?.maxRows === 'number' ? inputs.maxRows : TEXTAREA_MAX_ROWS;
  const minRows = Math.max(1, Math.floor(rows));
  return { minRows, maxRows: Math.max(2, Math.floor(max), minRows) };
}

/** A multi-line text box that grows with its content. Value: string. */
export function TextareaWidget(props: WidgetProps<string | null | undefined>) {
  const { minRows, maxRows } = textareaRows(props.field.inputs);
  return (
    <Textarea
      {...fieldShellProps(props)}
      autosize
      minRows={minRows}
      maxRows={maxRows}
      rows={minRows}
      value={props.value ?? ''}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      onBlur={props.onBlur}
      placeholder={fieldPlaceholder(props)}
      disabled={props.disabled}
      readOnly={props.readOnly}
    />
  );
}
