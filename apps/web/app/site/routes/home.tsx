import type { MetaFunction } from 'react-router';
import { languageFromPath } from '../i18n/language.ts';
import { messagesFor } from '../i18n/messages.ts';
import { useMessages } from '../i18n/use-language.ts';

// Placeholder: the public-site issue fills the home page with the latest fact-checks and articles.
export const meta: MetaFunction = ({ location }) => {
  const t = messagesFor(languageFromPath(location.pathname));
  return [{ title: t.siteName }, { name: 'description', content: t.tagline }];
};

export default function HomeRoute() {
  const t = useMessages();
  return (
    <main className="site-page">
      <h1>{t.siteName}</h1>
      <p>{t.tagline}</p>
      <p>{t.homeEmpty}</p>
    </main>
  );
}
