/** The id of the inline <style> holding site.css. */
export const SITE_STYLES_ID = 'site-styles';

/**
 * site.css reaches the page without a render-blocking request: documents inline it (about 5 KB
 * compressed, part of the cached page). The server render reads the processed CSS (its font URLs
 * are the hashed files site-assets.ts makes the client build emit); the browser takes it back from
 * the document, so the CSS is not shipped a second time inside the JavaScript. Under the Vite dev
 * server an edit to the CSS reloads the page.
 */
export const siteCss: string = import.meta.env.SSR
  ? (await import('./site.css?inline')).default
  : (document.getElementById(SITE_STYLES_ID)?.textContent ?? '');
