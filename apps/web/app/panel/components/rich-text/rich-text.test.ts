// What the editor writes must survive the server's sanitiser unchanged: the server sanitises every
// HTML field on write, so anything it drops would vanish silently on save (a table's widths, a
// paragraph's direction, an embed's marker).

import { sanitizeHtml } from '@tabayyun/text/sanitize-html';
import { Editor } from '@tiptap/core';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { embedProvider, richTextExtensions, storedHtml } from './extensions.ts';
import { cleanPastedHtml } from './paste.ts';
import { pendingHeight } from './rich-text-widget.tsx';

const editors: Editor[] = [];
afterEach(() => {
  for (const editor of editors.splice(0)) editor.destroy();
});

function write(html: string): string {
  const editor = new Editor({ extensions: richTextExtensions(), content: html });
  editors.push(editor);
  return storedHtml(editor.getHTML(), editor.isEmpty) ?? '';
}

/** The same HTML as the browser serialises it (`<img>` vs `<img />`, attribute quoting). */
function normal(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.innerHTML;
}

const SAMPLE = [
  '<h2>العنوان الرئيسي للتحقق</h2>',
  '<h3>Sub-heading in English</h3>',
  '<p dir="rtl">فقرة عربية فيها <strong>عريض</strong> و<em>مائل</em> و<u>مسطّر</u> و<s>مشطوب</s>.</p>',
  '<p dir="ltr">An English paragraph with <a href="https://example.org/report">a link</a>.</p>',
  '<ul><li><p>البند الأول</p></li><li><p>البند الثاني</p></li></ul>',
  '<ol><li><p>First</p></li><li><p>Second</p></li></ol>',
  '<blockquote><p>«اقتباس من المصدر»</p></blockquote>',
  '<table><tbody><tr><th colspan="1" rowspan="1"><p>الادعاء</p></th><th colspan="1" rowspan="1"><p>الحقيقة</p></th></tr>',
  '<tr><td colspan="1" rowspan="1"><p>صورة قديمة</p></td><td colspan="1" rowspan="1"><p>من عام 2013</p></td></tr></tbody></table>',
  '<img src="/storage/content/photo.jpg" alt="صورة الادعاء">',
  '<p><a href="https://x.com/someone/status/1790000000000000000" rel="embed">https://x.com/someone/status/1790000000000000000</a></p>',
  '<p><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" rel="embed">https://www.youtube.com/watch?v=dQw4w9WgXcQ</a></p>',
  '<p><a href="https://www.facebook.com/page/posts/12345" rel="embed">https://www.facebook.com/page/posts/12345</a></p>',
].join('');

describe('the rich-text editor and the server sanitiser', () => {
  it('writes a rich sample that sanitizeHtml leaves unchanged', () => {
    const out = write(SAMPLE);
    // Every part made it through the editor…
    expect(out).toContain('<h2>العنوان الرئيسي للتحقق</h2>');
    expect(out).toContain('<p dir="rtl">');
    expect(out).toContain('<p dir="ltr">');
    expect(out).toContain('<ul><li><p>البند الأول</p></li>');
    expect(out).toContain('<ol><li><p>First</p>');
    expect(out).toContain('<blockquote>');
    expect(out).toContain('<table><tbody><tr><th><p>الادعاء</p></th>');
    expect(out).toContain('<img src="/storage/content/photo.jpg" alt="صورة الادعاء">');
    expect(out).toContain('href="https://example.org/report"');
    expect(out.match(/rel="embed"/g)).toHaveLength(3);
    // … and the sanitiser keeps all of it.
    expect(normal(sanitizeHtml(out))).toBe(normal(out));
  });

  it('is a real check: the stock tiptap table (colgroup, inline width) would be changed', () => {
    const editor = new Editor({ extensions: [StarterKit, Table, TableRow, TableHeader, TableCell] });
    editors.push(editor);
    editor.commands.insertTable({ rows: 2, cols: 2 });
    const stock = editor.getHTML();
    expect(stock).toContain('<colgroup>');
    expect(normal(sanitizeHtml(stock))).not.toBe(normal(stock));
  });

  it('writes a new table and an embed inserted by command the same way', () => {
    const editor = new Editor({ extensions: richTextExtensions(), content: '<p>قبل</p>' });
    editors.push(editor);
    editor.commands.setTextSelection(1);
    editor.commands.setBlockDirection('ltr');
    editor.commands.focus('end');
    editor.commands.insertTable({ rows: 2, cols: 3, withHeaderRow: true });
    // The cursor is in the table's first cell now: an embed in a cell is fine too.
    expect(editor.commands.insertEmbed('https://twitter.com/user/status/123456')).toBe(true);
    expect(editor.commands.insertEmbed('https://example.org/not-a-post')).toBe(false);
    const out = storedHtml(editor.getHTML(), editor.isEmpty) ?? '';
    expect(out).toContain('<p dir="ltr">قبل</p>');
    expect(out).toContain('rel="embed"');
    expect(out).toContain(
      '<table><tbody><tr><th><p><a href="https://twitter.com/user/status/123456" rel="embed">',
    );
    expect(out).not.toContain('style=');
    expect(normal(sanitizeHtml(out))).toBe(normal(out));
  });

  it('drops what the sanitiser would drop when it comes in: styles, titles, rules, unknown embeds', () => {
    const out = write(
      '<p style="color:red" class="x">نص</p><hr><img src="/storage/a.png" title="t"><p><a href="https://evil.example/x" rel="embed">x</a></p>',
    );
    expect(out).not.toMatch(/style=|class=|title=|<hr/);
    // A link marked as an embed but not a known post stays an ordinary link.
    expect(out).toContain(
      '<a target="_blank" rel="noopener noreferrer nofollow" href="https://evil.example/x">',
    );
    expect(normal(sanitizeHtml(out))).toBe(normal(out));
  });

  it('reads an old YouTube frame as an embed', () => {
    const out = write('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>');
    expect(out).toBe(
      '<p><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" rel="embed">https://www.youtube.com/watch?v=dQw4w9WgXcQ</a></p>',
    );
  });

  it('stores an empty document as null and leaves out images still uploading', () => {
    expect(write('<p></p>')).toBe('');
    expect(storedHtml('<p>x</p><img src="blob:abc" data-uploading="">', false)).toBe('<p>x</p>');
  });

  it('knows X, Facebook and YouTube post addresses only', () => {
    expect(embedProvider('https://x.com/a/status/1')).toBe('x');
    expect(embedProvider('https://mobile.twitter.com/a_b/status/99')).toBe('x');
    expect(embedProvider('https://www.facebook.com/SyriaNews/videos/123')).toBe('facebook');
    expect(embedProvider('https://youtu.be/dQw4w9WgXcQ')).toBe('youtube');
    expect(embedProvider('https://www.youtube.com/shorts/dQw4w9WgXcQ')).toBe('youtube');
    expect(embedProvider('http://x.com/a/status/1')).toBeNull();
    expect(embedProvider('https://x.com.evil.example/a/status/1')).toBeNull();
    expect(embedProvider('https://example.org/watch?v=1')).toBeNull();
  });
});

describe('links', () => {
  const editorWith = (content: string) => {
    const editor = new Editor({ extensions: richTextExtensions(), content });
    editors.push(editor);
    return editor;
  };
  const stored = (editor: Editor) => storedHtml(editor.getHTML(), editor.isEmpty) ?? '';

  it('links a selection with an allowed address and refuses a script address', () => {
    const editor = editorWith('<p>المصدر الأصلي</p>');
    editor.commands.setTextSelection({ from: 1, to: 7 });
    expect(editor.commands.setLink({ href: 'javascript:alert(1)' })).toBe(false);
    expect(stored(editor)).toBe('<p>المصدر الأصلي</p>');
    expect(editor.commands.setLink({ href: ' https://example.org/a ' })).toBe(true);
    const out = stored(editor);
    expect(out).toBe(
      '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.org/a">المصدر</a> الأصلي</p>',
    );
    expect(normal(sanitizeHtml(out))).toBe(normal(out));
    expect(editor.isActive('link')).toBe(true);
    editor.commands.unsetLink();
    expect(stored(editor)).toBe('<p>المصدر الأصلي</p>');
  });

  it('reads only http(s) and mailto links from HTML, and never a pasted embed marker on a plain link', () => {
    const out = stored(
      editorWith('<p><a href="javascript:alert(1)">a</a> <a href="mailto:desk@example.org">b</a></p>'),
    );
    expect(out).toBe(
      '<p>a <a target="_blank" rel="noopener noreferrer nofollow" href="mailto:desk@example.org">b</a></p>',
    );
  });

  it('turns a pasted address into a link, without the sentence punctuation after it', () => {
    const editor = editorWith('<p></p>');
    editor.commands.focus('end');
    editor.view.pasteText('انظر https://example.org/report?id=7، وهو المصدر.');
    expect(stored(editor)).toBe(
      '<p>انظر <a target="_blank" rel="noopener noreferrer nofollow" href="https://example.org/report?id=7">https://example.org/report?id=7</a>، وهو المصدر.</p>',
    );
  });
});

describe('typed links', () => {
  it('links an address typed and closed by a space, and leaves the space outside the link', () => {
    const editor = new Editor({ extensions: richTextExtensions(), content: '<p></p>' });
    editors.push(editor);
    editor.commands.focus('end');
    const type = (text: string) => {
      const { from, to } = editor.state.selection;
      const handled = editor.view.someProp('handleTextInput', (f) =>
        f(editor.view, from, to, text, () => editor.state.tr.insertText(text, from, to)),
      );
      if (!handled) editor.view.dispatch(editor.state.tr.insertText(text, from, to));
    };
    for (const ch of 'المصدر https://example.org/a.') type(ch);
    type(' ');
    type('x');
    expect(storedHtml(editor.getHTML(), editor.isEmpty)).toBe(
      '<p>المصدر <a target="_blank" rel="noopener noreferrer nofollow" href="https://example.org/a">https://example.org/a</a>. x</p>',
    );
  });
});

describe('pasting from Word and Google Docs', () => {
  it('strips styles, classes, spans, fonts, comments and Office tags, keeping structure and dir', () => {
    const word = [
      '<!--[if gte mso 9]><xml><o:OfficeDocumentSettings></o:OfficeDocumentSettings></xml><![endif]-->',
      '<style>p.MsoNormal{margin:0}</style>',
      '<p class="MsoNormal" dir="RTL" style="text-align:right"><span lang="AR-SA" style="font-family:Arial">نص من وورد</span><o:p></o:p></p>',
      '<p class="MsoNormal"><o:p>&nbsp;</o:p></p>',
      '<p><span style="font-weight:700">Bold by style</span> <font color="red">red</font></p>',
    ].join('');
    expect(cleanPastedHtml(word)).toBe(
      '<p dir="rtl">نص من وورد</p><p><strong>Bold by style</strong> red</p>',
    );
  });

  it("unwraps Google Docs' non-bold wrapper and keeps links and lists", () => {
    const docs =
      '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-abc"><ul style="margin:0"><li dir="ltr" style="x"><p dir="ltr"><a href="https://example.org" style="color:blue"><span>link</span></a></p></li></ul></b>';
    expect(cleanPastedHtml(docs)).toBe(
      '<ul><li dir="ltr"><p dir="ltr"><a href="https://example.org">link</a></p></li></ul>',
    );
  });
});

describe('the editor on a long document', () => {
  it('keeps its document DOM when React mounts the content (no second draw, no forced layout)', () => {
    const element = document.createElement('div');
    document.body.append(element);
    // As the widget configures it: with the image upload (its own node view).
    const upload = { onImageUpload: async () => '/storage/content/x.jpg' };
    const editor = new Editor({ element, extensions: richTextExtensions({ upload }), content: SAMPLE });
    editors.push(editor);
    const image = editor.view.dom.querySelector('img');
    const embed = editor.view.dom.querySelector('.tb-embed');
    const table = editor.view.dom.querySelector('table');
    expect(embed?.getAttribute('data-provider')).toBe('x');
    expect(table).not.toBeNull();
    // What tiptap's EditorContent does when it mounts: hand the node views to the view again. With
    // node views rebuilt on every call, ProseMirror redrew all four long fields of the fact-check
    // editor and read the layout each time (≈ 90 ms per field on this machine).
    editor.createNodeViews();
    expect(editor.view.dom.querySelector('.tb-embed')).toBe(embed);
    expect(editor.view.dom.querySelector('table')).toBe(table);
    expect(editor.view.dom.querySelector('img')).toBe(image);
    expect(image?.getAttribute('src')).toBe('/storage/content/photo.jpg');
    element.remove();
  });
});

describe('the frame that stands in for a field not yet made', () => {
  const paragraph = `<p>${'أظهر البحث العكسي عن الصورة أنها نشرت للمرة الأولى عام 2016. '.repeat(4)}</p>`;
  it('is about as tall as the text will draw, so the fields after a long one are not near the window', () => {
    // 60 paragraphs of four lines: a long fact-check's body, drawn over ~6 000 px. A frame of one
    // size (12rem) put all four long fields within two windows, and all four were made before the
    // first paint.
    const long = paragraph.repeat(60);
    expect(pendingHeight(long)).toBeGreaterThan(5 * 860);
    expect(pendingHeight(long)).toBeLessThan(10_000);
    expect(pendingHeight(paragraph)!).toBeLessThan(200);
  });

  it('leaves an empty field to its CSS height', () => {
    expect(pendingHeight(null)).toBeUndefined();
    expect(pendingHeight('')).toBeUndefined();
  });
});
