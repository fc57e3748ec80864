import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes } from './content-security.ts';

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

describe('script hashes of a rendered page, read from its bytes', () => {
  const documents = [
    '<p>page</p><script>boot()</script>',
    '<script type="module" async="">import("/a.js")</script><script>window.__x = {"نص": "تبيَّن"};</script>',
    '<SCRIPT>upper()</SCRIPT><Script nonce="x">mixed()</sCrIpT   >',
    '<script src="/a.js"></script><script type="application/ld+json">{"@type":"NewsArticle"}</script>',
    '<script type=application/json>{}</script><script></script><script>kept()</script>',
    '<scripts>not a script</scripts><script-x>nor this</script-x><script\n>newline()</script\n>',
    '<script>if (a < b) { c("</scrip") }</script><script>unclosed(',
    '<script>one()</scripts><p>تبيَّن</p></script><script>two()</script>',
    '<script>x()</script\u00a0>',
    '<script data-a=">">weird()</script>',
    '<script>same()</script><script>same()</script>',
  ];

  /** The server's scan before it read bytes (ADR 022): a regular expression over the document read one byte per character. */
  function hashesOfLatin1Text(bytes: Buffer): string[] {
    const hashes = new Set<string>();
    for (const [, attributes = '', body = ''] of bytes
      .toString('latin1')
      .matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
      if (
        /\bsrc\s*=/i.test(attributes) ||
        /\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attributes) ||
        !body
      )
        continue;
      hashes.add(`'sha256-${createHash('sha256').update(body, 'latin1').digest('base64')}'`);
    }
    return [...hashes];
  }

  it('finds the same scripts as the text scan did, Arabic and odd markup included', () => {
    for (const html of documents) {
      const bytes = Buffer.from(html, 'utf8');
      expect(inlineScriptHashes(bytes), html).toEqual(hashesOfLatin1Text(bytes));
    }
    // A no-break space (two bytes, C2 A0) does not close a script tag read as bytes, as before.
    expect(inlineScriptHashes(Buffer.from(documents[8]!))).toEqual([]);
    expect(inlineScriptHashes(Buffer.from(documents[2]!))).toHaveLength(2);
    expect(inlineScriptHashes(Buffer.from(documents[3]!))).toEqual([]);
  });
});
