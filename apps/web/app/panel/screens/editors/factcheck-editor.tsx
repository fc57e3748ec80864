// /panel/factcheck/edit/:id and /panel/factcheck/edit/new (?newsFeed=<id>): the fact-check editor.
import type { LinksFunction } from 'react-router';
import { richTextLinks } from '../../components/rich-text/links.ts';
import { ContentEditorRoute } from './content-editor.tsx';

export const links: LinksFunction = () => richTextLinks();

export default function FactcheckEditor() {
  return <ContentEditorRoute kind="factcheck" />;
}
