import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { runWidgetConformance } from '../../conformance/run-conformance.tsx';
import type { DataAdapter, FieldDefinition, WidgetProps } from '../../types.ts';
import { AutocompleteWidget } from './autocomplete-widget.tsx';

const items = [
  { value: 'sy', display: 'Syria' },
  { value: 'tr', display: 'Türkiye' },
];

function props(overrides: Partial<WidgetProps<unknown>> = {}): WidgetProps<unknown> {
  return {
    field: { type: 'autocomplete', name: 'country', inputs: { items } },
    id: 'country',
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

runWidgetConformance<unknown>('autocomplete', {
  definitionExtras: {
    inputs: {
      items: [
        { value: 'sy', display: 'Syria' },
        { value: 'tr', display: 'Türkiye' },
      ],
    },
  },
  sampleValue: 'sy',
  otherValue: 'tr',
  change: async ({ user, control, screen }) => {
    await user.clear(control);
    await user.type(control, 'Tür');
    await user.click(screen.getByRole('option', { name: 'Türkiye' }));
  },
  expectDisplayed: ({ control }, value) => {
    expect((control as HTMLInputElement).value).toBe(value === 'sy' ? 'Syria' : 'Türkiye');
  },
});

describe('AutocompleteWidget', () => {
  it('filters items by the typed text and sends the option value', () => {
    const onChange = vi.fn();
    renderWithProviders(<AutocompleteWidget {...props({ onChange })} />);
    const input = screen.getByRole('textbox');
    fireEvent.change(input, { target: { value: 'tür' } });
    expect(screen.queryByRole('option', { name: 'Syria' })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: 'Türkiye' }));
    expect(onChange).toHaveBeenCalledWith('tr');
  });

  it('shows the display of the current value and No options when nothing matches', () => {
    renderWithProviders(<AutocompleteWidget {...props({ value: 'sy' })} />);
    const input = screen.getByRole('textbox');
    expect(input).toHaveProperty('value', 'Syria');
    fireEvent.change(input, { target: { value: 'zzz' } });
    expect(screen.getByText('No options')).toBeDefined();
  });

  it('searches through the adapter after 300 ms, showing Loading ... meanwhile', async () => {
    vi.useFakeTimers();
    const list = vi
      .fn<DataAdapter['list']>()
      .mockResolvedValue({ data: [{ _id: 7, name: 'Reuters' }], total: 1 });
    const field: FieldDefinition = {
      type: 'autocomplete',
      name: 'source',
      inputs: { source: { resource: 'sources' } },
    };
    const onChange = vi.fn();
    renderWithProviders(<AutocompleteWidget {...props({ field, onChange, adapter: { list } })} />);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'reu' } });
    expect(screen.getByText('Loading ...')).toBeDefined();
    await act(async () => vi.advanceTimersByTime(300));
    expect(list).toHaveBeenLastCalledWith('sources', { search: 'reu' });
    fireEvent.click(screen.getByRole('option', { name: 'Reuters' }));
    expect(onChange).toHaveBeenCalledWith(7);
  });

  it('says the adapter is missing when a source has none', () => {
    const field: FieldDefinition = {
      type: 'autocomplete',
      name: 'source',
      inputs: { source: { resource: 'sources' } },
    };
    renderWithProviders(<AutocompleteWidget {...props({ field })} />);
    fireEvent.focus(screen.getByRole('textbox'));
    expect(screen.getByText('DataAdapter is not provided')).toBeDefined();
  });
});
