// The back office's rich text: the `x-rich-text` widget of the form engine and its schema.
export {
  DIRECTION_NODE_TYPES,
  EMBED_NAMES,
  EMBED_REL,
  type EmbedProvider,
  embedProvider,
  richTextExtensions,
  storedHtml,
  type TextDir,
} from './extensions.ts';
export { cleanPastedHtml } from './paste.ts';
export {
  ContentDirectionContext,
  RICH_TEXT_UPLOAD_FOLDER,
  RichTextWidget,
  uploadEditorImage,
} from './rich-text-widget.tsx';

/** The type name forms use: `{ type: RICH_TEXT_TYPE, name: 'content' }`. */
export const RICH_TEXT_TYPE = 'x-rich-text' as const;
export { richTextLinks } from './links.ts';
