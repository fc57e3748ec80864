import { NumberInput } from '@mantine/core';
import { fieldPlaceholder, fieldShellProps } from '../../engine/field-shell.tsx';
import type { WidgetProps } from '../../types.ts';

/** Parses the box's text: `integer` keeps whole numbers only, `float` (default) decimals too. */
export function parseNumber(raw: number | string, numberType: 'integer' | 'float'): number | null {
  if (raw === '' || raw === null || raw === undefined) return null;
  const value = typeof raw === 'number' ? raw : Number(raw);
  if (!Number.isFinite(value)) return null;
  return numberType === 'integer' ? Math.trunc(value) : value;
}

function numeric(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

/** A number box. Value: number or null; `inputs.numberType` 'integer' | 'float', `inputs.min|max|step`. */
export function NumberWidget(props: WidgetProps<number | null | undefined>) {
  const inputs = props.field.inputs ?? {};
  const numberType = inputs.numberType === 'integer' ? 'integer' : 'float';
  return (
    <NumberInput
      {...fieldShellProps(props)}
      value={props.value ?? ''}
      onChange={(raw) => props.onChange(parseNumber(raw, numberType))}
      onBlur={props.onBlur}
      allowDecimal={numberType === 'float'}
      min={numeric(inputs.min)}
      max={numeric(inputs.max)}
      step={numeric(inputs.step) ?? 1}
      placeholder={fieldPlaceholder(props)}
      disabled={props.disabled}
      readOnly={props.readOnly}
    />
  );
}
