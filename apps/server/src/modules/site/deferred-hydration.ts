// Reading pages are complete in the server's HTML and work with JavaScript disabled; their
// JavaScript (React hydration: client navigation with the progress bar, the theme switch, reads and
// page views, comments after consent) only adds to a page the reader already has. So it must not
// compete with the page's text, fonts and images for a phone's network and CPU (ADR 010).
//
// React Router's <Scripts> emits a `<link rel="modulepreload">` per module of the page (fetched at
// once) and one inline module script whose static imports load the route modules and then the
// client entry. This rewrites the document so that nothing of it is fetched before the page has
// loaded and painted: the preloads go, the module script is kept as inert text, and a small loader
// runs it as a module after the `load` event and one painted frame, or at the reader's first
// interaction if that comes sooner. Its text is unchanged, so the CSP hash of the page still admits it.

/** The id of the inert copy of React Router's module script. */
export const HYDRATION_SOURCE_ID = 'hydration-modules';
const INERT_TYPE = 'text/x-deferred-module';

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const ROUTE_MODULES_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;

/** Starts hydration once: after load and a painted frame, or at the first pointer or key press. */
export const HYDRATION_LOADER = `(function(){var d=document,w=window,started=false,events=['pointerdown','keydown','touchstart'];function start(){if(started)return;started=true;events.forEach(function(e){w.removeEventListener(e,start,true)});var s=d.createElement('script');s.type='module';s.textContent=d.getElementById('${HYDRATION_SOURCE_ID}').textContent;d.body.appendChild(s)}function afterPaint(){requestAnimationFrame(function(){setTimeout(start,0)})}events.forEach(function(e){w.addEventListener(e,start,{capture:true,passive:true})});if(d.readyState==='complete')afterPaint();else w.addEventListener('load',afterPaint,{once:true})})()`;

/**
 * The document with its hydration deferred. A document without React Router's module script (a
 * plain error page, or a future React Router that emits another shape) is returned unchanged, so
 * it hydrates as React Router built it.
 */
export function deferHydration(html: string): string {
  const deferred = html.replace(
    ROUTE_MODULES_SCRIPT,
    (_script, modules: string) =>
      `<script type="${INERT_TYPE}" id="${HYDRATION_SOURCE_ID}">${modules}</script>` +
      `<script>${HYDRATION_LOADER}</script>`,
  );
  return deferred === html ? html : deferred.replace(MODULE_PRELOAD, '');
}
