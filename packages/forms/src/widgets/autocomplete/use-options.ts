// Options for chips, autocomplete, autocomplete-text, tree and choices: `inputs.items` filtered
// locally, or `inputs.source` loaded through the data adapter with `{ search }` after a debounce.
import { useEffect, useState } from 'react';
import type { DataAdapter, FieldDefinition, OptionItem } from '../../types.ts';

export const ADAPTER_MISSING = 'DataAdapter is not provided';

export interface OptionsState {
  options: OptionItem[];
  isLoading: boolean;
  error: string | null;
}

/** Case-insensitive "like" match on the option's display text. */
export function matchesSearch(option: OptionItem, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase();
  return needle === '' || option.display.toLocaleLowerCase().includes(needle);
}

/** Maps adapter rows to options through `source.valueField` (default `_id`) and `displayField` (default `name`). */
export function toOptions(
  rows: Record<string, unknown>[],
  source: { valueField?: string; displayField?: string },
): OptionItem[] {
  const valueField = source.valueField ?? '_id';
  const displayField = source.displayField ?? 'name';
  return rows.map((row) => ({
    ...row,
    value: row[valueField],
    display: String(row[displayField] ?? row[valueField] ?? ''),
  }));
}

/** Same value: identical, or equal JSON for object values. */
export function isSameValue(left: unknown, right: unknown): boolean {
  if (Object.is(left, right)) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || !left || !right) return false;
  return JSON.stringify(left) === JSON.stringify(right);
}

export function useOptions(
  field: FieldDefinition,
  adapter: DataAdapter | undefined,
  search: string,
  debounceMs: number,
): OptionsState {
  const items = field.inputs?.items;
  const source = field.inputs?.source;
  const [state, setState] = useState<OptionsState>({ options: [], isLoading: Boolean(source), error: null });
  const sourceKey = source ? JSON.stringify(source) : '';

  useEffect(() => {
    if (!sourceKey) return;
    if (!adapter) {
      setState({ options: [], isLoading: false, error: ADAPTER_MISSING });
      return;
    }
    const parsedSource = JSON.parse(sourceKey) as NonNullable<typeof source>;
    const { resource, params } = parsedSource;
    let isCurrent = true;
    setState((previous) => ({ ...previous, isLoading: true }));
    const timer = setTimeout(() => {
      adapter
        .list(resource, { ...params, search })
        .then((result) => {
          if (isCurrent)
            setState({ options: toOptions(result.data, parsedSource), isLoading: false, error: null });
        })
        .catch((reason: unknown) => {
          const message = reason instanceof Error ? reason.message : String(reason);
          if (isCurrent) setState({ options: [], isLoading: false, error: message });
        });
    }, debounceMs);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [adapter, sourceKey, search, debounceMs]);

  if (!source) {
    return {
      options: (items ?? []).filter((item) => matchesSearch(item, search)),
      isLoading: false,
      error: null,
    };
  }
  return state;
}
