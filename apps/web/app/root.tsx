import { type ReactNode, useEffect } from 'react';
import {
  isRouteErrorResponse,
  Links,
  type LinksFunction,
  Meta,
  Outlet,
  Scripts,
  useLocation,
  useRouteError,
} from 'react-router';
import { BOOT_SCRIPT } from './inline-scripts.ts';
import { SiteScrollRestoration } from './scroll-restoration.tsx';
import { ErrorPage, NotFoundPage } from './site/components/status-page.tsx';
import { directionOf } from './site/i18n/language.ts';
import { useLanguage } from './site/i18n/use-language.ts';
import { FONT_FILES, logoHref, preloadedFontsOf, siteScriptHref } from './site/site-assets.ts';
import { SITE_STYLES_ID, siteCss } from './site/site-styles.ts';

export const links: LinksFunction = () => [{ rel: 'icon', href: logoHref, type: 'image/svg+xml' }];

/**
 * The back office draws long forms in both scripts and weights at once: waiting to discover the
 * other three font files until text is laid out made the browser shape and lay out the fact-check
 * editor twice (issue 12), so its pages ask for all four at the start (~125 KB, cached for a year).
 */
const PANEL_FONTS = Object.values(FONT_FILES);

/**
 * Whether a page is an app React runs in the browser: the back office, and the development pages.
 * Public pages are not: they are documents that read, navigate and search without JavaScript, with
 * one small deferred script for what needs it (ADR 056).
 */
export function isAppPath(pathname: string): boolean {
  return /^\/(panel|dev)(\/|$)/.test(pathname);
}

/** The document, shared by the app and the error boundary: language and direction come from the URL. */
export function Layout({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const { pathname } = useLocation();
  const isPanel = pathname.startsWith('/panel');
  const isApp = isAppPath(pathname);
  return (
    // The theme script sets data-theme before hydration; React must not undo it.
    <html lang={language} dir={directionOf(language)} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" content="#0d1b2a" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: constants, apply the stored theme and consent before paint. */}
        <script dangerouslySetInnerHTML={{ __html: BOOT_SCRIPT }} />
        {(isPanel ? PANEL_FONTS : preloadedFontsOf(language)).map((href) => (
          <link key={href} rel="preload" as="font" type="font/woff2" href={href} crossOrigin="anonymous" />
        ))}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own stylesheet, inlined (no render-blocking request). */}
        <style id={SITE_STYLES_ID} dangerouslySetInnerHTML={{ __html: siteCss }} />
        <Meta />
        <Links />
        {/* Public pages: no hydration, no React in the browser, no loader data in the page. */}
        {isApp ? null : <script src={siteScriptHref} defer />}
      </head>
      <body>
        {children}
        {isApp ? (
          <>
            <SiteScrollRestoration />
            <Scripts />
          </>
        ) : null}
      </body>
    </html>
  );
}

/** Set on <html> once React has hydrated (the back office; browser tests wait for it). */
const HYDRATED_ATTRIBUTE = 'data-hydrated';

export default function App() {
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
  }, []);
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
