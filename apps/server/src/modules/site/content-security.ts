// Security headers of the public site. The CSP of a public page allows scripts from this origin and,
// inline, a fixed set known before any page is rendered (issue 34, ADR 044): the web app's own
// inline scripts (`INLINE_SCRIPTS`, read from its server build) and the hydration loader. React
// Router's inline scripts, which carry loader data, become data blocks (deferred-hydration.ts), so
// an inline script the render emitted (content, or an injection into it) is never allowed: hashing
// every inline script of the rendered page, as before, allowed whatever a page contained. Not a
// nonce: cached pages are shared, with their compressed forms (ADR 008, 016, 022). The back office
// (rendered per request, no content in its document) keeps the hashes of its own document.
import { createHash } from 'node:crypto';

/** Beyond this many inline scripts the header would grow past what proxies accept. */
const MAX_SCRIPT_HASHES = 64;

/** `<script …>body</script>` without a `src`; data blocks (JSON-LD) are never executed, so skipped. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const DATA_BLOCK_TYPE = /\btype\s*=\s*["']?application\/(ld\+)?json/i;

/**
 * Third parties a reader may load one social post from, after pressing its "Load the post" button
 * (apps/web/app/site/components/embed-placeholder.tsx; nothing is requested before): the YouTube
 * frame without cookies, X's widgets.js (which frames the post from platform.twitter.com), and
 * Facebook's SDK (which frames its post and comments plugins from www.facebook.com). Exactly these
 * hosts, nothing wider.
 */
export const EMBED_SCRIPT_SOURCES = ['https://platform.twitter.com', 'https://connect.facebook.net'] as const;
export const EMBED_FRAME_SOURCES = [
  'https://www.youtube-nocookie.com',
  'https://platform.twitter.com',
  'https://www.facebook.com',
] as const;

const LESS_THAN = 0x3c;
const GREATER_THAN = 0x3e;
const SCRIPT = [...'script'].map((c) => c.charCodeAt(0));
/** The bytes `\s` matches in a document read one byte per character. */
const SPACE_BYTES = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0]);

/** `script`, in any case, at `at` (the letters' lower-case bit set matches both cases of a letter only). */
function isScriptAt(bytes: Uint8Array, at: number): boolean {
  if (at + SCRIPT.length > bytes.length) return false;
  for (let i = 0; i < SCRIPT.length; i++) if ((bytes[at + i]! | 0x20) !== SCRIPT[i]) return false;
  return true;
}

const isWordByte = (b: number | undefined) =>
  b !== undefined &&
  ((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x5f);

/** Where the first `</script\s*>` from `from` starts and ends. */
function closingTagOf(bytes: Buffer, from: number): { start: number; end: number } | undefined {
  for (let at = bytes.indexOf('</', from); at >= 0; at = bytes.indexOf('</', at + 1)) {
    if (!isScriptAt(bytes, at + 2)) continue;
    let end = at + 2 + SCRIPT.length;
    while (end < bytes.length && SPACE_BYTES.has(bytes[end]!)) end++;
    if (bytes[end] === GREATER_THAN) return { start: at, end: end + 1 };
  }
  return undefined;
}

/**
 * The inline scripts of a document's UTF-8 bytes, as INLINE_SCRIPT finds them in its text: the same
 * scan over the bytes, so a rendered page is never decoded or copied to be hashed (ADR 028).
 */
function* scriptsOf(bytes: Buffer): Generator<{ attributes: string; body: Buffer }> {
  for (let at = bytes.indexOf(LESS_THAN); at >= 0; ) {
    const nameEnd = at + 1 + SCRIPT.length;
    if (isScriptAt(bytes, at + 1) && !isWordByte(bytes[nameEnd])) {
      const tagEnd = bytes.indexOf(GREATER_THAN, nameEnd);
      if (tagEnd < 0) return;
      const closing = closingTagOf(bytes, tagEnd + 1);
      if (closing) {
        yield {
          attributes: bytes.toString('latin1', nameEnd, tagEnd),
          body: bytes.subarray(tagEnd + 1, closing.start),
        };
        at = bytes.indexOf(LESS_THAN, closing.end);
        continue;
      }
    }
    at = bytes.indexOf(LESS_THAN, at + 1);
  }
}

/** The `'sha256-…'` sources of every inline script of an HTML document (its text or its UTF-8 bytes), each once. */
export function inlineScriptHashes(html: string | Buffer): string[] {
  const hashes = new Set<string>();
  const scripts =
    typeof html === 'string'
      ? [...html.matchAll(INLINE_SCRIPT)].map((match) => ({
          attributes: match[1] ?? '',
          body: match[2] ?? '',
        }))
      : scriptsOf(html);
  for (const { attributes, body } of scripts) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_BLOCK_TYPE.test(attributes) || body.length === 0) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return [...hashes];
}

/** The `'sha256-…'` source of each script text, each once. */
export function scriptTextHashes(texts: readonly string[]): string[] {
  return [...new Set(texts.map((text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`))];
}

/**
 * The Content-Security-Policy of a document: the inline scripts it may run are `scriptHashes`
 * (public pages: scriptTextHashes of the known scripts) or, given a document, the hashes of every
 * inline script in it (the back office's documents only).
 */
export function contentSecurityPolicy(
  htmlOrHashes: string | Buffer | { scriptHashes: readonly string[] },
): string {
  const hashes =
    typeof htmlOrHashes === 'object' && 'scriptHashes' in htmlOrHashes
      ? htmlOrHashes.scriptHashes
      : inlineScriptHashes(htmlOrHashes);
  // A page with more inline scripts than a header can list is a bug in the page: fall back to
  // 'unsafe-inline' for scripts only rather than break it (never reached by the current pages).
  const inline = hashes.length > MAX_SCRIPT_HASHES ? ["'unsafe-inline'"] : hashes;
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...inline, ...EMBED_SCRIPT_SOURCES].join(' '),
    // React sets style attributes; inline styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self'",
    ['frame-src', "'self'", ...EMBED_FRAME_SOURCES].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
  ].join('; ');
}

/** Headers every public page carries besides the CSP (Helmet adds nosniff, HSTS and the rest). */
export const SITE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'cross-origin-opener-policy': 'same-origin',
  'x-frame-options': 'SAMEORIGIN',
};
