import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { runWidgetConformance } from '../../conformance/run-conformance.tsx';
import { COUNTRIES } from '../../data/countries.ts';
import type { WidgetProps } from '../../types.ts';
import {
  type AddressValue,
  AddressWidget,
  addressErrors,
  EMPTY_ADDRESS,
  matchesCountry,
} from './address-widget.tsx';

function props(overrides: Partial<WidgetProps<AddressValue | null>> = {}): WidgetProps<AddressValue | null> {
  return {
    field: { type: 'address', name: 'address' },
    id: 'address',
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

const DAMASCUS: AddressValue = {
  country: 'SY',
  zipCode: '',
  state: 'Damascus',
  city: 'Damascus',
  addressLine1: 'Building 4',
  addressLine2: 'Floor 2',
};

runWidgetConformance<AddressValue | null>('address', {
  sampleValue: DAMASCUS,
  otherValue: { ...DAMASCUS, city: 'Aleppo' },
  change: async ({ user, root }) => {
    const city = within(root).getByLabelText('City');
    await user.clear(city);
    await user.type(city, 'Aleppo');
  },
  expectDisplayed: ({ root }, value) => {
    expect((within(root).getByLabelText('City') as HTMLInputElement).value).toBe(value?.city);
  },
});

describe('addressErrors', () => {
  it('requires every part but the zip code when required', () => {
    expect(addressErrors(null, false)).toBeNull();
    const errors = addressErrors({ ...EMPTY_ADDRESS, country: 'SY', city: 'Damascus' }, true);
    expect(errors).toEqual({
      required: true,
      state: { required: true },
      addressLine1: { required: true },
      addressLine2: { required: true },
    });
    const complete = {
      country: 'SY',
      state: 'Rif',
      city: 'Damascus',
      addressLine1: '1',
      addressLine2: '2',
      zipCode: '',
    };
    expect(addressErrors(complete, true)).toBeNull();
  });
});

describe('AddressWidget', () => {
  it('shows the labels and placeholders, and fills missing parts with empty strings', () => {
    const onChange = vi.fn();
    renderWithProviders(<AddressWidget {...props({ onChange })} />);
    for (const label of ['State', 'City', 'Zip Code']) expect(screen.getByLabelText(label)).toBeDefined();
    fireEvent.change(screen.getByPlaceholderText('Building Number, Road Number'), {
      target: { value: '12 Baghdad St' },
    });
    expect(onChange).toHaveBeenCalledWith({ ...EMPTY_ADDRESS, addressLine1: '12 Baghdad St' });
    expect(
      screen.getByPlaceholderText('House number, Suite number, Floor numbers, Room number, PO Box number'),
    ).toBeDefined();
  });

  it('shows countries by native name and searches native name, alpha-2 and name', () => {
    const onChange = vi.fn();
    renderWithProviders(<AddressWidget {...props({ onChange, dir: 'rtl' })} />, { dir: 'rtl' });
    const country = document.getElementById('address-country') as HTMLInputElement;
    fireEvent.click(country);
    fireEvent.change(country, { target: { value: 'syria' } });
    fireEvent.click(screen.getByRole('option', { name: 'سوريا' }));
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ country: 'SY' }));
    const germany = COUNTRIES.find((item) => item.alpha_2 === 'DE')!;
    expect(
      matchesCountry(germany, 'de') && matchesCountry(germany, 'Deutsch') && matchesCountry(germany, 'germ'),
    ).toBe(true);
  });

  it('disables every sub-field when read-only and marks all but the zip code required', () => {
    renderWithProviders(<AddressWidget {...props({ readOnly: true, required: true })} />);
    const inputs = Array.from(document.querySelectorAll('input:not([type=hidden])')) as HTMLInputElement[];
    expect(inputs.length).toBe(6);
    expect(inputs.every((input) => input.disabled)).toBe(true);
    expect(screen.getByLabelText('Zip Code', { exact: false })).toHaveProperty('required', false);
    expect(screen.getByLabelText(/City/)).toHaveProperty('required', true);
  });
});
