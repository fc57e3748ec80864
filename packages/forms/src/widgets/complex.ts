// The complex widgets by field type; the registry merges them with the simple ones. Each loads on
// first use (lazy-widget.tsx); `preloadWidgets()` of the registry loads them all.
import type { FieldType } from '../types.ts';
import { type LazyWidget, lazyWidget } from './lazy-widget.tsx';

export const complexWidgets: Partial<Record<FieldType, LazyWidget>> = {
  date: lazyWidget(() => import('./date/index.ts')),
  calendar: lazyWidget(() => import('./calendar/index.ts')),
  'date-range': lazyWidget(() => import('./date-range/index.ts')),
  file: lazyWidget(() => import('./file/index.ts')),
  'local-file': lazyWidget(() => import('./local-file/index.ts')),
  phone: lazyWidget(() => import('./phone/index.ts')),
  address: lazyWidget(() => import('./address/index.ts')),
  choices: lazyWidget(() => import('./choices/index.ts')),
  chips: lazyWidget(() => import('./chips/index.ts')),
  autocomplete: lazyWidget(() => import('./autocomplete/index.ts')),
  'autocomplete-text': lazyWidget(() => import('./autocomplete-text/index.ts')),
  tree: lazyWidget(() => import('./tree/index.ts')),
  array: lazyWidget(() => import('./array/index.ts')),
  table: lazyWidget(() => import('./table/index.ts')),
};
