import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { runWidgetConformance } from '../../conformance/run-conformance.tsx';
import { SliderWidget, sliderBounds } from './slider-widget.tsx';

runWidgetConformance('slider', {
  sampleValue: 10,
  otherValue: 11,
  change: async ({ user, control }) => {
    control.focus();
    await user.keyboard('{ArrowRight}');
  },
  expectDisplayed: ({ control }, value) => expect(control.getAttribute('aria-valuenow')).toBe(String(value)),
});

describe('slider widget', () => {
  it('defaults to floor 0, ceiling 100, step 1', () => {
    expect(sliderBounds(undefined)).toEqual({ floor: 0, ceiling: 100, step: 1 });
    expect(sliderBounds({ floor: 5, ceiling: 10, step: 0.5 })).toEqual({ floor: 5, ceiling: 10, step: 0.5 });
  });

  it('shows the floor until moved', () => {
    renderWithProviders(
      <SliderWidget
        field={{ type: 'slider', name: 's', inputs: { label: 'Level', floor: 3, ceiling: 9 } }}
        id="s"
        value={null}
        onChange={() => {}}
        onBlur={() => {}}
        required={false}
        disabled={false}
        readOnly={false}
        dir="ltr"
        locale="en"
      />,
    );
    const thumb = screen.getByRole('slider');
    expect(thumb.getAttribute('aria-valuenow')).toBe('3');
    expect(thumb.getAttribute('aria-valuemax')).toBe('9');
  });
});
