// The editor's stylesheets, for the `links` export of the route modules that use it (the panel
// root links Mantine's core styles; tiptap's and ours come only with the editors).
import mantineTiptapStylesHref from '@mantine/tiptap/styles.css?url';
import richTextStylesHref from './rich-text.css?url';

export function richTextLinks(): { rel: 'stylesheet'; href: string }[] {
  return [mantineTiptapStylesHref, richTextStylesHref].map((href) => ({ rel: 'stylesheet' as const, href }));
}
