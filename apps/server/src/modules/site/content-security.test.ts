import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './content-security.ts';

function directive(csp: string, name: string): string[] {
  const found = csp.split(';').map((part) => part.trim().split(/\s+/));
  return found.find(([first]) => first === name)?.slice(1) ?? [];
}

describe('site CSP for click-to-load social posts', () => {
  const csp = contentSecurityPolicy('<p>page</p><script>boot()</script>');

  it('lets exactly X widgets.js and the Facebook SDK run besides our own scripts', () => {
    const sources = directive(csp, 'script-src').filter((source) => !source.startsWith("'sha256-"));
    expect(sources).toEqual(["'self'", 'https://platform.twitter.com', 'https://connect.facebook.net']);
    expect(directive(csp, 'script-src').filter((source) => source.startsWith("'sha256-"))).toHaveLength(1);
  });

  it('lets exactly the youtube-nocookie, X and Facebook post frames in', () => {
    expect(directive(csp, 'frame-src')).toEqual([
      "'self'",
      'https://www.youtube-nocookie.com',
      'https://platform.twitter.com',
      'https://www.facebook.com',
    ]);
  });

  it('opens nothing else: no wildcards, no www.youtube.com, no inline fallback, default self', () => {
    expect(csp).not.toMatch(/\*|www\.youtube\.com|unsafe-eval/);
    expect(directive(csp, 'script-src')).not.toContain("'unsafe-inline'");
    expect(directive(csp, 'default-src')).toEqual(["'self'"]);
    expect(directive(csp, 'connect-src')).toEqual(["'self'"]);
  });
});
