// The device a sign-in registers (platform §3 "Device"): an 8-character id kept in local storage,
// and what the browser says of itself (no CDN detection script: beyond the spec, works offline).
import { local, readStorage, STORAGE_KEYS, writeStorage } from './storage-keys.ts';

export interface DeviceInfo {
  id: string;
  type: 'Web';
  name: string;
  os: string;
  ua: string;
  layout: string;
  version: string;
  manufacturer: string;
  product: string;
  prerelease: string;
  description: string;
  /** The panel's interface language: the server writes the user's alert mails in it (issue 34). */
  language: 'ar' | 'en';
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

export function deviceId(): string {
  const stored = readStorage(local(), STORAGE_KEYS.device);
  if (stored && /^[a-z0-9]{8}$/.test(stored)) return stored;
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  const id = [...bytes].map((b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
  writeStorage(local(), STORAGE_KEYS.device, id);
  return id;
}

const BROWSERS: [RegExp, string][] = [
  [/Edg\/([\d.]+)/, 'Edge'],
  [/OPR\/([\d.]+)/, 'Opera'],
  [/Firefox\/([\d.]+)/, 'Firefox'],
  [/Chrome\/([\d.]+)/, 'Chrome'],
  [/Version\/([\d.]+).*Safari/, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** The panel's language as its i18n picks it: the stored choice, else the browser's. */
function panelLanguageNow(): 'ar' | 'en' {
  const stored = readStorage(local(), STORAGE_KEYS.panelLanguage);
  if (stored === 'ar' || stored === 'en') return stored;
  const browser = typeof navigator === 'undefined' ? 'ar' : (navigator.language ?? 'ar');
  return browser.toLowerCase().startsWith('ar') ? 'ar' : 'en';
}

export function describeDevice(
  ua: string = typeof navigator === 'undefined' ? '' : navigator.userAgent,
): DeviceInfo {
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua));
  const version = browser ? (browser[0].exec(ua)?.[1] ?? '') : '';
  const name = browser?.[1] ?? 'Browser';
  const os = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? '';
  return {
    id: deviceId(),
    type: 'Web',
    name,
    os,
    ua,
    layout: /Gecko\/\d/.test(ua) && !/like Gecko/.test(ua) ? 'Gecko' : 'Blink',
    version,
    manufacturer: '',
    product: '',
    prerelease: '',
    description: [name, version.split('.')[0], os && `on ${os}`].filter(Boolean).join(' '),
    language: panelLanguageNow(),
  };
}
