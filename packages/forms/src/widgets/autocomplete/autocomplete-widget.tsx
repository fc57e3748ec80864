// The `autocomplete` widget: type to search, pick an option; the value is the option's value.
import { Combobox, InputBase, Loader, useCombobox } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { fieldShellProps } from '../../engine/field-shell.tsx';
import { translate } from '../../i18n/texts.ts';
import type { OptionItem, WidgetProps } from '../../types.ts';
import { ADAPTER_MISSING, isSameValue, useOptions } from './use-options.ts';

export const AUTOCOMPLETE_DEBOUNCE_MS = 300;
export const AUTOCOMPLETE_PANEL_MAX_HEIGHT = 256;
export const TEXT_NO_OPTIONS = 'No options';
export const TEXT_LOADING = 'Loading ...';

/** The dropdown body shared by autocomplete and autocomplete-text. */
export function OptionList({
  options,
  isLoading,
  error,
  selected,
  locale,
}: {
  locale: WidgetProps['locale'];
  options: OptionItem[];
  isLoading: boolean;
  error: string | null;
  selected?: unknown;
}): ReactNode {
  if (isLoading) return <Combobox.Empty>{translate(locale, 'loading')}</Combobox.Empty>;
  if (error)
    return (
      <Combobox.Empty c="red">
        {translate(locale, error === ADAPTER_MISSING ? 'dataAdapterNotProvided' : error)}
      </Combobox.Empty>
    );
  if (options.length === 0) return <Combobox.Empty>{translate(locale, 'noOptions')}</Combobox.Empty>;
  return options.map((option, index) => (
    <Combobox.Option
      key={option.key ?? `${index}-${option.display}`}
      value={String(index)}
      active={selected !== undefined && isSameValue(option.value, selected)}
      aria-selected={selected !== undefined && isSameValue(option.value, selected)}
    >
      {option.display}
    </Combobox.Option>
  ));
}

function AutocompleteControl({
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
  adapter,
}: WidgetProps<unknown> & { shell: ReturnType<typeof fieldShellProps> }): ReactNode {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState('');
  const [isSearching, setSearching] = useState(false);
  const [pickedLabel, setPickedLabel] = useState<string | null>(null);
  const {
    options,
    isLoading,
    error: loadError,
  } = useOptions(field, adapter, isSearching ? search : '', AUTOCOMPLETE_DEBOUNCE_MS);
  const known = (field.inputs?.items ?? options).find((option) => isSameValue(option.value, value));
  const hasValue = value !== null && value !== undefined && value !== '';
  const label = hasValue ? (known?.display ?? pickedLabel ?? String(value)) : '';
  const isInteractive = !disabled && !readOnly;

  return (
    <Combobox
      store={combobox}
      readOnly={!isInteractive}
      onOptionSubmit={(index) => {
        const option = options[Number(index)];
        if (!option) return;
        setPickedLabel(option.display);
        setSearching(false);
        onChange(option.value);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <InputBase
          {...shell}
          dir={dir}
          value={isSearching ? search : label}
          placeholder={field.inputs?.placeholder ?? field.placeholder}
          disabled={disabled}
          readOnly={readOnly}
          aria-invalid={error ? true : undefined}
          autoComplete="off"
          rightSection={isLoading && isSearching ? <Loader size="xs" /> : <Combobox.Chevron />}
          rightSectionPointerEvents="none"
          onChange={(event) => {
            if (!isInteractive) return;
            setSearch(event.currentTarget.value);
            setSearching(true);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
            if (event.currentTarget.value === '') onChange(null);
          }}
          onClick={() => isInteractive && combobox.openDropdown()}
          onFocus={() => isInteractive && combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            setSearching(false);
            onBlur();
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown dir={dir}>
        <Combobox.Options mah={AUTOCOMPLETE_PANEL_MAX_HEIGHT} style={{ overflowY: 'auto' }}>
          <OptionList
            locale={locale}
            options={options}
            isLoading={isLoading}
            error={loadError}
            selected={value}
          />
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

export function AutocompleteWidget(props: WidgetProps<unknown>): ReactNode {
  return <AutocompleteControl {...props} shell={fieldShellProps(props)} />;
}
