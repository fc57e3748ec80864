// /panel/article/edit/:id and /panel/article/edit/new: the article editor.
import type { ClientLoaderFunctionArgs, LinksFunction } from 'react-router';
import { richTextLinks } from '../../components/rich-text/links.ts';
import { ContentEditorRoute } from './content-editor.tsx';
import { prefetchEditor } from './editor-prefetch.ts';

export const links: LinksFunction = () => richTextLinks();

export const clientLoader = (args: ClientLoaderFunctionArgs) => prefetchEditor('article', args);

export default function ArticleEditor() {
  return <ContentEditorRoute kind="article" />;
}
