import { fireEvent, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { runWidgetConformance } from '../../conformance/run-conformance.tsx';
import { DynamicForm } from '../../engine/dynamic-form.tsx';
import { WidgetErrorContext } from '../../engine/forms-context.tsx';
import type { WidgetProps } from '../../types.ts';
import { type DateRangeValue, dateRangeErrors, formatRangeText, selectRangeDay } from './date-range-parse.ts';
import { DateRangeWidget } from './date-range-widget.tsx';

function props(
  overrides: Partial<WidgetProps<DateRangeValue | null>> = {},
): WidgetProps<DateRangeValue | null> {
  return {
    field: { type: 'date-range', name: 'period' },
    id: 'period',
    value: null,
    onChange: vi.fn(),
    onBlur: vi.fn(),
    required: false,
    disabled: false,
    readOnly: false,
    dir: 'ltr',
    locale: 'en',
    ...overrides,
  };
}

describe('range selection', () => {
  it('sets the start, then the end, and restarts on a day before the start', () => {
    const started = selectRangeDay(null, '2024-05-10');
    expect(started).toEqual({ start: '2024-05-10', end: null });
    expect(selectRangeDay(started, '2024-05-12')).toEqual({ start: '2024-05-10', end: '2024-05-12' });
    expect(selectRangeDay(started, '2024-05-10')).toEqual({ start: '2024-05-10', end: '2024-05-10' });
    expect(selectRangeDay(started, '2024-05-01')).toEqual({ start: '2024-05-01', end: null });
    expect(selectRangeDay({ start: '2024-05-10', end: '2024-05-12' }, '2024-05-20')).toEqual({
      start: '2024-05-20',
      end: null,
    });
  });

  it('separates start and end with an en dash', () => {
    expect(formatRangeText({ start: '2024-05-10', end: '2024-05-12' })).toBe('2024-05-10 – 2024-05-12');
  });

  it('reports a start after the end on both sides, and min, max, parse errors', () => {
    expect(dateRangeErrors({ start: '2024-05-12', end: '2024-05-10' })).toEqual({
      matStartDateInvalid: true,
      matEndDateInvalid: true,
    });
    expect(dateRangeErrors({ start: '2024-05-01', end: '2024-05-10' }, { min: '2024-05-05' })).toEqual({
      matDatepickerMin: true,
    });
    expect(dateRangeErrors({ start: '2024-05-01', end: 'later' })).toEqual({ matDatepickerParse: true });
    expect(dateRangeErrors({ start: '2024-05-01', end: '2024-05-10' })).toBeNull();
  });
});

describe('DateRangeWidget', () => {
  it('parses typed text on the en dash', () => {
    const onChange = vi.fn();
    renderWithProviders(<DateRangeWidget {...props({ onChange })} />);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '2024-05-01 – 2024-05-09' } });
    expect(onChange).toHaveBeenLastCalledWith({ start: '2024-05-01', end: '2024-05-09' });
  });

  it('picks the start and end from the calendar', () => {
    const onChange = vi.fn();
    const { rerender } = renderWithProviders(
      <DateRangeWidget {...props({ onChange, value: { start: '2024-05-10', end: null } })} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open calendar' }));
    fireEvent.click(screen.getByRole('button', { name: /^14 May 2024/ }));
    expect(onChange).toHaveBeenLastCalledWith({ start: '2024-05-10', end: '2024-05-14' });
    rerender(<DateRangeWidget {...props({ onChange, value: { start: '2024-05-10', end: null } })} />);
    // Picking the end closes the calendar; open it again for the next range.
    fireEvent.click(screen.getByRole('button', { name: 'Open calendar' }));
    fireEvent.click(screen.getByRole('button', { name: /^3 May 2024/ }));
    expect(onChange).toHaveBeenLastCalledWith({ start: '2024-05-03', end: null });
  });
});

runWidgetConformance('date-range', {
  sampleValue: { start: '2024-05-01', end: '2024-05-09' },
  otherValue: { start: '2024-06-01', end: '2024-06-09' },
  change: async ({ user, control }) => {
    await user.clear(control);
    await user.type(control, '2024-06-01 – 2024-06-09');
  },
  expectDisplayed: ({ control }, value) =>
    expect((control as HTMLInputElement).value).toBe(formatRangeText(value)),
});

describe('date-range errors through the engine', () => {
  it('reports matStartDateInvalid (and matEndDateInvalid) when the start follows the end, blocking submit', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <DynamicForm
        definition={{ fields: [{ type: 'date-range', name: 'period', inputs: { label: 'Period' } }] }}
        onSubmit={onSubmit}
        locale="en"
        dir="ltr"
      />,
    );
    const input = screen.getByLabelText('Period');
    await user.type(input, '2024-05-10 – 2024-05-01');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(await screen.findByText('matStartDateInvalid')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await user.clear(input);
    await user.type(input, '2024-05-01 – 2024-05-10');
    expect(screen.queryByText('matStartDateInvalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith(
      { period: { start: '2024-05-01', end: '2024-05-10' } },
      expect.anything(),
    );
  });

  it('passes both keys to the engine', () => {
    const reported: unknown[] = [];
    renderWithProviders(
      <WidgetErrorContext value={(error) => reported.push(error)}>
        <DateRangeWidget {...props({ value: { start: '2024-05-10', end: '2024-05-01' } })} />
      </WidgetErrorContext>,
    );
    expect(reported.at(-1)).toEqual({
      key: 'matStartDateInvalid',
      params: { keys: 'matEndDateInvalid,matStartDateInvalid' },
    });
  });
});
