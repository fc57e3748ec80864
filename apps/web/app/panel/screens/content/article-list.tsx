// /panel/article/{draft,review,published}: the article lists (content-list.tsx).
import { ContentListScreen } from './content-list.tsx';

export default function ArticleListScreen() {
  return <ContentListScreen kind="article" />;
}
