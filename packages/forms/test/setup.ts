// Vitest setup of the `web` project (happy-dom). Mantine reads media queries, observes sizes and
// scrolls options into view, none of which happy-dom implements; testing-library needs cleanup.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { preloadWidgets } from '../src/registry.ts';

// Most widgets load on first use in the app; tests render them at once.
beforeAll(() => preloadWidgets());

if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

class NoopObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): [] {
    return [];
  }
}

if (!('ResizeObserver' in window) || !window.ResizeObserver) {
  window.ResizeObserver = NoopObserver as unknown as typeof ResizeObserver;
}
globalThis.ResizeObserver ??= window.ResizeObserver;
if (!('IntersectionObserver' in window) || !window.IntersectionObserver) {
  window.IntersectionObserver = class extends NoopObserver {
    readonly root = null;
    readonly rootMargin = '';
    readonly thresholds: number[] = [];
  } as unknown as typeof IntersectionObserver;
}
globalThis.IntersectionObserver ??= window.IntersectionObserver;
Element.prototype.scrollIntoView ??= () => {};
// happy-dom's version always exists but may throw on unsupported options; a no-op is enough here.
Element.prototype.scrollIntoView = () => {};

// Mantine's autosizing textarea listens for web fonts loading.
if (!('fonts' in document) || !document.fonts) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

// React's act() warnings need this flag outside Jest.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});
