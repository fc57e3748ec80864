// The `choices` widget: a grid of cards (image, title, description) selected by click or keyboard.
import { Image, Paper, Text } from '@mantine/core';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { type ControlAria, FieldShell } from '../../engine/field-shell.tsx';
import type { OptionItem, WidgetProps } from '../../types.ts';
import { isSameValue } from '../autocomplete/use-options.ts';

export const CHOICES_MIN_COLUMN_WIDTH = 200;
/** Focus follows the keyboard selection after this delay (platform §4). */
export const CHOICES_FOCUS_DELAY_MS = 100;

/** The card index a key moves to, or null for keys the grid does not handle. */
export function nextChoiceIndex(
  key: string,
  current: number,
  count: number,
  columns: number,
  dir: 'rtl' | 'ltr',
  isShift = false,
): number | null {
  const last = count - 1;
  const clamp = (index: number) => Math.min(Math.max(index, 0), last);
  const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
  const backward = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
  switch (key) {
    case forward:
      return clamp(current + 1);
    case backward:
      return clamp(current - 1);
    case 'ArrowDown':
      return clamp(current + columns);
    case 'ArrowUp':
      return clamp(current - columns);
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'Tab': {
      const target = current + (isShift ? -1 : 1);
      // Leaving the grid from its first or last card lets Tab move focus on as usual.
      return target < 0 || target > last ? null : target;
    }
    default:
      return null;
  }
}

function countColumns(grid: HTMLElement | null): number {
  if (!grid || typeof getComputedStyle !== 'function') return 1;
  const template = getComputedStyle(grid).gridTemplateColumns;
  const columns = template ? template.split(' ').filter((part) => /px|fr/.test(part)).length : 0;
  return columns > 0 ? columns : 1;
}

function ChoicesControl({
  control,
  field,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  readOnly,
  dir,
}: WidgetProps<unknown> & { control: ControlAria }): ReactNode {
  const items: OptionItem[] = field.inputs?.items ?? [];
  const isMultiple = field.inputs?.multiple === true;
  const selectedValues = isMultiple ? (Array.isArray(value) ? value : []) : [value];
  const isSelected = (item: OptionItem) =>
    selectedValues.some(
      (selected) => selected !== null && selected !== undefined && isSameValue(selected, item.value),
    );
  const firstSelected = items.findIndex(isSelected);
  const [activeIndex, setActiveIndex] = useState(Math.max(firstSelected, 0));
  const gridRef = useRef<HTMLDivElement>(null);
  const cardRefs = useRef<(HTMLDivElement | null)[]>([]);
  const focusTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const isInteractive = !disabled && !readOnly;

  useEffect(() => () => clearTimeout(focusTimer.current), []);

  const toggle = (item: OptionItem) => {
    if (!isInteractive) return;
    if (!isMultiple) {
      onChange(item.value);
      return;
    }
    const current = Array.isArray(value) ? value : [];
    onChange(
      isSelected(item)
        ? current.filter((selected) => !isSameValue(selected, item.value))
        : [...current, item.value],
    );
  };
  const select = (item: OptionItem) => {
    if (!isInteractive) return;
    if (!isMultiple) onChange(item.value);
    else if (!isSelected(item)) onChange([...(Array.isArray(value) ? value : []), item.value]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number) => {
    const item = items[index];
    if (!item) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      toggle(item);
      return;
    }
    const next = nextChoiceIndex(
      event.key,
      index,
      items.length,
      countColumns(gridRef.current),
      dir,
      event.shiftKey,
    );
    if (next === null) return;
    event.preventDefault();
    setActiveIndex(next);
    const target = items[next];
    // Arrows, Home and End select by position; Tab only moves.
    if (target && event.key !== 'Tab') select(target);
    clearTimeout(focusTimer.current);
    focusTimer.current = setTimeout(() => cardRefs.current[next]?.focus(), CHOICES_FOCUS_DELAY_MS);
  };

  return (
    // The role is listbox or radiogroup by mode, which the linter cannot read from an expression.
    // biome-ignore lint/a11y/noStaticElementInteractions: the role attribute is set just below
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: listbox and radiogroup both support these
    <div
      {...control}
      ref={gridRef}
      dir={dir}
      role={isMultiple ? 'listbox' : 'radiogroup'}
      aria-multiselectable={isMultiple || undefined}
      aria-disabled={disabled || undefined}
      aria-readonly={readOnly || undefined}
      aria-invalid={Boolean(error)}
      tabIndex={-1}
      onFocus={(event) => {
        if (event.target === event.currentTarget) cardRefs.current[activeIndex]?.focus();
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur();
      }}
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(auto-fill, minmax(${CHOICES_MIN_COLUMN_WIDTH}px, 1fr))`,
        gap: 'var(--mantine-spacing-sm)',
      }}
    >
      {items.map((item, index) => {
        const selected = isSelected(item);
        return (
          <Paper
            key={item.key ?? `${index}-${item.display}`}
            ref={(element: HTMLDivElement | null) => {
              cardRefs.current[index] = element;
            }}
            role={isMultiple ? 'option' : 'radio'}
            aria-selected={isMultiple ? selected : undefined}
            aria-checked={isMultiple ? undefined : selected}
            aria-disabled={disabled || undefined}
            data-selected={selected || undefined}
            tabIndex={disabled ? -1 : index === activeIndex ? 0 : -1}
            withBorder
            p="sm"
            style={{
              cursor: isInteractive ? 'pointer' : 'default',
              opacity: disabled ? 0.6 : 1,
              borderColor: selected ? 'var(--mantine-primary-color-filled)' : undefined,
              borderWidth: selected ? 2 : undefined,
            }}
            onClick={() => {
              setActiveIndex(index);
              toggle(item);
            }}
            onKeyDown={(event: KeyboardEvent<HTMLDivElement>) => onKeyDown(event, index)}
          >
            {item.image ? <Image src={item.image} alt="" h={96} fit="contain" mb="xs" /> : null}
            <Text fw={600}>{item.display}</Text>
            {item.description ? (
              <Text size="sm" c="dimmed">
                {item.description}
              </Text>
            ) : null}
          </Paper>
        );
      })}
    </div>
  );
}

export function ChoicesWidget(props: WidgetProps<unknown>): ReactNode {
  return (
    <FieldShell widget={props} group>
      {(control) => <ChoicesControl {...props} control={control} />}
    </FieldShell>
  );
}
