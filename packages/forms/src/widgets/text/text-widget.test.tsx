import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { runWidgetConformance } from '../../conformance/run-conformance.tsx';
import { TextWidget } from './text-widget.tsx';

runWidgetConformance('text', { sampleValue: 'hello', otherValue: 'world' });

describe('text widget', () => {
  const base = {
    id: 't',
    onBlur: () => {},
    required: false,
    disabled: false,
    readOnly: false,
    dir: 'ltr' as const,
    locale: 'en' as const,
  };

  it('shows the hint, linked by aria-describedby, and the placeholder', () => {
    renderWithProviders(
      <TextWidget
        {...base}
        field={{
          type: 'text',
          name: 'title',
          placeholder: 'Type here',
          inputs: { label: 'Title', hint: 'Short' },
        }}
        value=""
        onChange={() => {}}
      />,
    );
    const input = screen.getByLabelText('Title');
    expect(input.getAttribute('placeholder')).toBe('Type here');
    expect(input.getAttribute('aria-describedby')).toContain('t-description');
    expect(document.getElementById('t-description')?.textContent).toBe('Short');
  });

  it('uses the filled variant for appearance fill and calls onBlur', async () => {
    const onBlur = vi.fn();
    renderWithProviders(
      <TextWidget
        {...base}
        onBlur={onBlur}
        field={{ type: 'text', name: 'title', inputs: { label: 'Title', appearance: 'fill' } }}
        value=""
        onChange={() => {}}
      />,
    );
    const input = screen.getByLabelText('Title');
    expect(input.getAttribute('data-variant')).toBe('filled');
    await userEvent.setup().click(input);
    await userEvent.setup().tab();
    expect(onBlur).toHaveBeenCalled();
  });
});
