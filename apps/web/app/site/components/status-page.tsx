import { homePathOf } from '../i18n/language.ts';
import { useLanguage, useMessages } from '../i18n/use-language.ts';
import { SiteLink } from './site-link.tsx';

/** "Page Not Found" (or the message passed), for the catch-all routes and any 404 a loader throws. */
export function NotFoundPage({ message }: { message?: string }) {
  const language = useLanguage();
  const t = useMessages();
  return (
    <section className="site-page status-page" data-testid="not-found">
      <p className="site-page-code">404</p>
      <h1>{message ?? t.notFoundTitle}</h1>
      <p>{t.notFoundBody}</p>
      <p>
        <SiteLink to={homePathOf(language)} className="button">
          {t.backHome}
        </SiteLink>
      </p>
    </section>
  );
}

/** Any other failure. `details` (a stack or a message) is only passed in development. */
export function ErrorPage({ status, details }: { status?: number; details?: string }) {
  const language = useLanguage();
  const t = useMessages();
  return (
    <section className="site-page status-page">
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
        <a href={homePathOf(language)} className="button">
          {t.backHome}
        </a>
      </p>
    </section>
  );
}
