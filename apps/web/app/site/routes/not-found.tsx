import { data, type MetaFunction } from 'react-router';
import { NotFoundPage } from '../components/status-page.tsx';
import { languageFromPath } from '../i18n/language.ts';
import { messagesFor } from '../i18n/messages.ts';

// The catch-all (`*`) of each language: renders in place (the address stays as typed, no redirect)
// and answers 404 so crawlers and caches do not keep the page.
export function loader() {
  return data(null, { status: 404 });
}

export const meta: MetaFunction = ({ location }) => {
  const t = messagesFor(languageFromPath(location.pathname));
  return [{ title: `${t.notFoundTitle} | ${t.siteName}` }, { name: 'robots', content: 'noindex' }];
};

export default function NotFoundRoute() {
  return <NotFoundPage />;
}
