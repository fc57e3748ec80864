import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { runWidgetConformance } from '../../conformance/run-conformance.tsx';
import type { FieldDefinition, WidgetProps } from '../../types.ts';
import { ChoicesWidget, nextChoiceIndex } from './choices-widget.tsx';

const field: FieldDefinition = {
  type: 'choices',
  name: 'plan',
  inputs: {
    items: [
      { key: 'a', value: 'free', display: 'Free', description: 'For readers' },
      { key: 'b', value: 'pro', display: 'Pro' },
      { key: 'c', value: 'team', display: 'Team' },
    ],
  },
};

function props(overrides: Partial<WidgetProps<unknown>> = {}): WidgetProps<unknown> {
  return {
    field,
    id: 'plan',
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

afterEach(() => vi.useRealTimers());

runWidgetConformance<unknown>('choices', {
  definitionExtras: {
    inputs: {
      items: [
        { key: 'a', value: 'free', display: 'Free' },
        { key: 'b', value: 'pro', display: 'Pro' },
      ],
    },
  },
  sampleValue: 'free',
  otherValue: 'pro',
  change: async ({ user, root }) => user.click(within(root).getByRole('radio', { name: 'Pro' })),
  expectDisplayed: ({ root }, value) => {
    expect(within(root).getByRole('radio', { name: 'Free' }).getAttribute('aria-checked')).toBe(
      String(value === 'free'),
    );
    expect(within(root).getByRole('radio', { name: 'Pro' }).getAttribute('aria-checked')).toBe(
      String(value === 'pro'),
    );
  },
});

describe('nextChoiceIndex', () => {
  it('moves by position, mirrors Left/Right in RTL, and leaves the grid on Tab at the ends', () => {
    expect(nextChoiceIndex('ArrowRight', 0, 3, 1, 'ltr')).toBe(1);
    expect(nextChoiceIndex('ArrowRight', 1, 3, 1, 'rtl')).toBe(0);
    expect(nextChoiceIndex('ArrowLeft', 1, 3, 1, 'rtl')).toBe(2);
    expect(nextChoiceIndex('ArrowDown', 0, 6, 3, 'ltr')).toBe(3);
    expect(nextChoiceIndex('End', 0, 3, 1, 'ltr')).toBe(2);
    expect(nextChoiceIndex('Home', 2, 3, 1, 'ltr')).toBe(0);
    expect(nextChoiceIndex('Tab', 2, 3, 1, 'ltr')).toBeNull();
    expect(nextChoiceIndex('Tab', 1, 3, 1, 'ltr', true)).toBe(0);
  });
});

describe('ChoicesWidget', () => {
  it('renders radios in a 200px auto-fill grid and replaces the choice in single mode', () => {
    const onChange = vi.fn();
    renderWithProviders(<ChoicesWidget {...props({ onChange, value: 'free' })} />);
    const group = screen.getByRole('radiogroup');
    expect(group.style.gridTemplateColumns).toBe('repeat(auto-fill, minmax(200px, 1fr))');
    expect(screen.getByRole('radio', { name: /Free/ }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: /Pro/ }));
    expect(onChange).toHaveBeenCalledWith('pro');
  });

  it('toggles with Enter and Space in multiple mode', () => {
    const onChange = vi.fn();
    const multiple = { ...field, inputs: { ...field.inputs, multiple: true } };
    renderWithProviders(<ChoicesWidget {...props({ field: multiple, onChange, value: ['free'] })} />);
    expect(screen.getByRole('listbox').getAttribute('aria-multiselectable')).toBe('true');
    fireEvent.keyDown(screen.getByRole('option', { name: /Pro/ }), { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith(['free', 'pro']);
    fireEvent.keyDown(screen.getByRole('option', { name: /Free/ }), { key: ' ' });
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('selects by arrow key and moves focus after 100 ms, mirrored in RTL', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    renderWithProviders(<ChoicesWidget {...props({ onChange, value: 'pro', dir: 'rtl' })} />, { dir: 'rtl' });
    const pro = screen.getByRole('radio', { name: /Pro/ });
    fireEvent.keyDown(pro, { key: 'ArrowLeft' });
    expect(onChange).toHaveBeenLastCalledWith('team');
    act(() => vi.advanceTimersByTime(99));
    expect(document.activeElement).not.toBe(screen.getByRole('radio', { name: /Team/ }));
    act(() => vi.advanceTimersByTime(1));
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: /Team/ }));
    fireEvent.keyDown(pro, { key: 'Home' });
    expect(onChange).toHaveBeenLastCalledWith('free');
  });

  it('ignores clicks when disabled or read-only', () => {
    const onChange = vi.fn();
    renderWithProviders(<ChoicesWidget {...props({ onChange, readOnly: true })} />);
    fireEvent.click(screen.getByRole('radio', { name: /Pro/ }));
    expect(onChange).not.toHaveBeenCalled();
  });
});
