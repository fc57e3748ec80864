import { ScreenPlaceholder } from '../../components/screen-placeholder.tsx';

export default function Screen() {
  return <ScreenPlaceholder title="tag-list" />;
}
