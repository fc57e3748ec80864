// /panel/factcheck/{draft,review,published}: the fact-check lists (content-list.tsx).
import { ContentListScreen } from './content-list.tsx';

export default function FactcheckListScreen() {
  return <ContentListScreen kind="factcheck" />;
}
