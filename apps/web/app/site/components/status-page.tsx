import { Link } from 'react-router';
import { homePathOf } from '../i18n/language.ts';
import { useLanguage, useMessages } from '../i18n/use-language.ts';

/** The "Page Not Found" page, shown by the catch-all routes and for any 404 a loader throws. */
export function NotFoundPage() {
  const language = useLanguage();
  const t = useMessages();
  return (
    <main className="site-page">
      <p className="site-page-code">404</p>
      <h1>{t.notFoundTitle}</h1>
      <p>{t.notFoundBody}</p>
      <p>
        <Link to={homePathOf(language)}>{t.backHome}</Link>
      </p>
    </main>
  );
}

/** Any other failure. `details` (a stack or a message) is only passed in development. */
export function ErrorPage({ status, details }: { status?: number; details?: string }) {
  const language = useLanguage();
  const t = useMessages();
  return (
    <main className="site-page">
      {status === undefined ? null : <p className="site-page-code">{status}</p>}
      <h1>{t.errorTitle}</h1>
      <p>{t.errorBody}</p>
      {details === undefined ? null : (
        <pre dir="ltr">
          <code>{details}</code>
        </pre>
      )}
      <p>
        {/* A full document load: after an error the client router may be in a bad state. */}
        <a href={homePathOf(language)}>{t.backHome}</a>
      </p>
    </main>
  );
}
