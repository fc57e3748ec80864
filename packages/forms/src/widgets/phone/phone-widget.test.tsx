import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { runWidgetConformance } from '../../conformance/run-conformance.tsx';
import { countryFlag, findCountry } from '../../data/countries.ts';
import type { WidgetProps } from '../../types.ts';
import { type PhoneValue, parsePhone } from './phone-parse.ts';
import { PhoneWidget, searchCountries } from './phone-widget.tsx';

function props(overrides: Partial<WidgetProps<PhoneValue | null>> = {}): WidgetProps<PhoneValue | null> {
  return {
    field: { type: 'phone', name: 'mobile' },
    id: 'mobile',
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

describe('parsePhone', () => {
  const syria = findCountry('SY')!;

  it('parses against the selected country and reports validity in E.164', () => {
    expect(parsePhone('0944 123 456', syria)).toEqual({
      raw: '0944 123 456',
      countryCode: 'SY',
      isValid: true,
      formatted: '+963944123456',
      code: '963',
      number: '944123456',
    });
    expect(parsePhone('0944 12', syria)?.isValid).toBe(false);
  });

  it('passes fewer than 3 characters through and yields null on a parse failure', () => {
    expect(parsePhone('09', syria)).toMatchObject({ raw: '09', isValid: false, number: '09' });
    expect(parsePhone('abc', syria)).toBeNull();
    expect(parsePhone('', syria)).toBeNull();
  });
});

describe('PhoneWidget', () => {
  it('defaults to Syria, shows the placeholder and emits the parsed number', () => {
    const onChange = vi.fn();
    renderWithProviders(<PhoneWidget {...props({ onChange })} />);
    expect(screen.getByRole('button', { name: 'Syria +963' }).textContent).toContain(countryFlag('SY'));
    const input = screen.getByPlaceholderText('(xxx) xxx xx xx');
    fireEvent.change(input, { target: { value: '0944123456' } });
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ formatted: '+963944123456', isValid: true }),
    );
  });

  it('switches country from the searchable dropdown and re-parses', () => {
    const onChange = vi.fn();
    const field = { type: 'phone' as const, name: 'mobile', inputs: { defaultCountry: 'TR' } };
    renderWithProviders(<PhoneWidget {...props({ onChange, field })} />);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '5321234567' } });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ formatted: '+905321234567' }));
    fireEvent.click(screen.getByRole('button', { name: 'Türkiye +90' }));
    fireEvent.change(screen.getByLabelText('Search country'), { target: { value: 'Deutsch' } });
    fireEvent.click(screen.getByRole('option', { name: /Deutschland/ }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ code: '49', countryCode: 'DE' }));
  });

  it('finds countries by native name, English name, code and calling code', () => {
    expect(searchCountries('سوريا').map((country) => country.alpha_2)).toEqual(['SY']);
    expect(searchCountries('syria').map((country) => country.alpha_2)).toEqual(['SY']);
    expect(searchCountries('+963').map((country) => country.alpha_2)).toEqual(['SY']);
  });
});

runWidgetConformance('phone', {
  sampleValue: parsePhone('0944123456', findCountry('SY')!),
  otherValue: parsePhone('0955111222', findCountry('SY')!),
  change: async ({ user, control }) => {
    await user.clear(control);
    await user.type(control, '0955111222');
  },
  expectDisplayed: ({ control }, value) => expect((control as HTMLInputElement).value).toBe(value?.raw),
});
