// /panel/factcheck/{draft,review,published}: the fact-check lists (content-list.tsx).
import type { ClientLoaderFunctionArgs } from 'react-router';
import { ContentListScreen, prefetchContentList } from './content-list.tsx';

export const clientLoader = (args: ClientLoaderFunctionArgs) => prefetchContentList('factcheck', args);

export default function FactcheckListScreen() {
  return <ContentListScreen kind="factcheck" />;
}
