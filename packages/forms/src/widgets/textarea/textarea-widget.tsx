import { Textarea, type TextareaProps } from '@mantine/core';
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

/**
 * Where the browser sizes a text box to its content itself (CSS `field-sizing`, Chromium 123+),
 * the box grows with no script. Mantine's `autosize` measures the box with getComputedStyle on
 * every draw, forcing a layout of the whole page: ~60 ms on the fact-check editor's first draw,
 * which holds a dozen text boxes (issue 12). Other browsers keep `autosize`.
 */
const sizesItself = () =>
  typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

/** The props that make a Mantine Textarea grow from `minRows` to `maxRows` lines. */
export function growingTextareaProps(minRows: number, maxRows: number): Partial<TextareaProps> {
  if (!sizesItself()) return { autosize: true, minRows, maxRows, rows: minRows };
  // The border box: lines of the box's own line height, its vertical padding and its two borders.
  const height = (rows: number) => `calc(${rows}lh + 2 * var(--input-padding-y, 0px) + 2px)`;
  return {
    rows: minRows,
    styles: { input: { fieldSizing: 'content', minHeight: height(minRows), maxHeight: height(maxRows) } },
  };
}

/** A multi-line text box that grows with its content. Value: string. */
export function TextareaWidget(props: WidgetProps<string | null | undefined>) {
  const { minRows, maxRows } = textareaRows(props.field.inputs);
  return (
    <Textarea
      {...fieldShellProps(props)}
      {...growingTextareaProps(minRows, maxRows)}
      value={props.value ?? ''}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      onBlur={props.onBlur}
      placeholder={fieldPlaceholder(props)}
      disabled={props.disabled}
      readOnly={props.readOnly}
    />
  );
}
