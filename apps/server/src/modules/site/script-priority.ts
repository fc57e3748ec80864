// Reading pages are complete in the HTML (they work with JavaScript disabled): their JavaScript
// only adds interactions, so it must not compete with the page's own text, images and fonts for
// the first paint. React Router preloads every module of the page with `<link rel="modulepreload">`
// (high priority by default, no prop to change it); here they are marked `fetchpriority="low"`.
// The modules still load in parallel (no import waterfall), just after what the first screen needs.

const MODULE_PRELOAD = /<link rel="modulepreload"(?![^>]*\bfetchpriority=)/g;

/** The document with each module preload at low fetch priority. */
export function lowerModulePreloads(html: string): string {
  return html.replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"');
}
