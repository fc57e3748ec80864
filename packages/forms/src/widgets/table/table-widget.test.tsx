import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { runWidgetConformance } from '../../conformance/run-conformance.tsx';
import type { FieldDefinition, WidgetProps } from '../../types.ts';
import type { Row } from '../array/row-editor.tsx';
import { TableWidget } from './table-widget.tsx';

const field: FieldDefinition = {
  type: 'table',
  name: 'claims',
  fields: [
    { type: 'text', name: 'claim', inputs: { label: 'Claim' } },
    {
      type: 'select',
      name: 'verdict',
      inputs: { label: 'Verdict', items: [{ value: 'f', display: 'False' }] },
    },
  ],
};

function props(overrides: Partial<WidgetProps<Row[] | null>> = {}): WidgetProps<Row[] | null> {
  return {
    field,
    id: 'claims',
    value: [{ claim: 'The moon is cheese', verdict: 'f' }],
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

runWidgetConformance<Row[] | null>('table', {
  definitionExtras: { fields: [{ type: 'text', name: 'claim', inputs: { label: 'Claim' } }] },
  sampleValue: [{ claim: 'First claim' }, { claim: 'Second claim' }],
  otherValue: [{ claim: 'Second claim' }],
  change: async ({ user, root, screen }) => {
    await user.click(within(root).getByRole('button', { name: 'Delete row 1' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
  },
  expectDisplayed: ({ root }, value) => {
    expect(
      within(root)
        .getAllByText(/claim$/)
        .map((cell) => cell.textContent),
    ).toEqual((value ?? []).map((row) => row.claim));
  },
});

describe('TableWidget', () => {
  it('shows rows in a table with option displays, and edits a row in the dialog', () => {
    const onChange = vi.fn();
    renderWithProviders(<TableWidget {...props({ onChange })} />);
    expect(screen.getByRole('columnheader', { name: 'Verdict' })).toBeDefined();
    expect(screen.getByRole('cell', { name: 'False' })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Edit row 1' }));
    fireEvent.change(screen.getByLabelText('Claim'), { target: { value: 'The moon is rock' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onChange).toHaveBeenCalledWith([{ claim: 'The moon is rock', verdict: 'f' }]);
  });

  it('hides the row actions and disables Add when read-only', () => {
    renderWithProviders(<TableWidget {...props({ readOnly: true })} />);
    expect(screen.queryByRole('button', { name: 'Edit row 1' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add' })).toHaveProperty('disabled', true);
  });
});
