// The public site's chrome around every public route: header, footer and cookie banner. Not used by
// /panel or /dev, so the back office never gets it. Public pages are not hydrated (ADR 056): what
// runs in the browser is the site script (site/enhance), which root.tsx adds to them.
import type { ReactNode } from 'react';
import {
  isRouteErrorResponse,
  type LoaderFunctionArgs,
  Outlet,
  useLoaderData,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { CookieBanner } from './components/cookie-banner.tsx';
import { Footer } from './components/footer.tsx';
import { Header } from './components/header.tsx';
import { ErrorPage, NotFoundPage } from './components/status-page.tsx';
import { servicesOfOptional } from './data/optional-services.server.ts';
import { loadLayout } from './data/pages.server.ts';
import type { LayoutData } from './data/types.ts';
import { languageFromPath } from './i18n/language.ts';
import { useMessages } from './i18n/use-language.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadLayout(servicesOfOptional(context), request);
}

function Chrome({ layout, children }: { layout: LayoutData; children: ReactNode }) {
  const t = useMessages();
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        {t.skipToContent}
      </a>
      <Header layout={layout} />
      <main id="main" className="site-main">
        {children}
      </main>
      <Footer />
      <CookieBanner />
    </div>
  );
}

export default function SiteLayout() {
  const layout = useLoaderData<typeof loader>();
  return (
    <Chrome layout={layout}>
      <Outlet />
    </Chrome>
  );
}

/** Errors of any public page render inside the chrome, at the address asked for. */
export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const language = languageFromPath(location.pathname);
  const layout = useRouteLoaderData<typeof loader>(`site-layout-${language}`) ?? {
    language,
    criteria: [],
    topics: [],
  };
  let body: ReactNode;
  if (isRouteErrorResponse(error) && error.status === 404) body = <NotFoundPage />;
  else {
    if (!isRouteErrorResponse(error)) console.error(error);
    body = <ErrorPage status={isRouteErrorResponse(error) ? error.status : undefined} />;
  }
  return <Chrome layout={layout}>{body}</Chrome>;
}
