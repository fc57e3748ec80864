import { act, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { CalendarWidget } from '../calendar/calendar-widget.tsx';
import { firstYearOfPage, MultiYearPanel, nextYear, YEARS_PER_PAGE } from './multi-year-panel.tsx';

const yearButtons = () => [...document.querySelectorAll<HTMLButtonElement>('[data-year]')];

describe('multi-year view', () => {
  it('pages 24 years aligned on multiples of 24, and moves by keys (Left/Right mirrored in RTL)', () => {
    expect(YEARS_PER_PAGE).toBe(24);
    expect(firstYearOfPage(2024)).toBe(2016);
    expect(firstYearOfPage(2039)).toBe(2016);
    expect(firstYearOfPage(2040)).toBe(2040);
    expect(nextYear('ArrowRight', 2024, 'ltr')).toBe(2025);
    expect(nextYear('ArrowRight', 2024, 'rtl')).toBe(2023);
    expect(nextYear('ArrowLeft', 2024, 'rtl')).toBe(2025);
    expect(nextYear('ArrowDown', 2024, 'ltr')).toBe(2028);
    expect(nextYear('ArrowUp', 2024, 'ltr')).toBe(2020);
    expect(nextYear('Home', 2024, 'ltr')).toBe(2016);
    expect(nextYear('End', 2024, 'ltr')).toBe(2039);
    expect(nextYear('PageDown', 2024, 'ltr')).toBe(2048);
    expect(nextYear('PageUp', 2024, 'ltr')).toBe(2000);
    expect(nextYear('a', 2024, 'ltr')).toBeNull();
  });

  it('shows 24 years in 6 rows of 4 columns, the selected one pressed, the bounds disabled', () => {
    renderWithProviders(
      <MultiYearPanel
        year={2024}
        selectedYear={2024}
        minYear={2018}
        onSelect={() => {}}
        dir="ltr"
        locale="en"
      />,
    );
    const rows = screen.getByRole('table').querySelectorAll('tr');
    expect(rows).toHaveLength(6);
    for (const row of rows) expect(row.querySelectorAll('button')).toHaveLength(4);
    expect(yearButtons().map((button) => button.dataset.year)).toEqual(
      Array.from({ length: 24 }, (_, index) => String(2016 + index)),
    );
    expect(screen.getByRole('button', { name: '2024' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: '2017' })).toHaveProperty('disabled', true);
    expect(screen.getByText('2016 – 2039')).toBeTruthy();
  });

  it('is navigable by keyboard with one tab stop, pages past the edges, and selects with Enter', async () => {
    const onSelect = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<MultiYearPanel year={2024} onSelect={onSelect} dir="rtl" locale="en" />, {
      dir: 'rtl',
    });
    expect(
      yearButtons()
        .filter((button) => button.tabIndex === 0)
        .map((b) => b.dataset.year),
    ).toEqual(['2024']);
    screen.getByRole('button', { name: '2024' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement?.getAttribute('data-year')).toBe('2025');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.getAttribute('data-year')).toBe('2029');
    await user.keyboard('{End}');
    expect(document.activeElement?.getAttribute('data-year')).toBe('2039');
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement?.getAttribute('data-year')).toBe('2040');
    expect(screen.getByText('2040 – 2063')).toBeTruthy();
    await user.keyboard('{Home}{Enter}');
    expect(onSelect).toHaveBeenCalledWith(2040);
  });

  it('replaces Mantine’s 10-year decade level in the calendar, and a picked year opens its months', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <CalendarWidget
        field={{ type: 'calendar', name: 'day', inputs: { label: 'Day' } }}
        id="day"
        value="2024-05-07"
        onChange={() => {}}
        onBlur={() => {}}
        required={false}
        disabled={false}
        readOnly={false}
        dir="ltr"
        locale="en"
      />,
    );
    await user.click(screen.getByRole('button', { name: 'May 2024' }));
    await user.click(screen.getByRole('button', { name: '2024' }));
    expect(yearButtons()).toHaveLength(24);
    await act(async () => user.click(screen.getByRole('button', { name: '2030' })));
    expect(yearButtons()).toHaveLength(0);
    const header = screen.getByRole('button', { name: '2030' });
    expect(within(header).getByText('2030')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Jan/ })).toBeTruthy();
  });
});
