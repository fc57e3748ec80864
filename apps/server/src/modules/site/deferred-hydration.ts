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

/** Starts hydration once: after load and a painted frame, or at the first pointer or key press. */
export const HYDRATION_LOADER = `(function(){var d=document,w=window,started=false,events=['pointerdown','keydown','touchstart'];function start(){if(started)return;started=true;events.forEach(function(e){w.removeEventListener(e,start,true)});var s=d.createElement('script');s.type='module';s.textContent=d.getElementById('${HYDRATION_SOURCE_ID}').textContent;d.body.appendChild(s)}function afterPaint(){requestAnimationFrame(function(){setTimeout(start,0)})}events.forEach(function(e){w.addEventListener(e,start,{capture:true,passive:true})});if(d.readyState==='complete')afterPaint();else w.addEventListener('load',afterPaint,{once:true})})()`;

const MODULE_SCRIPT_OPEN = Buffer.from('<script type="module" async="">');
const SCRIPT_CLOSE = Buffer.from('</script>');
const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const INERT_SCRIPT_OPEN = Buffer.from(`<script type="${INERT_TYPE}" id="${HYDRATION_SOURCE_ID}">`);
const INERT_SCRIPT_CLOSE_AND_LOADER = Buffer.from(`</script><script>${HYDRATION_LOADER}</script>`);

/**
 * The document's bytes with its hydration deferred. A document without React Router's module script
 * (a plain error page, or a future React Router that emits another shape) is returned unchanged, so
 * it hydrates as React Router built it. It works on the bytes (the markup it looks for is ASCII):
 * the document is copied once, with no text decoded or encoded (ADR 028).
 */
export function deferHydration(html: Buffer): Buffer {
  const open = html.indexOf(MODULE_SCRIPT_OPEN);
  if (open < 0) return html;
  const close = html.indexOf(SCRIPT_CLOSE, open + MODULE_SCRIPT_OPEN.length);
  if (close < 0) return html;
  // What changes, in document order: each preload goes; the module script's tags become the inert
  // script's, followed by the loader.
  const edits: { start: number; end: number; insert?: Buffer }[] = [
    { start: open, end: open + MODULE_SCRIPT_OPEN.length, insert: INERT_SCRIPT_OPEN },
    { start: close, end: close + SCRIPT_CLOSE.length, insert: INERT_SCRIPT_CLOSE_AND_LOADER },
  ];
  for (let at = html.indexOf(MODULE_PRELOAD); at >= 0; ) {
    const end = html.indexOf('>', at + MODULE_PRELOAD.length);
    if (end < 0) break;
    if (at < open || at > close) edits.push({ start: at, end: end + 1 });
    at = html.indexOf(MODULE_PRELOAD, end + 1);
  }
  edits.sort((a, b) => a.start - b.start);
  const parts: Buffer[] = [];
  let from = 0;
  for (const edit of edits) {
    parts.push(html.subarray(from, edit.start));
    if (edit.insert) parts.push(edit.insert);
    from = edit.end;
  }
  parts.push(html.subarray(from));
  return Buffer.concat(parts);
}
