// Option items carry values of any shape; Mantine's inputs and the DOM need strings. Options are
// keyed by a stable string (JSON of the value) and mapped back on change.
import type { OptionItem } from '../types.ts';

export function optionKey(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value ?? null);
}

export function findOption(items: readonly OptionItem[], key: string): OptionItem | undefined {
  return items.find((item) => optionKey(item.value) === key);
}

/** Maps a loaded record to an option through the source's value and display fields. */
export function recordToOption(
  record: Record<string, unknown>,
  valueField = '_id',
  displayField = 'name',
): OptionItem {
  const value = record[valueField];
  const display = record[displayField];
  return { value, display: typeof display === 'string' ? display : String(display ?? value ?? '') };
}
