// The back office's rich text: the `x-rich-text` widget of the form engine and its schema.

export { ContentDirectionContext, RICH_TEXT_TYPE } from './direction-context.ts';
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
export { richTextLinks } from './links.ts';
export { cleanPastedHtml } from './paste.ts';
export {
  RICH_TEXT_UPLOAD_FOLDER,
  RichTextWidget,
  uploadEditorImage,
} from './rich-text-widget.tsx';
