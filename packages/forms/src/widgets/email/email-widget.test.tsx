import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { runWidgetConformance } from '../../conformance/run-conformance.tsx';
import { EmailWidget } from './email-widget.tsx';

runWidgetConformance('email', { sampleValue: 'a@example.org', otherValue: 'b@example.org' });

describe('email widget', () => {
  it('is an email input that reads left to right inside an Arabic form', () => {
    renderWithProviders(
      <EmailWidget
        field={{ type: 'email', name: 'email', inputs: { label: 'البريد' } }}
        id="e"
        value="a@example.org"
        onChange={() => {}}
        onBlur={() => {}}
        required={false}
        disabled={false}
        readOnly={false}
        dir="rtl"
        locale="ar"
      />,
      { dir: 'rtl' },
    );
    const input = screen.getByLabelText('البريد');
    expect(input.getAttribute('type')).toBe('email');
    expect(input.closest('[dir]')?.getAttribute('dir')).toBe('ltr');
  });
});
