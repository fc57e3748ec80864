// /panel/factcheck/edit/:id and /panel/factcheck/edit/new (?newsFeed=<id>): the fact-check editor.
import type { ClientLoaderFunctionArgs, LinksFunction } from 'react-router';
import { richTextLinks } from '../../components/rich-text/links.ts';
import { ContentEditorRoute } from './content-editor.tsx';
import { prefetchEditor } from './editor-prefetch.ts';

export const links: LinksFunction = () => richTextLinks();

export const clientLoader = (args: ClientLoaderFunctionArgs) => prefetchEditor('factcheck', args);

export default function FactcheckEditor() {
  return <ContentEditorRoute kind="factcheck" />;
}
