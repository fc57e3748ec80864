import { PhoneWidget } from './phone-widget.tsx';

export type { PhoneValue } from './phone-parse.ts';
export { DEFAULT_PHONE_COUNTRY, PHONE_PLACEHOLDER, parsePhone } from './phone-parse.ts';
export { COUNTRY_POPUP_HEIGHT, COUNTRY_POPUP_WIDTH, searchCountries } from './phone-widget.tsx';
export { PhoneWidget };
export default PhoneWidget;
