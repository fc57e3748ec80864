import { ChoicesWidget } from './choices-widget.tsx';

export { CHOICES_FOCUS_DELAY_MS, CHOICES_MIN_COLUMN_WIDTH, nextChoiceIndex } from './choices-widget.tsx';
export { ChoicesWidget };
export default ChoicesWidget;
