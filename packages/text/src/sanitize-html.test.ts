import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html.ts';

describe('sanitizeHtml', () => {
  it('keeps the allowed formatting tags', () => {
    const html =
      '<h2>t</h2><p>a <strong>b</strong> <b>c</b> <em>d</em> <i>e</i> <u>f</u> <s>g</s></p>' +
      '<blockquote>q</blockquote><ul><li>1</li></ul><ol><li>2</li></ol><pre><code>x</code></pre>' +
      '<figure><figcaption>cap</figcaption></figure><br />';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('keeps tables with spans', () => {
    const html =
      '<table><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('removes scripts, styles, event handlers and unknown tags', () => {
    expect(sanitizeHtml('<p style="color:red" onclick="x()" class="c">hi</p><script>alert(1)</script>')).toBe(
      '<p>hi</p>',
    );
    expect(sanitizeHtml('<div><font>text</font></div><style>p{}</style><object data="x"></object>')).toBe(
      'text',
    );
  });

  it('keeps dir on p and span only when it is a direction', () => {
    expect(sanitizeHtml('<p dir="rtl">نص</p><span dir="LTR">x</span><span dir="evil">y</span>')).toBe(
      '<p dir="rtl">نص</p><span dir="ltr">x</span><span>y</span>',
    );
    expect(sanitizeHtml('<div dir="rtl">t</div>')).toBe('t');
  });

  it('keeps dir on headings, list items and quotes only when it is a direction', () => {
    for (const tag of ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'blockquote']) {
      expect(sanitizeHtml(`<${tag} dir=" LTR ">t</${tag}>`)).toBe(`<${tag} dir="ltr">t</${tag}>`);
      expect(sanitizeHtml(`<${tag} dir="auto">t</${tag}>`)).toBe(`<${tag} dir="auto">t</${tag}>`);
      expect(sanitizeHtml(`<${tag} dir="evil" onclick="x()">t</${tag}>`)).toBe(`<${tag}>t</${tag}>`);
    }
  });

  it('keeps rel="embed" on links (the editor marks social posts with it)', () => {
    expect(sanitizeHtml('<p><a href="https://x.com/a/status/1" rel="embed">u</a></p>')).toBe(
      '<p><a href="https://x.com/a/status/1" rel="embed">u</a></p>',
    );
  });

  it('keeps http, https and mailto links', () => {
    expect(sanitizeHtml('<a href="https://example.org/a?b=1&amp;c=2" title="t">x</a>')).toBe(
      '<a href="https://example.org/a?b=1&amp;c=2" title="t">x</a>',
    );
    expect(sanitizeHtml('<a href="mailto:desk@example.org">m</a>')).toBe(
      '<a href="mailto:desk@example.org">m</a>',
    );
  });

  it('unwraps links with script, data, relative or protocol-relative URLs', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'jav&#x09;ascript:alert(1)',
      'data:text/html,<script>x</script>',
      'vbscript:x',
      '//evil.example',
      '/relative',
    ]) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe('x');
    }
  });

  it('adds rel="noopener noreferrer" to links opening a new window', () => {
    expect(sanitizeHtml('<a href="https://a.example" target="_blank">x</a>')).toBe(
      '<a href="https://a.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="https://a.example" target="_blank" rel="nofollow">x</a>')).toBe(
      '<a href="https://a.example" target="_blank" rel="nofollow noopener noreferrer">x</a>',
    );
  });

  it('keeps images from http(s) or /storage and drops the others', () => {
    expect(
      sanitizeHtml('<img src="/storage/news/a.jpg" alt="صورة" width="10" height="20" onerror="x()" />'),
    ).toBe('<img src="/storage/news/a.jpg" alt="صورة" width="10" height="20" />');
    expect(sanitizeHtml('<img src="https://cdn.example/a.png" />')).toBe(
      '<img src="https://cdn.example/a.png" />',
    );
    for (const src of [
      'javascript:x',
      'data:image/png;base64,AAAA',
      '/etc/passwd',
      'a.png',
      '//evil.example/a.png',
    ]) {
      expect(sanitizeHtml(`<p><img src="${src}" />x</p>`)).toBe('<p>x</p>');
    }
  });

  it('keeps video frames from YouTube and Vimeo over https only', () => {
    for (const src of [
      'https://www.youtube.com/embed/abc',
      'https://youtube.com/embed/abc',
      'https://www.youtube-nocookie.com/embed/abc',
      'https://player.vimeo.com/video/1',
    ]) {
      expect(sanitizeHtml(`<iframe src="${src}" width="560" allowfullscreen></iframe>`)).toBe(
        `<iframe src="${src}" width="560" allowfullscreen></iframe>`,
      );
    }
    for (const src of [
      'https://evil.example/x',
      'http://www.youtube.com/embed/x',
      '/embed',
      'javascript:x',
    ]) {
      expect(sanitizeHtml(`<iframe src="${src}"></iframe>ok`)).toBe('ok');
    }
    expect(
      sanitizeHtml('<iframe src="https://www.youtube.com/embed/a" srcdoc="<script>x</script>"></iframe>'),
    ).toBe('<iframe src="https://www.youtube.com/embed/a"></iframe>');
  });

  it('escapes text so it cannot become markup', () => {
    expect(sanitizeHtml('<p>1 &lt; 2 &amp; "q"</p>')).toBe('<p>1 &lt; 2 &amp; "q"</p>');
  });
});
