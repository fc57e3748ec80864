// The browser and system a User-Agent header names, in the words a person reads in the sessions
// list and the alert mails ("Firefox 128", "Linux"). The server reads the header it received, not
// what the client says of itself.
import { createHash } from 'node:crypto';

const BROWSERS: [RegExp, string][] = [
  [/Edg\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/(?:Chrome|Chromium|CriOS)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+).*Safari/, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Firefox 128", or undefined when the header names no browser we know. */
export function browserOf(ua: string | null | undefined): string | undefined {
  if (!ua) return undefined;
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) return `${name} ${match[1]}`;
  }
  return undefined;
}

export function systemOf(ua: string | null | undefined): string | undefined {
  if (!ua) return undefined;
  return SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
}

/**
 * The device id of a sign-in that names none (a script, another client): one per User-Agent, so
 * its sessions are listed and can be ended, and a new client is a new device.
 */
export function deviceIdOfAgent(ua: string | undefined): string {
  return `ua-${createHash('sha256')
    .update(ua ?? '')
    .digest('base64url')
    .slice(0, 12)}`;
}
