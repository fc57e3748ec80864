// Security headers of the public site. The CSP allows scripts from this origin and, inline, only
// the exact scripts of the page: their SHA-256 hashes are computed from the rendered HTML. Hashes,
// not nonces, because cached HTML is shared by every reader (a nonce in cached HTML is a constant),
// and because React Router's inline scripts (context, route modules, scroll restoration) are then
// covered without the page code passing a nonce anywhere.
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

/**
 * How the document's characters stand for its bytes: `utf8` for ordinary text, `latin1` for a
 * document decoded one byte per character (see `toRenderedPage`), so the hashes cover the exact
 * UTF-8 bytes a browser hashes either way.
 */
export type DocumentText = 'utf8' | 'latin1';

/** The `'sha256-…'` sources of every inline script of an HTML document, each once. */
export function inlineScriptHashes(html: string, text: DocumentText = 'utf8'): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\bsrc\s*=/i.test(attributes) || DATA_BLOCK_TYPE.test(attributes) || body.length === 0) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, text).digest('base64')}'`);
  }
  return [...hashes];
}

/** The public site's Content-Security-Policy for one rendered document. */
export function contentSecurityPolicy(html: string, text: DocumentText = 'utf8'): string {
  const hashes = inlineScriptHashes(html, text);
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
