// The allow-list sanitiser of rich-text fields (@tabayyun/text/sanitize-html), loaded on the first
// write that holds HTML rather than with the server: sanitize-html brings htmlparser2 and postcss,
// ~30 ms of a restart (issue 13, ADR 030). `require` loads it synchronously where a write needs it.
import { createRequire } from 'node:module';

type Sanitizer = typeof import('@tabayyun/text/sanitize-html').sanitizeHtml;

const require = createRequire(import.meta.url);
let sanitizer: Sanitizer | undefined;

/** Rich text reduced to the tags and attributes the site renders (packages/text/src/sanitize-html.ts). */
export function sanitizeHtml(html: string): string {
  sanitizer ??= (require('@tabayyun/text/sanitize-html') as { sanitizeHtml: Sanitizer }).sanitizeHtml;
  return sanitizer(html);
}
