import { type MetaFunction, useLocation } from 'react-router';
import { ErrorPage } from '../components/status-page.tsx';
import { languageFromPath } from '../i18n/language.ts';
import { messagesFor } from '../i18n/messages.ts';
import { pageTitle } from '../seo/meta.ts';

export const meta: MetaFunction = ({ location }) => {
  const language = languageFromPath(location.pathname);
  return [
    { title: pageTitle(messagesFor(language).errorTitle, language) },
    { name: 'robots', content: 'noindex' },
  ];
};

/** /error: the navigation error passed as state (spec §2), shown without its details. */
export default function ErrorRoute() {
  const location = useLocation();
  const status = (location.state as { status?: number } | null)?.status;
  return <ErrorPage status={typeof status === 'number' ? status : undefined} />;
}
