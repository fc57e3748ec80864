// Phone number parsing (platform §5 "Phone"): parse against the selected country's calling code.
import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { Country } from '../../data/countries.ts';

export interface PhoneValue {
  raw: string;
  countryCode: string;
  isValid: boolean;
  /** E.164, e.g. +963944123456. */
  formatted: string;
  /** The calling code without '+', e.g. 963. */
  code: string;
  /** The national number. */
  number: string;
}

export const PHONE_PLACEHOLDER = '(xxx) xxx xx xx';
export const DEFAULT_PHONE_COUNTRY = 'SY';
/** Below this many characters the text is passed through unparsed. */
export const PHONE_MIN_PARSE_LENGTH = 3;

/**
 * The value for typed text: null when empty or unparseable, the text as-is (not valid) when shorter
 * than three characters, else the parsed number with its validity.
 */
export function parsePhone(raw: string, country: Country): PhoneValue | null {
  if (raw.trim() === '') return null;
  if (raw.trim().length < PHONE_MIN_PARSE_LENGTH) {
    return {
      raw,
      countryCode: country.alpha_2,
      isValid: false,
      formatted: raw,
      code: country.phone_code,
      number: raw,
    };
  }
  try {
    const parsed = parsePhoneNumberFromString(raw, {
      defaultCallingCode: country.phone_code,
      ...(isSupportedCountry(country.alpha_2) ? { defaultCountry: country.alpha_2 as CountryCode } : {}),
    });
    if (!parsed) return null;
    return {
      raw,
      countryCode: parsed.country ?? country.alpha_2,
      isValid: parsed.isValid(),
      formatted: parsed.number,
      code: parsed.countryCallingCode,
      number: parsed.nationalNumber,
    };
  } catch {
    return null;
  }
}
