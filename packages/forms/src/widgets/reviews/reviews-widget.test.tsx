import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { runWidgetConformance } from '../../conformance/run-conformance.tsx';
import { ReviewsWidget } from './reviews-widget.tsx';

function star(root: HTMLElement, value: number): HTMLInputElement {
  const input = root.querySelector<HTMLInputElement>(`input[type="radio"][value="${value}"]`);
  if (!input) throw new Error(`no star ${value}`);
  return input;
}

runWidgetConformance('reviews', {
  sampleValue: 2,
  otherValue: 4,
  // Mantine's Rating picks a star on its label's click (or Enter / Space on the radio).
  change: async ({ user, root }) => user.click(root.querySelector(`label[for="${star(root, 4).id}"]`)!),
  expectDisplayed: ({ root }, value) => expect(star(root, value).checked).toBe(true),
});

describe('reviews widget', () => {
  it('has five stars by default and inputs.count otherwise', () => {
    const props = {
      id: 'r',
      value: 0,
      onChange: () => {},
      onBlur: () => {},
      required: false,
      disabled: false,
      readOnly: false,
      dir: 'ltr' as const,
      locale: 'en' as const,
    };
    const { container, unmount } = renderWithProviders(
      <ReviewsWidget {...props} field={{ type: 'reviews', name: 'r', inputs: { label: 'Rate' } }} />,
    );
    expect(container.querySelectorAll('input[type="radio"]').length).toBeGreaterThanOrEqual(5);
    expect(within(container).queryByDisplayValue('6')).toBeNull();
    unmount();
    const second = renderWithProviders(
      <ReviewsWidget
        {...props}
        field={{ type: 'reviews', name: 'r', inputs: { label: 'Rate', count: 3 } }}
      />,
    );
    expect(second.container.querySelector('input[type="radio"][value="4"]')).toBeNull();
    expect(second.container.querySelector('input[type="radio"][value="3"]')).not.toBeNull();
  });
});
