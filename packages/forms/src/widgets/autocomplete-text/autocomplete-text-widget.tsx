// The `autocomplete-text` widget: free text; options are suggestions that fill the text in.
import { Combobox, InputBase, useCombobox } from '@mantine/core';
import type { ReactNode } from 'react';
import { fieldShellProps } from '../../engine/field-shell.tsx';
import type { WidgetProps } from '../../types.ts';
import {
  AUTOCOMPLETE_DEBOUNCE_MS,
  AUTOCOMPLETE_PANEL_MAX_HEIGHT,
  OptionList,
} from '../autocomplete/autocomplete-widget.tsx';
import { useOptions } from '../autocomplete/use-options.ts';

function AutocompleteTextControl({
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
}: WidgetProps<string | null> & { shell: ReturnType<typeof fieldShellProps> }): ReactNode {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const text = value ?? '';
  const { options, isLoading, error: loadError } = useOptions(field, adapter, text, AUTOCOMPLETE_DEBOUNCE_MS);
  const isInteractive = !disabled && !readOnly;

  return (
    <Combobox
      store={combobox}
      readOnly={!isInteractive}
      onOptionSubmit={(index) => {
        const option = options[Number(index)];
        if (option) onChange(option.display);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <InputBase
          {...shell}
          dir={dir}
          value={text}
          placeholder={field.inputs?.placeholder ?? field.placeholder}
          disabled={disabled}
          readOnly={readOnly}
          aria-invalid={error ? true : undefined}
          autoComplete="off"
          onChange={(event) => {
            if (!isInteractive) return;
            onChange(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => isInteractive && combobox.openDropdown()}
          onFocus={() => isInteractive && combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            onBlur();
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown dir={dir}>
        <Combobox.Options mah={AUTOCOMPLETE_PANEL_MAX_HEIGHT} style={{ overflowY: 'auto' }}>
          <OptionList locale={locale} options={options} isLoading={isLoading} error={loadError} />
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

export function AutocompleteTextWidget(props: WidgetProps<string | null>): ReactNode {
  return <AutocompleteTextControl {...props} shell={fieldShellProps(props)} />;
}
