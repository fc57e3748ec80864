import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { runWidgetConformance } from '../../conformance/run-conformance.tsx';
import type { FieldDefinition, WidgetProps } from '../../types.ts';
import { ArrayWidget } from './array-widget.tsx';
import type { Row } from './row-editor.tsx';
import { ARRAY_VALUE_ERROR, assertRows } from './rows-widget.tsx';

const field: FieldDefinition = {
  type: 'array',
  name: 'links',
  fields: [
    { type: 'text', name: 'url', inputs: { label: 'URL' } },
    { type: 'number', name: 'rank', inputs: { label: 'Rank' } },
  ],
};

function props(overrides: Partial<WidgetProps<Row[] | null>> = {}): WidgetProps<Row[] | null> {
  return {
    field,
    id: 'links',
    value: [{ url: 'https://a.example', rank: 1 }],
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

runWidgetConformance<Row[] | null>('array', {
  definitionExtras: { fields: [{ type: 'text', name: 'url', inputs: { label: 'URL' } }] },
  sampleValue: [{ url: 'https://a.example' }, { url: 'https://b.example' }],
  otherValue: [{ url: 'https://b.example' }],
  change: async ({ user, root, screen }) => {
    await user.click(within(root).getByRole('button', { name: 'Delete row 1' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
  },
  expectDisplayed: ({ root }, value) => {
    const rows = within(root).queryAllByLabelText(/^Row \d+$/);
    expect(rows.map((row) => row.textContent?.match(/https:\S+?\.example/)?.[0])).toEqual(
      (value ?? []).map((row) => row.url),
    );
  },
});

describe('ArrayWidget', () => {
  it('throws for a value that is not a list', () => {
    expect(() => assertRows('nope')).toThrow(ARRAY_VALUE_ERROR);
    expect(assertRows(null)).toEqual([]);
  });

  it('adds a row through the dialog rendering the row fields by type', () => {
    const onChange = vi.fn();
    renderWithProviders(<ArrayWidget {...props({ onChange })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'https://b.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onChange).toHaveBeenCalledWith([
      { url: 'https://a.example', rank: 1 },
      { url: 'https://b.example' },
    ]);
  });

  it('deletes a row only after the confirmation', () => {
    const onChange = vi.fn();
    renderWithProviders(<ArrayWidget {...props({ onChange, dir: 'rtl' })} />, { dir: 'rtl' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete row 1' }));
    expect(screen.getByText('Are you sure you want to delete this item?')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Delete row 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onChange).toHaveBeenCalledWith([]);
  });
});
