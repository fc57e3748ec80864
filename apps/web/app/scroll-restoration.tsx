// React Router's scroll restoration with a fixed inline script (inline-scripts.ts): the CSP allows
// that script by a hash known from the build, not from the rendered page (issue 34).
import { UNSAFE_useScrollRestoration as useScrollRestoration } from 'react-router';
import { SCROLL_RESTORATION_SCRIPT } from './inline-scripts.ts';

export function SiteScrollRestoration() {
  useScrollRestoration();
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant (inline-scripts.ts), allowed by its hash.
    <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: SCROLL_RESTORATION_SCRIPT }} />
  );
}
