// The `address` widget: country (bundled list), state, city, zip code and two address lines.
import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { COUNTRIES, type Country } from '../../data/countries.ts';
import { type ControlAria, FieldShell } from '../../engine/field-shell.tsx';
import type { WidgetProps } from '../../types.ts';
import { COMBOBOX_PROPS } from '../combobox.ts';

export interface AddressValue {
  country: string;
  zipCode: string;
  state: string;
  city: string;
  addressLine1: string;
  addressLine2: string;
}

export type AddressPart = keyof AddressValue;

export const EMPTY_ADDRESS: AddressValue = {
  country: '',
  zipCode: '',
  state: '',
  city: '',
  addressLine1: '',
  addressLine2: '',
};

/** The field's default label, for the engine's FieldShell when the definition has none. */
export const ADDRESS_LABEL = 'Address';
export const ADDRESS_TEXTS = {
  country: 'Country',
  state: 'State',
  city: 'City',
  zipCode: 'Zip Code',
  addressLine: 'Address Line',
  addressLine1Placeholder: 'Building Number, Road Number',
  addressLine2Placeholder: 'House number, Suite number, Floor numbers, Room number, PO Box number',
} as const;

/** When required, every part but the zip code is required (platform §5 "Address"). */
export const REQUIRED_ADDRESS_PARTS: readonly AddressPart[] = [
  'country',
  'state',
  'city',
  'addressLine1',
  'addressLine2',
];

/** The validator the engine runs for `address`: `{ required: true }` on the group and each missing part. */
export function addressErrors(
  value: unknown,
  required: boolean,
): (Partial<Record<AddressPart, { required: true }>> & { required?: true }) | null {
  if (!required) return null;
  const address = { ...EMPTY_ADDRESS, ...(typeof value === 'object' && value ? value : {}) } as AddressValue;
  const errors: Partial<Record<AddressPart, { required: true }>> & { required?: true } = {};
  for (const part of REQUIRED_ADDRESS_PARTS) {
    if (String(address[part] ?? '').trim() === '') errors[part] = { required: true };
  }
  if (Object.keys(errors).length === 0) return null;
  errors.required = true;
  return errors;
}

export type CountryDisplay = 'native_name' | 'name' | 'alpha_2';

/** Like-search on native_name, alpha_2 and name. */
export function matchesCountry(country: Country, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase();
  if (needle === '') return true;
  return (
    country.native_name.toLocaleLowerCase().includes(needle) ||
    country.alpha_2.toLocaleLowerCase().includes(needle) ||
    country.name.toLocaleLowerCase().includes(needle)
  );
}

function AddressControl({
  control,
  field,
  id,
  value,
  onChange,
  onBlur,
  error,
  required,
  disabled,
  readOnly,
  dir,
}: WidgetProps<AddressValue | null> & { control: ControlAria }): ReactNode {
  const address: AddressValue = { ...EMPTY_ADDRESS, ...(value ?? {}) };
  const display = (field.inputs?.countryDisplay as CountryDisplay | undefined) ?? 'native_name';
  // A readonly address disables every sub-field (platform §5).
  const isDisabled = disabled || readOnly;
  const isPartMissing = (part: AddressPart) => Boolean(error) && required && address[part].trim() === '';
  const setPart = (part: AddressPart, next: string) => onChange({ ...address, [part]: next });
  const textPart = (part: AddressPart, label: string, placeholder?: string) => (
    <TextInput
      id={`${id}-${part}`}
      label={label}
      placeholder={placeholder}
      value={address[part]}
      required={required && part !== 'zipCode'}
      disabled={isDisabled}
      error={isPartMissing(part)}
      onChange={(event) => setPart(part, event.currentTarget.value)}
      onBlur={onBlur}
    />
  );

  return (
    <Stack gap="xs" dir={dir} role="group" {...control} aria-readonly={readOnly || undefined}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <Select
          id={`${id}-country`}
          label={ADDRESS_TEXTS.country}
          data={COUNTRIES.map((country) => ({ value: country.alpha_2, label: country[display] }))}
          value={address.country || null}
          searchable
          clearable={!required}
          nothingFoundMessage="—"
          required={required}
          disabled={isDisabled}
          error={isPartMissing('country')}
          comboboxProps={{ ...COMBOBOX_PROPS, withinPortal: true }}
          filter={({ options, search }) =>
            options.filter((option) => {
              if (!('value' in option)) return false;
              const country = COUNTRIES.find((item) => item.alpha_2 === option.value);
              return country ? matchesCountry(country, search) : false;
            })
          }
          onChange={(next) => setPart('country', next ?? '')}
          onBlur={onBlur}
        />
        {textPart('state', ADDRESS_TEXTS.state)}
        {textPart('city', ADDRESS_TEXTS.city)}
        {textPart('zipCode', ADDRESS_TEXTS.zipCode)}
      </SimpleGrid>
      {textPart('addressLine1', ADDRESS_TEXTS.addressLine, ADDRESS_TEXTS.addressLine1Placeholder)}
      {textPart('addressLine2', ADDRESS_TEXTS.addressLine, ADDRESS_TEXTS.addressLine2Placeholder)}
    </Stack>
  );
}

export function AddressWidget(props: WidgetProps<AddressValue | null>): ReactNode {
  return (
    <FieldShell widget={props} group>
      {(control) => <AddressControl {...props} control={control} />}
    </FieldShell>
  );
}
