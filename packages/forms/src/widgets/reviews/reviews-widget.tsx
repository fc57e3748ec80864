import { Box, Rating } from '@mantine/core';
import { FieldShell } from '../../engine/field-shell.tsx';
import type { WidgetProps } from '../../types.ts';

/** A star rating of `inputs.count` (default 5) stars. Value: number, 0 for none. */
export function ReviewsWidget(props: WidgetProps<number | null | undefined>) {
  const count = typeof props.field.inputs?.count === 'number' ? props.field.inputs.count : 5;
  const isLocked = props.disabled || props.readOnly;
  return (
    <FieldShell widget={props} group>
      {(control) => (
        // Rating keeps `id` for its stars, so the group's id and aria sit on a wrapper.
        <Box
          {...control}
          role="radiogroup"
          aria-readonly={props.readOnly || undefined}
          aria-disabled={props.disabled || undefined}
          data-disabled={props.disabled || undefined}
          onBlur={props.onBlur}
        >
          <Rating
            count={count}
            value={props.value ?? 0}
            onChange={(value) => {
              if (!isLocked) props.onChange(value);
            }}
            readOnly={isLocked}
            style={props.disabled ? { opacity: 0.6 } : undefined}
            name={props.id}
            id={`${props.id}-star`}
            fractions={typeof props.field.inputs?.fractions === 'number' ? props.field.inputs.fractions : 1}
          />
        </Box>
      )}
    </FieldShell>
  );
}
