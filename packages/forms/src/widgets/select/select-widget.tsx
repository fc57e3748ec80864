import { MultiSelect, Select } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fieldPlaceholder, fieldShellProps } from '../../engine/field-shell.tsx';
import { translate } from '../../i18n/texts.ts';
import { findOption, optionKey, recordToOption } from '../../model/options.ts';
import type { OptionItem, WidgetProps } from '../../types.ts';
import { COMBOBOX_PROPS } from '../combobox.ts';

export const SELECT_SEARCH_DEBOUNCE_MS = 300;
export const SELECT_DROPDOWN_MAX_HEIGHT = 256;

interface LoadState {
  items: OptionItem[];
  isLoading: boolean;
  error?: string;
}

/**
 * Options from `inputs.items`, or loaded through `adapter.list(source.resource, { search, …params })`
 * as the user types (debounced 300 ms). Loaded items the user picked stay known, so their labels
 * survive a new search.
 */
function useOptions(props: WidgetProps<unknown>) {
  const { source, items: staticItems } = props.field.inputs ?? {};
  const { adapter, locale } = props;
  const [state, setState] = useState<LoadState>({ items: staticItems ?? [], isLoading: false });
  const known = useRef(new Map<string, OptionItem>());
  const requestId = useRef(0);

  const load = useCallback(
    async (search: string) => {
      if (!source) return;
      if (!adapter) {
        setState({ items: [], isLoading: false, error: translate(locale, 'dataAdapterNotProvided') });
        return;
      }
      const id = ++requestId.current;
      setState((previous) => ({ ...previous, isLoading: true }));
      try {
        const result = await adapter.list(source.resource, { ...source.params, search });
        if (id !== requestId.current) return;
        const items = result.data.map((record) =>
          recordToOption(record, source.valueField, source.displayField),
        );
        setState({ items, isLoading: false });
      } catch (error) {
        if (id !== requestId.current) return;
        setState({
          items: [],
          isLoading: false,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    },
    [adapter, source, locale],
  );
  const debouncedLoad = useDebouncedCallback(load, SELECT_SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    if (!source) setState({ items: staticItems ?? [], isLoading: false });
  }, [source, staticItems]);

  for (const item of state.items) known.current.set(optionKey(item.value), item);
  return { ...state, known: known.current, load, debouncedLoad, isRemote: Boolean(source) };
}

/** A dropdown, single (value: the item's value) or `inputs.multiple` (value: list of values). */
export function SelectWidget(props: WidgetProps<unknown>) {
  const inputs = props.field.inputs ?? {};
  const isMultiple = Boolean(inputs.multiple);
  const options = useOptions(props);
  // Mantine's read-only Select still lets an option be picked from the keyboard.
  const isLocked = props.readOnly || props.disabled;
  const selected: unknown[] = isMultiple
    ? Array.isArray(props.value)
      ? props.value
      : []
    : props.value === undefined || props.value === null
      ? []
      : [props.value];
  // Selected values missing from the current options still need a label.
  const data = [...options.items];
  for (const value of selected) {
    const key = optionKey(value);
    if (!findOption(data, key)) data.push(options.known.get(key) ?? { value, display: String(value) });
  }
  const comboData = data.map((item) => ({ value: optionKey(item.value), label: item.display }));
  const toValue = (key: string) => (findOption(data, key) ?? options.known.get(key))?.value ?? key;
  const nothingFound = options.isLoading
    ? translate(props.locale, 'loading')
    : (options.error ?? translate(props.locale, 'noOptions'));
  const common = {
    ...fieldShellProps(props),
    data: comboData,
    onBlur: props.onBlur,
    placeholder: fieldPlaceholder(props),
    disabled: props.disabled,
    readOnly: props.readOnly,
    maxDropdownHeight: SELECT_DROPDOWN_MAX_HEIGHT,
    comboboxProps: COMBOBOX_PROPS,
    nothingFoundMessage: nothingFound,
    searchable: Boolean(inputs.showSearch) || options.isRemote,
    ...(options.isRemote
      ? {
          // The adapter already filtered by the search text.
          filter: ({ options: all }: { options: unknown[] }) => all as never,
          onDropdownOpen: () => void options.load(''),
          onSearchChange: (search: string) => options.debouncedLoad(search),
        }
      : {}),
  };
  if (isMultiple) {
    return (
      <MultiSelect
        {...common}
        value={selected.map(optionKey)}
        onChange={(keys) => {
          if (!isLocked) props.onChange(keys.map(toValue));
        }}
        clearable={!props.required && !props.readOnly}
      />
    );
  }
  return (
    <Select
      {...common}
      value={selected.length ? optionKey(selected[0]) : null}
      onChange={(key) => {
        if (!isLocked) props.onChange(key === null ? null : toValue(key));
      }}
      clearable={!props.required && !props.readOnly}
      allowDeselect={!props.required}
    />
  );
}
