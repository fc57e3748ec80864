import { Group, NumberInput, RangeSlider, Stack } from '@mantine/core';
import { FieldShell } from '../../engine/field-shell.tsx';
import { translate } from '../../i18n/texts.ts';
import type { WidgetProps } from '../../types.ts';
import { sliderBounds } from '../slider/slider-widget.tsx';

export type NumberRange = [number, number];

/**
 * Two numbers, from and to, between `inputs.floor` (0) and `inputs.ceiling` (100) by
 * `inputs.step` (1): two number boxes and a range slider. Value: [min, max].
 */
export function NumberRangeWidget(props: WidgetProps<NumberRange | null | undefined>) {
  const { floor, ceiling, step } = sliderBounds(props.field.inputs);
  const [from, to] = props.value ?? [floor, ceiling];
  const isLocked = props.disabled || props.readOnly;
  const emit = (next: NumberRange) => {
    if (!isLocked) props.onChange(next[0] <= next[1] ? next : [next[1], next[0]]);
  };
  const box = (which: 'from' | 'to', value: number) => (
    <NumberInput
      id={which === 'from' ? `${props.id}-from` : `${props.id}-to`}
      label={translate(props.locale, which)}
      size="xs"
      w={110}
      min={floor}
      max={ceiling}
      step={step}
      clampBehavior="blur"
      value={value}
      onChange={(raw) => {
        const number = typeof raw === 'number' ? raw : Number(raw);
        if (raw === '' || !Number.isFinite(number)) return;
        emit(which === 'from' ? [number, to] : [from, number]);
      }}
      onBlur={props.onBlur}
      disabled={props.disabled}
      readOnly={props.readOnly}
      error={Boolean(props.error)}
    />
  );
  return (
    <FieldShell widget={props} group>
      {(control) => (
        <Stack role="group" {...control} gap="xs" tabIndex={-1}>
          <Group gap="sm">
            {box('from', from)}
            {box('to', to)}
          </Group>
          <RangeSlider
            min={floor}
            max={ceiling}
            step={step}
            value={[from, to]}
            onChange={(next) => emit(next)}
            disabled={props.disabled}
            thumbFromLabel={translate(props.locale, 'from')}
            thumbToLabel={translate(props.locale, 'to')}
          />
        </Stack>
      )}
    </FieldShell>
  );
}
