import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { runWidgetConformance } from '../../conformance/run-conformance.tsx';
import { RadiosWidget } from './radios-widget.tsx';

const items = [
  { value: 1, display: 'One' },
  { value: 2, display: 'Two' },
];

runWidgetConformance('radios', {
  definitionExtras: { inputs: { items } },
  sampleValue: 1,
  otherValue: 2,
  change: async ({ user, root }) => user.click(within(root).getByLabelText('Two')),
  expectDisplayed: ({ root }, value) => {
    expect((within(root).getByLabelText('One') as HTMLInputElement).checked).toBe(value === 1);
    expect((within(root).getByLabelText('Two') as HTMLInputElement).checked).toBe(value === 2);
  },
});

describe('radios widget', () => {
  const render = (direction: 'horizontal' | 'vertical') =>
    renderWithProviders(
      <RadiosWidget
        field={{ type: 'radios', name: 'n', inputs: { label: 'Number', items, direction } }}
        id="r"
        value={2}
        onChange={() => {}}
        onBlur={() => {}}
        required={false}
        disabled={false}
        readOnly={false}
        dir="ltr"
        locale="en"
      />,
    );

  it('is a radiogroup laid out horizontally or vertically', () => {
    render('horizontal');
    const group = screen.getByRole('radiogroup', { name: 'Number' });
    expect(group.className).toContain('Group');
  });

  it('stacks vertically by default', () => {
    render('vertical');
    expect(screen.getByRole('radiogroup', { name: 'Number' }).className).toContain('Stack');
  });
});
