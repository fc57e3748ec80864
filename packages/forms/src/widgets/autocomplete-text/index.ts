import { AutocompleteTextWidget } from './autocomplete-text-widget.tsx';

export { AutocompleteTextWidget };
export default AutocompleteTextWidget;
