// The complex widgets by field type; the registry merges them with the simple ones.
import type { FieldType, Widget } from '../types.ts';
import AddressWidget from './address/index.ts';
import ArrayWidget from './array/index.ts';
import AutocompleteWidget from './autocomplete/index.ts';
import AutocompleteTextWidget from './autocomplete-text/index.ts';
import CalendarWidget from './calendar/index.ts';
import ChipsWidget from './chips/index.ts';
import ChoicesWidget from './choices/index.ts';
import DateWidget from './date/index.ts';
import DateRangeWidget from './date-range/index.ts';
import FileWidget from './file/index.ts';
import LocalFileWidget from './local-file/index.ts';
import PhoneWidget from './phone/index.ts';
import TableWidget from './table/index.ts';
import TreeWidget from './tree/index.ts';

// Each widget narrows its own value type; the registry hands values through untyped.
// biome-ignore lint/suspicious/noExplicitAny: a map of widgets with different value types
export const complexWidgets: Partial<Record<FieldType, Widget<any>>> = {
  date: DateWidget,
  calendar: CalendarWidget,
  'date-range': DateRangeWidget,
  file: FileWidget,
  'local-file': LocalFileWidget,
  phone: PhoneWidget,
  address: AddressWidget,
  choices: ChoicesWidget,
  chips: ChipsWidget,
  autocomplete: AutocompleteWidget,
  'autocomplete-text': AutocompleteTextWidget,
  tree: TreeWidget,
  array: ArrayWidget,
  table: TableWidget,
};
