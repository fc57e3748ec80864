import { ChipsWidget } from './chips-widget.tsx';

export { CHIP_SEPARATOR_KEYS, CHIPS_DEBOUNCE_MS } from './chips-widget.tsx';
export { ChipsWidget };
export default ChipsWidget;
