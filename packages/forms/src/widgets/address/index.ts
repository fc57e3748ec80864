import { AddressWidget } from './address-widget.tsx';

export type { AddressPart, AddressValue, CountryDisplay } from './address-widget.tsx';
export {
  ADDRESS_LABEL,
  ADDRESS_TEXTS,
  addressErrors,
  EMPTY_ADDRESS,
  matchesCountry,
  REQUIRED_ADDRESS_PARTS,
} from './address-widget.tsx';
export { AddressWidget };
export default AddressWidget;
