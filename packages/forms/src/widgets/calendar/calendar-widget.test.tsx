import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { runWidgetConformance } from '../../conformance/run-conformance.tsx';
import type { WidgetProps } from '../../types.ts';
import { type CalendarValue, CalendarWidget } from './calendar-widget.tsx';

function props(overrides: Partial<WidgetProps<CalendarValue>> = {}): WidgetProps<CalendarValue> {
  return {
    field: { type: 'calendar', name: 'day' },
    id: 'day',
    value: '2024-05-07',
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

runWidgetConformance<string | null>('calendar', {
  sampleValue: '2024-05-07',
  otherValue: '2024-05-20',
  change: async ({ user, root }) => user.click(within(root).getByRole('button', { name: /^20 May 2024/ })),
  expectDisplayed: ({ root }, value) => {
    const day = Number(String(value).slice(8));
    expect(root.querySelector('[data-selected]')?.textContent).toBe(String(day));
  },
});

describe('CalendarWidget', () => {
  it('shows an inline calendar, no text input, and selects a day', () => {
    const onChange = vi.fn();
    renderWithProviders(<CalendarWidget {...props({ onChange })} />);
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^20 May 2024/ }));
    expect(onChange).toHaveBeenCalledWith('2024-05-20');
  });

  it('honours max and filter, and ignores clicks when read-only', () => {
    const onChange = vi.fn();
    const field = { type: 'calendar' as const, name: 'day', inputs: { max: '2024-05-15' } };
    renderWithProviders(<CalendarWidget {...props({ onChange, field, readOnly: true })} />);
    expect(screen.getByRole('button', { name: /^20 May 2024/ })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: /^10 May 2024/ }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('starts the week on Saturday in Arabic', () => {
    renderWithProviders(<CalendarWidget {...props({ locale: 'ar', dir: 'rtl' })} />, {
      dir: 'rtl',
      locale: 'ar',
    });
    expect(screen.getAllByRole('columnheader')[0]?.textContent).toMatch(/^س/);
  });
});
