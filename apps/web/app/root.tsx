import type { ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  type LinksFunction,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
} from 'react-router';
import { ErrorPage, NotFoundPage } from './site/components/status-page.tsx';
import { directionOf } from './site/i18n/language.ts';
import { useLanguage } from './site/i18n/use-language.ts';
import siteStylesHref from './site/site.css?url';

export const links: LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'stylesheet', href: siteStylesHref },
];

/** The document, shared by the app and the error boundary: language and direction come from the URL. */
export function Layout({ children }: { children: ReactNode }) {
  const language = useLanguage();
  return (
    <html lang={language} dir={directionOf(language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    return error.status === 404 ? <NotFoundPage /> : <ErrorPage status={error.status} />;
  }
  const details = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return <ErrorPage details={details} />;
}
