import { Slider } from '@mantine/core';
import { FieldShell } from '../../engine/field-shell.tsx';
import type { FieldInputs, WidgetProps } from '../../types.ts';

export const SLIDER_FLOOR = 0;
export const SLIDER_CEILING = 100;
export const SLIDER_STEP = 1;

/** `inputs.floor` (0), `inputs.ceiling` (100) and `inputs.step` (1) of a slider or number range. */
export function sliderBounds(inputs: FieldInputs | undefined): {
  floor: number;
  ceiling: number;
  step: number;
} {
  const pick = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);
  return {
    floor: pick(inputs?.floor, SLIDER_FLOOR),
    ceiling: pick(inputs?.ceiling, SLIDER_CEILING),
    step: pick(inputs?.step, SLIDER_STEP),
  };
}

/** A slider between floor and ceiling. Value: number (the floor until moved). */
export function SliderWidget(props: WidgetProps<number | null | undefined>) {
  const { floor, ceiling, step } = sliderBounds(props.field.inputs);
  const isLocked = props.disabled || props.readOnly;
  return (
    <FieldShell widget={props} group>
      {(control) => (
        <Slider
          mt="xs"
          min={floor}
          max={ceiling}
          step={step}
          value={props.value ?? floor}
          onChange={(value) => {
            if (!isLocked) props.onChange(value);
          }}
          disabled={props.disabled}
          label={(value) => value}
          thumbProps={{
            ...control,
            onBlur: props.onBlur,
            'aria-readonly': props.readOnly || undefined,
          }}
          inverted={false}
        />
      )}
    </FieldShell>
  );
}
