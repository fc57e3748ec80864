import { AutocompleteWidget } from './autocomplete-widget.tsx';

export {
  AUTOCOMPLETE_DEBOUNCE_MS,
  AUTOCOMPLETE_PANEL_MAX_HEIGHT,
  TEXT_LOADING,
  TEXT_NO_OPTIONS,
} from './autocomplete-widget.tsx';
export { ADAPTER_MISSING, isSameValue, useOptions } from './use-options.ts';
export { AutocompleteWidget };
export default AutocompleteWidget;
