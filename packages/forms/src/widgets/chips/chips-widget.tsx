// The `chips` widget: a list of values shown as pills; Enter and comma separate, options come
// from `inputs.items` or the adapter, and `inputs.allowAdd` offers an 'Add' option for typed text.
import { Combobox, Pill, PillsInput, useCombobox } from '@mantine/core';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { type ControlAria, FieldShell } from '../../engine/field-shell.tsx';
import { translate } from '../../i18n/texts.ts';
import type { OptionItem, WidgetProps } from '../../types.ts';
import { ADAPTER_MISSING, isSameValue, useOptions } from '../autocomplete/use-options.ts';

export const CHIPS_DEBOUNCE_MS = 500;
/** Keys that turn the typed text into a chip (platform §9: Enter 13, comma 188). */
export const CHIP_SEPARATOR_KEYS = ['Enter', ','];
const ADD_OPTION = '__add__';

function ChipsControl({
  control,
  field,
  id,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  readOnly,
  dir,
  locale,
  adapter,
}: WidgetProps<unknown[] | null> & { control: ControlAria }): ReactNode {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState('');
  // PillsInput.Field takes aria-describedby from its own (empty) input wrapper and drops ours, so
  // the hint and error of the FieldShell are linked on the element directly.
  const fieldRef = useRef<HTMLInputElement>(null);
  const describedBy = control['aria-describedby'];
  useLayoutEffect(() => {
    if (describedBy) fieldRef.current?.setAttribute('aria-describedby', describedBy);
    else fieldRef.current?.removeAttribute('aria-describedby');
  });
  const [labels, setLabels] = useState<Map<unknown, string>>(new Map());
  const chips = Array.isArray(value) ? value : [];
  const hasOptions = Boolean(field.inputs?.items || field.inputs?.source);
  const canAddText = field.inputs?.allowAdd === true || !hasOptions;
  const { options, isLoading, error: loadError } = useOptions(field, adapter, search, CHIPS_DEBOUNCE_MS);
  const available = options.filter((option) => !chips.some((chip) => isSameValue(chip, option.value)));
  const isInteractive = !disabled && !readOnly;
  const typed = search.trim();
  const showAdd = canAddText && hasOptions && typed !== '' && !chips.includes(typed);

  const labelOf = (chip: unknown): string =>
    (field.inputs?.items ?? options).find((option) => isSameValue(option.value, chip))?.display ??
    labels.get(chip) ??
    String(chip);

  const addChip = (chip: unknown, display: string) => {
    setSearch('');
    if (chips.some((existing) => isSameValue(existing, chip))) return;
    setLabels((previous) => new Map(previous).set(chip, display));
    onChange([...chips, chip]);
  };
  const addOption = (option: OptionItem) => addChip(option.value, option.display);
  const removeChip = (index: number) => onChange(chips.filter((_, position) => position !== index));

  return (
    <Combobox
      store={combobox}
      readOnly={!isInteractive}
      onOptionSubmit={(submitted) => {
        if (submitted === ADD_OPTION) addChip(typed, typed);
        else {
          const option = available[Number(submitted)];
          if (option) addOption(option);
        }
        combobox.closeDropdown();
      }}
    >
      <Combobox.DropdownTarget>
        <PillsInput
          id={id}
          dir={dir}
          disabled={disabled}
          error={Boolean(error)}
          onClick={() => isInteractive && hasOptions && combobox.openDropdown()}
        >
          <Pill.Group>
            {chips.map((chip, index) => (
              <Pill
                // biome-ignore lint/suspicious/noArrayIndexKey: chips may repeat a label; their position identifies them
                key={`${index}-${labelOf(chip)}`}
                withRemoveButton={isInteractive}
                onRemove={() => removeChip(index)}
                removeButtonProps={{ 'aria-label': `Remove ${labelOf(chip)}` }}
                disabled={disabled}
              >
                {labelOf(chip)}
              </Pill>
            ))}
            <Combobox.EventsTarget>
              <PillsInput.Field
                {...control}
                ref={fieldRef}
                value={search}
                disabled={disabled}
                readOnly={readOnly}
                aria-invalid={Boolean(error)}
                placeholder={field.inputs?.placeholder ?? field.placeholder}
                onFocus={() => isInteractive && hasOptions && combobox.openDropdown()}
                onBlur={() => {
                  combobox.closeDropdown();
                  onBlur();
                }}
                onChange={(event) => {
                  setSearch(event.currentTarget.value);
                  if (hasOptions) {
                    combobox.openDropdown();
                    combobox.updateSelectedOptionIndex();
                  }
                }}
                onKeyDown={(event) => {
                  if (!isInteractive) return;
                  if (event.key === 'Backspace' && search === '' && chips.length > 0) {
                    removeChip(chips.length - 1);
                    return;
                  }
                  if (!CHIP_SEPARATOR_KEYS.includes(event.key)) return;
                  // An option highlighted with the arrows wins; Combobox submits it on Enter itself.
                  if (
                    event.key === 'Enter' &&
                    combobox.dropdownOpened &&
                    combobox.getSelectedOptionIndex() >= 0
                  )
                    return;
                  event.preventDefault();
                  if (typed === '') return;
                  const exact = available.find(
                    (option) => option.display.toLowerCase() === typed.toLowerCase(),
                  );
                  if (exact) addOption(exact);
                  else if (canAddText) addChip(typed, typed);
                }}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <Combobox.Dropdown hidden={!hasOptions} dir={dir}>
        <Combobox.Options mah={256} style={{ overflowY: 'auto' }}>
          {isLoading ? <Combobox.Empty>{translate(locale, 'loading')}</Combobox.Empty> : null}
          {loadError ? (
            <Combobox.Empty c="red">
              {translate(locale, loadError === ADAPTER_MISSING ? 'dataAdapterNotProvided' : loadError)}
            </Combobox.Empty>
          ) : null}
          {!isLoading &&
            available.map((option, index) => (
              <Combobox.Option key={option.key ?? `${index}-${option.display}`} value={String(index)}>
                {option.display}
              </Combobox.Option>
            ))}
          {showAdd ? (
            <Combobox.Option value={ADD_OPTION}>
              {translate(locale, 'add')} “{typed}”
            </Combobox.Option>
          ) : null}
          {!isLoading && !loadError && available.length === 0 && !showAdd ? (
            <Combobox.Empty>{translate(locale, 'noOptions')}</Combobox.Empty>
          ) : null}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

export function ChipsWidget(props: WidgetProps<unknown[] | null>): ReactNode {
  return <FieldShell widget={props}>{(control) => <ChipsControl {...props} control={control} />}</FieldShell>;
}
