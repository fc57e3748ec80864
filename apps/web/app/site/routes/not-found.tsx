import { data, type MetaFunction } from 'react-router';
import { NotFoundPage } from '../components/status-page.tsx';
import { languageFromPath } from '../i18n/language.ts';
import { messagesFor } from '../i18n/messages.ts';
import { pageTitle } from '../seo/meta.ts';

// The catch-all (`*`) and `/not-found` of each language: renders in place (the address stays as
// typed, no redirect) and answers 404 so crawlers and caches do not keep the page.
export function loader() {
  return data(null, { status: 404 });
}

export const meta: MetaFunction = ({ location }) => {
  const language = languageFromPath(location.pathname);
  return [
    { title: pageTitle(messagesFor(language).notFoundTitle, language) },
    { name: 'robots', content: 'noindex' },
  ];
};

export default function NotFoundRoute() {
  return <NotFoundPage />;
}
