import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { runWidgetConformance } from '../../conformance/run-conformance.tsx';
import type { DataAdapter, FieldDefinition, WidgetProps } from '../../types.ts';
import { ChipsWidget } from './chips-widget.tsx';

function props(overrides: Partial<WidgetProps<unknown[] | null>> = {}): WidgetProps<unknown[] | null> {
  return {
    field: { type: 'chips', name: 'tags' },
    id: 'tags',
    value: [],
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

runWidgetConformance<unknown[] | null>('chips', {
  sampleValue: ['health'],
  otherValue: ['health', 'politics'],
  change: async ({ user, control }) => user.type(control, 'politics,'),
  expectDisplayed: ({ root }, value) => {
    for (const chip of value ?? []) expect(within(root).getByText(String(chip))).toBeTruthy();
    expect((root.querySelector('input') as HTMLInputElement).value).toBe('');
  },
});

describe('ChipsWidget', () => {
  it('adds free chips on Enter and comma, and removes the last with Backspace', () => {
    const onChange = vi.fn();
    const { rerender } = renderWithProviders(<ChipsWidget {...props({ onChange })} />);
    const input = screen.getByRole('textbox');
    expect(input.id).toBe('tags');
    fireEvent.change(input, { target: { value: 'health' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith(['health']);
    rerender(<ChipsWidget {...props({ onChange, value: ['health'] })} />);
    fireEvent.change(input, { target: { value: 'politics' } });
    fireEvent.keyDown(input, { key: ',' });
    expect(onChange).toHaveBeenLastCalledWith(['health', 'politics']);
    // Backspace in the empty input removes the last chip.
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.keyDown(input, { key: 'Backspace' });
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('offers Add for typed text only when allowAdd is set', () => {
    const onChange = vi.fn();
    const items = [{ value: 1, display: 'Health' }];
    const field: FieldDefinition = { type: 'chips', name: 'tags', inputs: { items, allowAdd: true } };
    renderWithProviders(<ChipsWidget {...props({ onChange, field })} />);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Sport' } });
    fireEvent.click(screen.getByRole('option', { name: /Add/ }));
    expect(onChange).toHaveBeenLastCalledWith(['Sport']);
  });

  it('rejects typed text that is not an option without allowAdd, but picks options', () => {
    const onChange = vi.fn();
    const items = [{ value: 1, display: 'Health' }];
    renderWithProviders(
      <ChipsWidget {...props({ onChange, field: { type: 'chips', name: 'tags', inputs: { items } } })} />,
    );
    const input = screen.getByRole('textbox');
    fireEvent.change(input, { target: { value: 'Sport' } });
    fireEvent.keyDown(input, { key: ',' });
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByRole('option', { name: /Add/ })).toBeNull();
    fireEvent.change(input, { target: { value: 'heal' } });
    fireEvent.click(screen.getByRole('option', { name: 'Health' }));
    expect(onChange).toHaveBeenLastCalledWith([1]);
  });

  it('loads options through the adapter with { search } after 500 ms', async () => {
    vi.useFakeTimers();
    const list = vi
      .fn<DataAdapter['list']>()
      .mockResolvedValue({ data: [{ _id: 'x', name: 'Economy' }], total: 1 });
    const field: FieldDefinition = { type: 'chips', name: 'tags', inputs: { source: { resource: 'tags' } } };
    renderWithProviders(<ChipsWidget {...props({ field, adapter: { list } })} />);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'eco' } });
    await act(async () => vi.advanceTimersByTime(499));
    expect(list).not.toHaveBeenCalledWith('tags', { search: 'eco' });
    await act(async () => vi.advanceTimersByTime(1));
    expect(list).toHaveBeenLastCalledWith('tags', { search: 'eco' });
  });
});
