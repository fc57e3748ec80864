// /panel/article/{draft,review,published}: the article lists (content-list.tsx).
import type { ClientLoaderFunctionArgs } from 'react-router';
import { ContentListScreen, prefetchContentList } from './content-list.tsx';

export const clientLoader = (args: ClientLoaderFunctionArgs) => prefetchContentList('article', args);

export default function ArticleListScreen() {
  return <ContentListScreen kind="article" />;
}
