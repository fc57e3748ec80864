// The tiptap schema of the back office's rich text, shaped so that what it writes is exactly what
// the server's allow-list sanitiser (@tabayyun/text sanitizeHtml) keeps: no inline styles, no
// colgroup, no image titles, no horizontal rules, `dir` only where the sanitiser allows it, and
// social posts stored as plain links the public site can turn into click-to-load embeds.

import { getUploadImageExtension, type UploadImageOptions } from '@mantine/tiptap';
import {
  type AnyExtension,
  Extension,
  InputRule,
  Mark,
  markPasteRule,
  mergeAttributes,
  Node,
} from '@tiptap/core';
import { Blockquote } from '@tiptap/extension-blockquote';
import { Bold } from '@tiptap/extension-bold';
import { Document } from '@tiptap/extension-document';
import { HardBreak } from '@tiptap/extension-hard-break';
import { Heading } from '@tiptap/extension-heading';
import Image from '@tiptap/extension-image';
import { Italic } from '@tiptap/extension-italic';
import { BulletList, ListItem, ListKeymap, OrderedList } from '@tiptap/extension-list';
import { Paragraph } from '@tiptap/extension-paragraph';
import { Strike } from '@tiptap/extension-strike';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { Text } from '@tiptap/extension-text';
import { Underline } from '@tiptap/extension-underline';
import { Dropcursor, Gapcursor, UndoRedo } from '@tiptap/extensions';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { cleanPastedHtml } from './paste.ts';

/**
 * The nodes a `dir` attribute may sit on. sanitizeHtml keeps `dir` on `p` (and `span`) only; once
 * it keeps it on headings too (h1–h6: ['dir'] with the same keepKnownDirection transform), add
 * 'heading' here and the RTL/LTR buttons apply to headings as well.
 */
export const DIRECTION_NODE_TYPES = ['paragraph', 'heading'] as const;
export type TextDir = 'rtl' | 'ltr';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    blockDirection: {
      /** Sets `dir` on the paragraphs touched by the selection (null removes it). */
      setBlockDirection: (dir: TextDir | null) => ReturnType;
    };
    embed: {
      insertEmbed: (url: string) => ReturnType;
    };
    link: {
      /** Links the selection (Mantine's link control); an address we do not allow is refused. */
      setLink: (attributes: { href: string; target?: string | null }) => ReturnType;
      unsetLink: () => ReturnType;
    };
  }
}

const isDirection = (value: string | null): value is TextDir => value === 'rtl' || value === 'ltr';

/** `dir` per paragraph: Arabic and English mixed in one text. */
export const BlockDirection = Extension.create({
  name: 'blockDirection',
  addGlobalAttributes() {
    return [
      {
        types: [...DIRECTION_NODE_TYPES],
        attributes: {
          dir: {
            default: null,
            parseHTML: (element) => {
              const dir = element.getAttribute('dir')?.trim().toLowerCase() ?? null;
              return isDirection(dir) ? dir : null;
            },
            renderHTML: (attributes) => (isDirection(attributes.dir) ? { dir: attributes.dir } : {}),
          },
        },
      },
    ];
  },
  addCommands() {
    return {
      setBlockDirection:
        (dir) =>
        ({ tr, state, dispatch }) => {
          const { from, to } = state.selection;
          let changed = false;
          state.doc.nodesBetween(from, to, (node, pos) => {
            if ((DIRECTION_NODE_TYPES as readonly string[]).includes(node.type.name)) {
              if (node.attrs.dir !== dir) {
                tr.setNodeMarkup(pos, undefined, { ...node.attrs, dir });
                changed = true;
              }
              return false;
            }
            return true;
          });
          if (changed && dispatch) dispatch(tr);
          return changed;
        },
    };
  },
});

// ───────────── Embeds of social posts ─────────────

export type EmbedProvider = 'x' | 'facebook' | 'youtube';

const PROVIDERS: { provider: EmbedProvider; pattern: RegExp }[] = [
  { provider: 'x', pattern: /^https:\/\/(?:www\.|mobile\.)?(?:x|twitter)\.com\/\w{1,30}\/status\/\d+/i },
  {
    provider: 'facebook',
    pattern:
      /^https:\/\/(?:www\.|m\.|web\.)?facebook\.com\/(?:[\w.-]+\/(?:posts|videos|photos)\/|watch\/?\?v=|reel\/|permalink\.php\?|share\/|story\.php\?)|^https:\/\/fb\.watch\//i,
  },
  {
    provider: 'youtube',
    pattern:
      /^https:\/\/(?:(?:www\.|m\.)?youtube\.com\/(?:watch\?(?:.*&)?v=|shorts\/|live\/)|youtu\.be\/)[\w-]{6,}/i,
  },
];

/** The provider of a post address, or null: X/Twitter status, Facebook post/video, YouTube video. */
export function embedProvider(url: string): EmbedProvider | null {
  const text = url.trim();
  return PROVIDERS.find(({ pattern }) => pattern.test(text))?.provider ?? null;
}

/** A YouTube frame address (…/embed/ID), as older content stored it, back to the watch address. */
function youtubeWatchUrl(src: string): string | null {
  const match = /^https:\/\/(?:www\.)?youtube(?:-nocookie)?\.com\/embed\/([\w-]{6,})/i.exec(src);
  return match ? `https://www.youtube.com/watch?v=${match[1]}` : null;
}

/** The `rel` token that marks a link as an embed (sanitizeHtml keeps `rel` on links; see README). */
export const EMBED_REL = 'embed';

/**
 * A social post, stored as `<p><a href="URL" rel="embed">URL</a></p>`: the public site shows it as a
 * link (no third-party script) and may turn it into a click-to-load embed after consent.
 */
export const Embed = Node.create({
  name: 'embed',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes() {
    return {
      // Set by the parse rules' getAttrs (a default parseHTML would read the element's own src).
      src: { default: null, rendered: false, parseHTML: () => null },
      provider: { default: null, rendered: false, parseHTML: () => null },
    };
  },
  parseHTML() {
    return [
      {
        tag: 'p',
        // Before the paragraph rule (priority 50).
        priority: 60,
        getAttrs: (element) => {
          const children = [...element.childNodes].filter(
            (child) => !(child.nodeType === 3 && !child.textContent?.trim()),
          );
          const link = children[0];
          if (children.length !== 1 || !(link instanceof window.HTMLElement) || link.tagName !== 'A')
            return false;
          const rel = (link.getAttribute('rel') ?? '').split(/\s+/);
          const href = link.getAttribute('href') ?? '';
          const provider = embedProvider(href);
          return rel.includes(EMBED_REL) && provider ? { src: href, provider } : false;
        },
      },
      {
        tag: 'iframe[src]',
        getAttrs: (element) => {
          const src = youtubeWatchUrl(element.getAttribute('src') ?? '');
          return src ? { src, provider: 'youtube' } : false;
        },
      },
    ];
  },
  renderHTML({ node }) {
    const src = String(node.attrs.src ?? '');
    return ['p', ['a', { href: src, rel: EMBED_REL }, src]];
  },
  addNodeView() {
    return ({ node }) => {
      const dom = document.createElement('div');
      dom.className = 'tb-embed';
      dom.contentEditable = 'false';
      dom.dataset.provider = String(node.attrs.provider ?? '');
      const badge = document.createElement('span');
      badge.className = 'tb-embed-provider';
      badge.textContent = EMBED_NAMES[node.attrs.provider as EmbedProvider] ?? '';
      const url = document.createElement('span');
      url.className = 'tb-embed-url';
      url.dir = 'ltr';
      url.textContent = String(node.attrs.src ?? '');
      dom.append(badge, url);
      return { dom };
    };
  },
  addCommands() {
    return {
      insertEmbed:
        (url) =>
        ({ commands }) => {
          const provider = embedProvider(url);
          if (!provider) return false;
          return commands.insertContent({ type: this.name, attrs: { src: url.trim(), provider } });
        },
    };
  },
});

/** Brand names (the same in every language). */
export const EMBED_NAMES: Record<EmbedProvider, string> = {
  x: 'X',
  facebook: 'Facebook',
  youtube: 'YouTube',
};

// ───────────── Node views read once per editor ─────────────

/**
 * tiptap builds its extensions' node views (embed, table, image upload) anew each time they are
 * read, and ProseMirror redraws the whole document, reading the layout, whenever the functions
 * differ. EditorContent reads them again when it mounts, so every rich-text field was drawn twice:
 * ≈ 60–120 ms per long field of the fact-check editor (ADR 024). They depend only on the
 * extensions, which an editor never changes: read them once.
 */
const StableNodeViews = Extension.create({
  name: 'stableNodeViews',
  onBeforeCreate() {
    const manager = this.editor.extensionManager;
    const nodeViews = manager.nodeViews;
    Object.defineProperty(manager, 'nodeViews', { configurable: true, get: () => nodeViews });
  },
});

// ───────────── Tables and images without what the sanitiser drops ─────────────

/** A table as `<table><tbody>…</tbody></table>`: no colgroup, no inline width. */
const CleanTable = Table.extend({
  renderHTML({ HTMLAttributes }) {
    return ['table', mergeAttributes(this.options.HTMLAttributes, HTMLAttributes), ['tbody', 0]];
  },
}).configure({ resizable: false, renderWrapper: false });

// Cell alignment renders as a style and column widths as data attributes: neither is kept.
const silent = { renderHTML: () => ({}) };
const CleanCell = TableCell.extend({
  addAttributes() {
    const parent = this.parent?.() ?? {};
    return { ...parent, align: { ...parent.align, ...silent }, colwidth: { ...parent.colwidth, ...silent } };
  },
});
const CleanHeader = TableHeader.extend({
  addAttributes() {
    const parent = this.parent?.() ?? {};
    return { ...parent, align: { ...parent.align, ...silent }, colwidth: { ...parent.colwidth, ...silent } };
  },
});

/** Images: src and alt (the sanitiser keeps src, alt, width, height; not title). */
const CleanImage = Image.extend({
  addAttributes() {
    const parent = this.parent?.() ?? {};
    return { ...parent, title: { default: null, rendered: false } };
  },
});

const LINK_REL = 'noopener noreferrer nofollow';

/** The addresses a link may have (the sanitiser's allow-list keeps the same schemes). */
export const isAllowedHref = (href: unknown): href is string =>
  typeof href === 'string' && /^(?:https?:|mailto:)/i.test(href.trim());

/** A web address in pasted plain text (trailing punctuation is not part of it). */
const URL_PATTERN = 'https?:\\/\\/[^\\s<>"\']*[^\\s<>"\'.,;:!?)\\]}»،؛]';
const PASTED_URL = new RegExp(URL_PATTERN, 'g');
/** An address just typed, closed by a space. */
const TYPED_URL = new RegExp(`(?:^|\\s)(${URL_PATTERN})[.,;:!?)\\]}»،؛]*\\s$`);

/**
 * Links, written for this schema instead of @tiptap/extension-link (which brings linkifyjs, a fifth
 * of the rich text's bytes): `href` limited to http(s) and mailto, `target` and `rel` always ours
 * (so a pasted `rel="embed"` never passes for an embed marker), the commands and Mod+K event
 * Mantine's link control uses; a pasted address, or one typed and followed by a space, becomes a
 * link.
 */
export const SafeLink = Mark.create({
  name: 'link',
  priority: 1000,
  inclusive: false,
  exitable: true,
  keepOnSplit: false,
  addAttributes() {
    return {
      href: {
        default: null,
        parseHTML: (element) => element.getAttribute('href'),
      },
    };
  },
  parseHTML() {
    return [
      { tag: 'a[href]', getAttrs: (element) => (isAllowedHref(element.getAttribute('href')) ? null : false) },
    ];
  },
  renderHTML({ HTMLAttributes }) {
    const href = isAllowedHref(HTMLAttributes.href) ? HTMLAttributes.href : '';
    return ['a', mergeAttributes({ target: '_blank', rel: LINK_REL }, { href }), 0];
  },
  addCommands() {
    return {
      setLink:
        ({ href }) =>
        ({ chain }) =>
          isAllowedHref(href) ? chain().setMark(this.name, { href: href.trim() }).run() : false,
      unsetLink:
        () =>
        ({ chain }) =>
          chain().unsetMark(this.name, { extendEmptyMarkRange: true }).run(),
    };
  },
  addKeyboardShortcuts() {
    return {
      // Opens Mantine's link control, as its own Link extension does.
      'Mod-k': () => {
        window.dispatchEvent(new Event('edit-link'));
        return true;
      },
    };
  },
  addPasteRules() {
    return [
      markPasteRule({ find: PASTED_URL, type: this.type, getAttributes: (match) => ({ href: match[0] }) }),
    ];
  },
  addInputRules() {
    const type = this.type;
    return [
      new InputRule({
        find: TYPED_URL,
        // The typed space is already in the document (range.to is after it): mark the address only.
        handler: ({ state, range, match }) => {
          const url = match[1] ?? '';
          const start = range.from + match[0].indexOf(url);
          const end = start + url.length;
          if (state.doc.rangeHasMark(start, end, type)) return null;
          state.tr.addMark(start, end, type.create({ href: url }));
        },
      }),
    ];
  },
});

/** Strips `style`, `class`, spans, comments … from HTML pasted from Word or Google Docs. */
const PasteCleanup = Extension.create({
  name: 'pasteCleanup',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('pasteCleanup'),
        props: { transformPastedHTML: (html: string) => cleanPastedHtml(html) },
      }),
    ];
  },
});

export interface RichTextExtensionOptions {
  /** Image uploads (picked, pasted, dropped); without it images can still be shown but not added. */
  upload?: UploadImageOptions;
  placeholder?: string;
}

/** Every extension of the editor; the same list renders and parses in tests. */
export function richTextExtensions(opts: RichTextExtensionOptions = {}): AnyExtension[] {
  return [
    // StarterKit's parts without code, code blocks, rules and trailing node (the sanitiser keeps
    // none of them) and without its link (SafeLink above).
    Document,
    Paragraph,
    Text,
    Bold,
    Italic,
    Underline,
    Strike,
    Heading.configure({ levels: [2, 3, 4] }),
    Blockquote,
    BulletList,
    OrderedList,
    ListItem,
    ListKeymap,
    HardBreak,
    Dropcursor,
    Gapcursor,
    UndoRedo,
    SafeLink,
    BlockDirection,
    Embed,
    CleanTable,
    TableRow,
    CleanHeader,
    CleanCell,
    opts.upload ? getUploadImageExtension(CleanImage, opts.upload) : CleanImage,
    PasteCleanup,
    StableNodeViews,
  ];
}

/**
 * The HTML the field stores: the editor's HTML without images still uploading (their src is a
 * blob: address) or failed; an empty document is null.
 */
export function storedHtml(html: string, isEmpty: boolean): string | null {
  if (isEmpty) return null;
  if (!html.includes('data-upload')) return html;
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  for (const image of doc.querySelectorAll('img[data-uploading], img[data-upload-error]')) image.remove();
  for (const image of doc.querySelectorAll('img')) {
    image.removeAttribute('data-uploading');
    image.removeAttribute('data-upload-error');
  }
  return doc.body.innerHTML;
}
