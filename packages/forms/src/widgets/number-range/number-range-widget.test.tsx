import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { runWidgetConformance } from '../../conformance/run-conformance.tsx';
import { NumberRangeWidget } from './number-range-widget.tsx';

runWidgetConformance('number-range', {
  sampleValue: [10, 20],
  otherValue: [15, 20],
  change: async ({ user, root }) => {
    const from = within(root).getByLabelText('From', { selector: 'input' });
    await user.clear(from);
    await user.type(from, '15');
  },
  expectDisplayed: ({ root }, value) => {
    expect((within(root).getByLabelText('From', { selector: 'input' }) as HTMLInputElement).value).toBe(
      String(value[0]),
    );
    expect((within(root).getByLabelText('To', { selector: 'input' }) as HTMLInputElement).value).toBe(
      String(value[1]),
    );
  },
});

describe('number-range widget', () => {
  it('shows floor 0 and ceiling 100 by default', () => {
    renderWithProviders(
      <NumberRangeWidget
        field={{ type: 'number-range', name: 'r', inputs: { label: 'Range' } }}
        id="r"
        value={undefined}
        onChange={() => {}}
        onBlur={() => {}}
        required={false}
        disabled={false}
        readOnly={false}
        dir="ltr"
        locale="en"
      />,
    );
    expect((screen.getByLabelText('From', { selector: 'input' }) as HTMLInputElement).value).toBe('0');
    expect((screen.getByLabelText('To', { selector: 'input' }) as HTMLInputElement).value).toBe('100');
    expect(screen.getAllByRole('slider')).toHaveLength(2);
  });
});
