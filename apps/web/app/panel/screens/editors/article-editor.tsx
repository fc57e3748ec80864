// /panel/article/edit/:id and /panel/article/edit/new: the article editor.
import type { LinksFunction } from 'react-router';
import { richTextLinks } from '../../components/rich-text/links.ts';
import { ContentEditorRoute } from './content-editor.tsx';

export const links: LinksFunction = () => richTextLinks();

export default function ArticleEditor() {
  return <ContentEditorRoute kind="article" />;
}
