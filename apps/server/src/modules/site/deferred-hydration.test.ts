// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './content-security.ts';
import { deferHydration as deferBytes, HYDRATION_LOADER, HYDRATION_SOURCE_ID } from './deferred-hydration.ts';

/** The rewrite works on a document's bytes; these tests read and write text. */
const deferHydration = (html: string) => deferBytes(Buffer.from(html)).toString();

const MODULES = 'import * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");';
const DOCUMENT =
  '<html><head><link rel="modulepreload" fetchpriority="low" href="/assets/entry.client.js"/>' +
  '<link rel="modulepreload" href="/assets/root.js"/><link rel="preload" as="font" href="/assets/f.woff2"/>' +
  '</head><body><main>text</main><script>window.__reactRouterContext = {};</script>' +
  `<script type="module" async="">${MODULES}</script>` +
  '<script>window.__reactRouterContext.streamController.close();</script></body></html>';

/** Puts the deferred document's body into happy-dom and runs its loader, as the browser would. */
function loadDeferredBody(): void {
  const html = deferHydration(DOCUMENT);
  document.body.innerHTML = html.slice(html.indexOf('<body>') + 6, html.indexOf('</body>'));
  Object.defineProperty(document, 'readyState', { value: 'interactive', configurable: true });
  new Function(HYDRATION_LOADER)();
}

const appendedModules = () =>
  [...document.body.querySelectorAll('script[type="module"]')].map((s) => s.textContent);

const nextFrame = () => new Promise((resolve) => setTimeout(resolve, 50));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('deferHydration', () => {
  it('drops the module preloads and keeps the route modules as inert text, nothing else touched', () => {
    const html = deferHydration(DOCUMENT);
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('type="module"');
    expect(html).toContain(
      `<script type="text/x-deferred-module" id="${HYDRATION_SOURCE_ID}">${MODULES}</script>`,
    );
    expect(html).toContain('<link rel="preload" as="font" href="/assets/f.woff2"/>');
    expect(html).toContain('<script>window.__reactRouterContext = {};</script>');
    expect(html).toContain('<main>text</main>');
  });

  it("keeps the page's CSP admitting the module script it will run, and the loader", () => {
    const hashes = inlineScriptHashes(deferHydration(DOCUMENT));
    expect(hashes).toEqual(
      expect.arrayContaining([
        inlineScriptHashes(`<script type="module">${MODULES}</script>`)[0],
        inlineScriptHashes(`<script>${HYDRATION_LOADER}</script>`)[0],
      ]),
    );
  });

  it('keeps every other byte as it was, Arabic text and preloads after the script included', () => {
    const arabic = '<p>تبيَّن: «مرسوم بزيادة الرواتب»</p>';
    const page = `<html><head><title>عنوان</title></head><body>${arabic}<script type="module" async="">${MODULES}</script><link rel="modulepreload" href="/late.js"/><p>ختام</p></body></html>`;
    expect(deferHydration(page)).toBe(
      `<html><head><title>عنوان</title></head><body>${arabic}` +
        `<script type="text/x-deferred-module" id="${HYDRATION_SOURCE_ID}">${MODULES}</script>` +
        `<script>${HYDRATION_LOADER}</script><p>ختام</p></body></html>`,
    );
  });

  it('leaves a document without React Router scripts as it is', () => {
    const html = '<html><body><h1>Error</h1><link rel="modulepreload" href="/a.js"/></body></html>';
    expect(deferHydration(html)).toBe(html);
  });

  it('runs the route modules once, after the load event and a frame', async () => {
    loadDeferredBody();
    await nextFrame();
    expect(appendedModules()).toEqual([]);
    window.dispatchEvent(new Event('load'));
    await nextFrame();
    expect(appendedModules()).toEqual([MODULES]);
    window.dispatchEvent(new Event('load'));
    window.dispatchEvent(new Event('keydown'));
    await nextFrame();
    expect(appendedModules()).toHaveLength(1);
  });

  it('runs them at once when the reader presses a key or touches the page before the load', () => {
    loadDeferredBody();
    window.dispatchEvent(new Event('pointerdown'));
    expect(appendedModules()).toEqual([MODULES]);
  });
});
