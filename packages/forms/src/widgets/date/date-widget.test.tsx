import { fireEvent, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { runWidgetConformance } from '../../conformance/run-conformance.tsx';
import { DynamicForm } from '../../engine/dynamic-form.tsx';
import type { WidgetProps } from '../../types.ts';
import { dateErrors, parseIsoDate } from './date-parse.ts';
import { type DateValue, DateWidget } from './date-widget.tsx';

function props(overrides: Partial<WidgetProps<DateValue>> = {}): WidgetProps<DateValue> {
  return {
    field: { type: 'date', name: 'born' },
    id: 'born',
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

describe('parseIsoDate', () => {
  it('accepts yyyy-mm-dd with an optional time and AM/PM', () => {
    expect(parseIsoDate('2024-02-29')?.getDate()).toBe(29);
    expect(parseIsoDate('2024-02-29 23:59:59')?.getHours()).toBe(23);
    expect(parseIsoDate('2024-02-29 3:05 PM')?.getHours()).toBe(15);
    expect(parseIsoDate('2024-02-29 12:00 AM')?.getHours()).toBe(0);
  });

  it('rejects impossible dates and times', () => {
    for (const text of [
      '2023-02-29',
      '2024-13-01',
      '2024-01-01 24:00',
      '2024-01-01 10:60',
      '2024-01-01 10:00:60',
      'soon',
    ]) {
      expect(parseIsoDate(text)).toBeNull();
    }
  });
});

describe('dateErrors', () => {
  it('reports parse, min, max and filter errors by their keys', () => {
    expect(dateErrors(null)).toBeNull();
    expect(dateErrors('not a date')).toEqual({ matDatepickerParse: true });
    expect(dateErrors('2024-01-01', { min: '2024-02-01' })).toEqual({ matDatepickerMin: true });
    expect(dateErrors('2024-03-01', { max: '2024-02-01' })).toEqual({ matDatepickerMax: true });
    const weekdaysOnly = (date: Date) => date.getDay() !== 0 && date.getDay() !== 6;
    expect(dateErrors('2024-06-01', { filter: weekdaysOnly })).toEqual({ matDatepickerFilter: true });
    expect(
      dateErrors('2024-06-03', { filter: weekdaysOnly, min: '2024-01-01', max: '2024-12-31' }),
    ).toBeNull();
  });
});

describe('DateWidget', () => {
  it('sends the ISO value of typed text, and the raw text when it does not parse', () => {
    const onChange = vi.fn();
    renderWithProviders(<DateWidget {...props({ onChange })} />);
    const input = screen.getByRole('textbox');
    fireEvent.change(input, { target: { value: '2024-5-7 9:30 pm' } });
    expect(onChange).toHaveBeenLastCalledWith('2024-05-07 21:30:00');
    fireEvent.change(input, { target: { value: '2024-05-32' } });
    expect(onChange).toHaveBeenLastCalledWith('2024-05-32');
    expect(input).toHaveProperty('value', '2024-05-32');
    fireEvent.change(input, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('picks a day from the pop-up calendar', () => {
    const onChange = vi.fn();
    renderWithProviders(<DateWidget {...props({ onChange, value: '2024-05-07' })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open calendar' }));
    fireEvent.click(screen.getByRole('button', { name: /^15 May 2024/ }));
    expect(onChange).toHaveBeenLastCalledWith('2024-05-15');
  });

  it('starts the week on Saturday in Arabic and Monday in English', () => {
    const { unmount } = renderWithProviders(
      <DateWidget {...props({ value: '2024-05-07', locale: 'ar', dir: 'rtl' })} />,
      {
        dir: 'rtl',
        locale: 'ar',
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open calendar' }));
    expect(screen.getAllByRole('columnheader')[0]?.textContent).toMatch(/^س/);
    unmount();
    renderWithProviders(<DateWidget {...props({ value: '2024-05-07' })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open calendar' }));
    expect(screen.getAllByRole('columnheader')[0]?.textContent).toMatch(/^Mo/);
  });

  it('keeps the calendar closed when read-only', () => {
    renderWithProviders(<DateWidget {...props({ readOnly: true, value: '2024-05-07' })} />);
    expect(screen.getByRole('button', { name: 'Open calendar' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('textbox')).toHaveProperty('readOnly', true);
  });
});

runWidgetConformance('date', { sampleValue: '2024-05-07', otherValue: '2024-06-01' });

describe('date errors through the engine', () => {
  it('makes the form invalid while the typed date does not parse, and valid once it does', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <DynamicForm
        definition={{
          fields: [{ type: 'date', name: 'born', inputs: { label: 'Born', max: '2030-01-01' } }],
        }}
        onSubmit={onSubmit}
        locale="en"
        dir="ltr"
      />,
    );
    const input = screen.getByLabelText('Born');
    await user.type(input, '2024-02-31');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(await screen.findByText('matDatepickerParse')).toBeTruthy();
    await user.clear(input);
    await user.type(input, '2031-01-01');
    expect(await screen.findByText('matDatepickerMax')).toBeTruthy();
    await user.clear(input);
    await user.type(input, '2024-02-29');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ born: '2024-02-29' }, expect.anything());
  });
});
