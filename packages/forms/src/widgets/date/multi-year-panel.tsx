// The multi-year view of the date pickers (platform §9: "multi-year 24 years in 4 columns").
// Mantine's decade level is fixed at 10 years (it has no setting for it), so the pickers show
// this panel instead of Mantine's decade level.
import { ActionIcon, Group, UnstyledButton } from '@mantine/core';
import dayjs from 'dayjs';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import type { WidgetProps } from '../../types.ts';

export const YEARS_PER_PAGE = 24;
export const YEARS_PER_ROW = 4;

/** The first year of the page holding `year`: pages are aligned on multiples of 24 (2016–2039). */
export function firstYearOfPage(year: number): number {
  return year - (((year % YEARS_PER_PAGE) + YEARS_PER_PAGE) % YEARS_PER_PAGE);
}

/** The year a key moves to from `year`; Left and Right are mirrored right to left. Null: not ours. */
export function nextYear(key: string, year: number, dir: 'rtl' | 'ltr'): number | null {
  const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
  const backward = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
  const first = firstYearOfPage(year);
  switch (key) {
    case forward:
      return year + 1;
    case backward:
      return year - 1;
    case 'ArrowDown':
      return year + YEARS_PER_ROW;
    case 'ArrowUp':
      return year - YEARS_PER_ROW;
    case 'Home':
      return first;
    case 'End':
      return first + YEARS_PER_PAGE - 1;
    case 'PageDown':
      return year + YEARS_PER_PAGE;
    case 'PageUp':
      return year - YEARS_PER_PAGE;
    default:
      return null;
  }
}

export interface MultiYearPanelProps {
  /** The year the panel opens on (focused, and its page shown). */
  year: number;
  /** The year of the selected date, highlighted. */
  selectedYear?: number | undefined;
  minYear?: number | undefined;
  maxYear?: number | undefined;
  onSelect(year: number): void;
  dir: WidgetProps['dir'];
  locale: WidgetProps['locale'];
}

const yearText = (year: number, locale: string) =>
  dayjs(new Date(year, 0, 1))
    .locale(locale)
    .format('YYYY');

function Chevron({ pointsTo }: { pointsTo: 'start' | 'end' }): ReactNode {
  // In RTL the start is on the right: the arrow is mirrored by `dir`-aware CSS below.
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
      style={{ transform: 'scaleX(var(--multi-year-mirror, 1))' }}
    >
      <path d={pointsTo === 'start' ? 'M15 6l-6 6 6 6' : 'M9 6l6 6-6 6'} />
    </svg>
  );
}

/** A grid of 24 years in 4 columns, with paging and keyboard navigation (arrows, Home/End, PageUp/PageDown). */
export function MultiYearPanel({
  year,
  selectedYear,
  minYear,
  maxYear,
  onSelect,
  dir,
  locale,
}: MultiYearPanelProps): ReactNode {
  const [active, setActive] = useState(year);
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const shouldFocus = useRef(false);
  const first = firstYearOfPage(active);
  const years = Array.from({ length: YEARS_PER_PAGE }, (_, index) => first + index);
  const rows = Array.from({ length: YEARS_PER_PAGE / YEARS_PER_ROW }, (_, row) =>
    years.slice(row * YEARS_PER_ROW, (row + 1) * YEARS_PER_ROW),
  );
  const isOutside = (candidate: number) =>
    (minYear !== undefined && candidate < minYear) || (maxYear !== undefined && candidate > maxYear);
  const label = `${yearText(first, locale)} – ${yearText(first + YEARS_PER_PAGE - 1, locale)}`;

  useEffect(() => {
    if (!shouldFocus.current) return;
    shouldFocus.current = false;
    buttons.current.get(active)?.focus();
  }, [active]);

  const moveTo = (target: number) => {
    shouldFocus.current = true;
    setActive(target);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, current: number) => {
    const target = nextYear(event.key, current, dir);
    if (target === null) return;
    event.preventDefault();
    moveTo(target);
  };

  return (
    <div
      dir={dir}
      data-multi-year-panel=""
      // About the width of Mantine's month grid, so switching views does not jump.
      style={{ ['--multi-year-mirror' as string]: dir === 'rtl' ? -1 : 1, width: 280, maxWidth: '100%' }}
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Previous ${YEARS_PER_PAGE} years`}
          onClick={() => setActive(active - YEARS_PER_PAGE)}
        >
          <Chevron pointsTo="start" />
        </ActionIcon>
        <span style={{ fontWeight: 500 }} aria-live="polite">
          {label}
        </span>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Next ${YEARS_PER_PAGE} years`}
          onClick={() => setActive(active + YEARS_PER_PAGE)}
        >
          <Chevron pointsTo="end" />
        </ActionIcon>
      </Group>
      <table aria-label={label} style={{ width: '100%', borderCollapse: 'collapse' }}>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]}>
              {row.map((candidate) => {
                const isSelected = candidate === selectedYear;
                const isDisabled = isOutside(candidate);
                return (
                  <td key={candidate} style={{ padding: 2 }}>
                    <UnstyledButton
                      ref={(element: HTMLButtonElement | null) => {
                        if (element) buttons.current.set(candidate, element);
                        else buttons.current.delete(candidate);
                      }}
                      data-year={candidate}
                      data-selected={isSelected || undefined}
                      aria-pressed={isSelected}
                      aria-label={String(candidate)}
                      disabled={isDisabled}
                      tabIndex={candidate === active ? 0 : -1}
                      onClick={() => onSelect(candidate)}
                      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => onKeyDown(event, candidate)}
                      style={{
                        width: '100%',
                        height: 36,
                        textAlign: 'center',
                        borderRadius: 'var(--mantine-radius-sm)',
                        fontSize: 'var(--mantine-font-size-sm)',
                        opacity: isDisabled ? 0.4 : 1,
                        background: isSelected ? 'var(--mantine-primary-color-filled)' : undefined,
                        color: isSelected ? 'var(--mantine-primary-color-contrast)' : undefined,
                        outlineOffset: -2,
                      }}
                    >
                      {yearText(candidate, locale)}
                    </UnstyledButton>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
