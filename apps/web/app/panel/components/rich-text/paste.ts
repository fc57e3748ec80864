// Text pasted from Word or Google Docs carries styles, classes, spans, fonts, comments, Office
// namespaces and Google's wrapper <b id="docs-internal-guid-…">. The editor's schema drops most of
// it; this removes the rest before tiptap parses it, keeping structure, links, images and `dir`.

const DROP_ELEMENTS = new Set(['STYLE', 'SCRIPT', 'META', 'LINK', 'TITLE', 'XML', 'TEMPLATE']);
const UNWRAP_ELEMENTS = new Set(['SPAN', 'FONT', 'O:P', 'DIV', 'SECTION', 'ARTICLE']);
const KEEP_ATTRIBUTES: Record<string, readonly string[]> = {
  A: ['href', 'title'],
  IMG: ['src', 'alt'],
  TD: ['colspan', 'rowspan'],
  TH: ['colspan', 'rowspan'],
};
const DIRECTIONAL = new Set(['P', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'LI', 'BLOCKQUOTE']);

function unwrap(element: Element): void {
  const parent = element.parentNode;
  if (!parent) return;
  while (element.firstChild) parent.insertBefore(element.firstChild, element);
  parent.removeChild(element);
}

/** Google Docs wraps everything in a <b> that is not bold (font-weight: normal). */
function isGoogleWrapper(element: Element): boolean {
  return element.tagName === 'B' && (element.getAttribute('id') ?? '').startsWith('docs-internal-guid');
}

/** Word's paragraphs flagged bold/italic only by style become real marks before styles go. */
function styleMarks(element: Element): { bold: boolean; italic: boolean } {
  const style = (element.getAttribute('style') ?? '').toLowerCase();
  return {
    bold: /font-weight\s*:\s*(bold|[6-9]00)/.test(style),
    italic: /font-style\s*:\s*italic/.test(style),
  };
}

export function cleanPastedHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const body = doc.body;
  // Comments (Word's conditional comments included).
  const walker = doc.createTreeWalker(body, 128 /* NodeFilter.SHOW_COMMENT */);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  for (const comment of comments) comment.parentNode?.removeChild(comment);
  for (const element of [...body.querySelectorAll('*')]) {
    if (DROP_ELEMENTS.has(element.tagName.toUpperCase())) element.remove();
  }

  // Deepest first, so unwrapping never skips a child.
  const elements = [...body.querySelectorAll('*')].reverse();
  for (const element of elements) {
    const tag = element.tagName.toUpperCase();
    if (isGoogleWrapper(element)) {
      unwrap(element);
      continue;
    }
    if (tag === 'SPAN') {
      const { bold, italic } = styleMarks(element);
      if (bold || italic) {
        let inner: Element = doc.createElement(bold ? 'strong' : 'em');
        const outer = inner;
        if (bold && italic) {
          const em = doc.createElement('em');
          inner.appendChild(em);
          inner = em;
        }
        while (element.firstChild) inner.appendChild(element.firstChild);
        element.replaceWith(outer);
        continue;
      }
    }
    if (UNWRAP_ELEMENTS.has(tag) || tag.includes(':')) {
      unwrap(element);
      continue;
    }
    const keep = KEEP_ATTRIBUTES[tag] ?? [];
    const dir = element.getAttribute('dir')?.toLowerCase();
    for (const attribute of [...element.attributes]) {
      if (!keep.includes(attribute.name)) element.removeAttribute(attribute.name);
    }
    if (DIRECTIONAL.has(tag) && (dir === 'rtl' || dir === 'ltr')) element.setAttribute('dir', dir);
  }
  // Word's empty paragraphs (&nbsp; only) between every paragraph.
  for (const paragraph of body.querySelectorAll('p')) {
    if (!paragraph.textContent?.replace(/\u00a0/g, '').trim() && !paragraph.querySelector('img')) {
      paragraph.remove();
    }
  }
  return body.innerHTML;
}
