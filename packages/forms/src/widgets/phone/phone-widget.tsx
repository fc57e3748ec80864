// The `phone` widget: a searchable country dropdown (emoji flags) beside the number input.
import { Combobox, Group, TextInput, UnstyledButton, useCombobox } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { COUNTRIES, type Country, countryFlag, findCountry } from '../../data/countries.ts';
import { fieldShellProps } from '../../engine/field-shell.tsx';
import { translate } from '../../i18n/texts.ts';
import type { WidgetProps } from '../../types.ts';
import { DEFAULT_PHONE_COUNTRY, PHONE_PLACEHOLDER, type PhoneValue, parsePhone } from './phone-parse.ts';

export const COUNTRY_POPUP_WIDTH = 230;
export const COUNTRY_POPUP_HEIGHT = 300;
/** The search box gets focus once the dropdown has opened (platform §9). */
export const DROPDOWN_FOCUS_DELAY_MS = 250;

/** Like-search on native name, English name, alpha-2 and calling code. */
export function searchCountries(search: string): Country[] {
  const needle = search.trim().toLocaleLowerCase().replace(/^\+/, '');
  if (needle === '') return [...COUNTRIES];
  return COUNTRIES.filter(
    (country) =>
      country.native_name.toLocaleLowerCase().includes(needle) ||
      country.name.toLocaleLowerCase().includes(needle) ||
      country.alpha_2.toLocaleLowerCase() === needle ||
      country.phone_code.startsWith(needle),
  );
}

function PhoneControl({
  shell,
  field,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  readOnly,
  dir,
  locale,
}: WidgetProps<PhoneValue | null> & { shell: ReturnType<typeof fieldShellProps> }): ReactNode {
  const defaultCountry =
    typeof field.inputs?.defaultCountry === 'string' ? field.inputs.defaultCountry : DEFAULT_PHONE_COUNTRY;
  const [country, setCountry] = useState<Country>(
    () => findCountry(value?.countryCode ?? defaultCountry) ?? findCountry(DEFAULT_PHONE_COUNTRY)!,
  );
  const [text, setText] = useState(value?.raw ?? '');
  const [search, setSearch] = useState('');
  const lastEmitted = useRef<PhoneValue | null>(value ?? null);
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch('');
    },
    onDropdownOpen: () => {
      setTimeout(() => combobox.focusSearchInput(), DROPDOWN_FOCUS_DELAY_MS);
    },
  });
  const isInteractive = !disabled && !readOnly;

  useEffect(() => {
    if (value !== lastEmitted.current && value?.raw !== lastEmitted.current?.raw) {
      lastEmitted.current = value ?? null;
      setText(value?.raw ?? '');
      const next = value?.countryCode ? findCountry(value.countryCode) : undefined;
      if (next) setCountry(next);
    }
  }, [value]);

  const emit = (raw: string, selected: Country) => {
    const next = parsePhone(raw, selected);
    lastEmitted.current = next;
    onChange(next);
  };
  const matches = searchCountries(search);

  return (
    <Group gap={4} wrap="nowrap" dir={dir} align="flex-end">
      <Combobox
        store={combobox}
        width={COUNTRY_POPUP_WIDTH}
        position="bottom-start"
        readOnly={!isInteractive}
        onOptionSubmit={(alpha2) => {
          const next = findCountry(alpha2);
          if (next) {
            setCountry(next);
            if (text) emit(text, next);
          }
          combobox.closeDropdown();
        }}
      >
        <Combobox.Target>
          <UnstyledButton
            type="button"
            disabled={!isInteractive}
            aria-label={`${country.name} +${country.phone_code}`}
            aria-haspopup="listbox"
            aria-expanded={combobox.dropdownOpened}
            onClick={() => combobox.toggleDropdown()}
            px={8}
            py={6}
            style={{ whiteSpace: 'nowrap', direction: 'ltr' }}
          >
            <span aria-hidden="true">{countryFlag(country.alpha_2)}</span> +{country.phone_code}
          </UnstyledButton>
        </Combobox.Target>
        <Combobox.Dropdown dir={dir}>
          <Combobox.Search
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            aria-label="Search country"
          />
          <Combobox.Options mah={COUNTRY_POPUP_HEIGHT} style={{ overflowY: 'auto' }}>
            {matches.length === 0 ? (
              <Combobox.Empty>{translate(locale, 'noItemsFound')}</Combobox.Empty>
            ) : null}
            {matches.map((item) => (
              <Combobox.Option
                key={item.alpha_2}
                value={item.alpha_2}
                active={item.alpha_2 === country.alpha_2}
              >
                <span aria-hidden="true">{countryFlag(item.alpha_2)}</span> {item.native_name}{' '}
                <span dir="ltr">+{item.phone_code}</span>
              </Combobox.Option>
            ))}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      <TextInput
        {...shell}
        type="tel"
        dir="ltr"
        style={{ flex: 1 }}
        value={text}
        placeholder={field.inputs?.placeholder ?? field.placeholder ?? PHONE_PLACEHOLDER}
        disabled={disabled}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        autoComplete="tel"
        onChange={(event) => {
          setText(event.currentTarget.value);
          emit(event.currentTarget.value, country);
        }}
        onBlur={onBlur}
      />
    </Group>
  );
}

export function PhoneWidget(props: WidgetProps<PhoneValue | null>): ReactNode {
  return <PhoneControl {...props} shell={fieldShellProps(props)} />;
}
