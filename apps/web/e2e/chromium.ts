// How the journeys and the back office's benchmark start Chromium: the system's (CHROME_PATH, else
// /usr/bin/chromium; nothing downloads a browser), headless, as root without a sandbox, and with
// none of the browser's own network traffic (this machine reaches no other host).
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Headless Chromium builds the address bar's popup, a WebUI page in a renderer of its own, for every
  // new tab, though it never shows one: ~0.6 s of CPU beside each page a journey or the bench opens,
  // on a machine of two cores (ADR 026).
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];
