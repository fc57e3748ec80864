import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { runWidgetConformance } from '../../conformance/run-conformance.tsx';
import { NumberWidget, parseNumber } from './number-widget.tsx';

runWidgetConformance('number', { sampleValue: 7, otherValue: 42 });

describe('number widget', () => {
  it('parses integers as whole numbers and floats as decimals', () => {
    expect(parseNumber('12.7', 'integer')).toBe(12);
    expect(parseNumber('12.7', 'float')).toBe(12.7);
    expect(parseNumber('', 'float')).toBeNull();
    expect(parseNumber('-', 'float')).toBeNull();
  });

  it('refuses a decimal point for the integer type', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <NumberWidget
        field={{ type: 'number', name: 'count', inputs: { label: 'Count', numberType: 'integer' } }}
        id="c"
        value={null}
        onChange={onChange}
        onBlur={() => {}}
        required={false}
        disabled={false}
        readOnly={false}
        dir="ltr"
        locale="en"
      />,
    );
    await userEvent.setup().type(screen.getByLabelText('Count'), '3.5');
    expect(onChange.mock.lastCall?.[0]).toBe(35);
  });

  it('keeps decimals for the float type', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <NumberWidget
        field={{ type: 'number', name: 'ratio', inputs: { label: 'Ratio', numberType: 'float' } }}
        id="r"
        value={null}
        onChange={onChange}
        onBlur={() => {}}
        required={false}
        disabled={false}
        readOnly={false}
        dir="ltr"
        locale="en"
      />,
    );
    await userEvent.setup().type(screen.getByLabelText('Ratio'), '3.5');
    expect(onChange.mock.lastCall?.[0]).toBe(3.5);
  });
});
