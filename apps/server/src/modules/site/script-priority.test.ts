import { describe, expect, it } from 'vitest';
import { lowerModulePreloads } from './script-priority.ts';

describe('lowerModulePreloads', () => {
  it('marks every module preload low priority and leaves everything else alone', () => {
    const html =
      '<link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/>' +
      '<link rel="preload" as="font" href="/assets/f.woff2"/><script type="module" async="">import "/assets/a.js";</script>';
    const out = lowerModulePreloads(html);
    expect(
      out.match(/<link rel="modulepreload" fetchpriority="low" href="\/assets\/[ab]\.js"\/>/g),
    ).toHaveLength(2);
    expect(out).toContain('<link rel="preload" as="font" href="/assets/f.woff2"/>');
    expect(out).toContain('<script type="module" async="">import "/assets/a.js";</script>');
  });

  it('keeps a priority the page chose', () => {
    const html = '<link rel="modulepreload" fetchpriority="high" href="/assets/a.js"/>';
    expect(lowerModulePreloads(html)).toBe(html);
  });
});
