import { NotFoundView } from '../../shell/status-view.tsx';

export default function NotFoundRoute() {
  return <NotFoundView />;
}
