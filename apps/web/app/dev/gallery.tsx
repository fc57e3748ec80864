// /dev/gallery: the form engine's widget gallery, for browser tests and for people extending the
// engine. Served in development and test only (ENABLE_GALLERY=true turns it on in production).
// Client-rendered like /panel (clientLoader + HydrateFallback), so Mantine needs no SSR setup;
// Mantine's CSS is linked by this route only, never by the public site.
import mantineCoreStylesHref from '@mantine/core/styles.css?url';
import mantineDatesStylesHref from '@mantine/dates/styles.css?url';
import mantineNotificationsStylesHref from '@mantine/notifications/styles.css?url';
import { lazy, Suspense } from 'react';
import type { ClientLoaderFunctionArgs, LinksFunction, MetaFunction } from 'react-router';
import { isGalleryEnabled } from './gallery-enabled.server.ts';

// The page (the form engine with its 28 widgets, marked and sanitize-html) is a chunk of its own.
// The server only ever renders HydrateFallback here, and no longer loads all of it when it starts
// (issue 13, ADR 030); the browser fetches it while the client loader asks the server.
const loadPage = () => import('./gallery-page.tsx');
const GalleryPage = lazy(async () => ({ default: (await loadPage()).GalleryPage }));

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: mantineCoreStylesHref },
  { rel: 'stylesheet', href: mantineDatesStylesHref },
  { rel: 'stylesheet', href: mantineNotificationsStylesHref },
];

export const meta: MetaFunction = () => [
  { title: 'Widget gallery · Tabayyun' },
  { name: 'robots', content: 'noindex' },
];

export async function loader() {
  if (!isGalleryEnabled()) throw new Response('Not Found', { status: 404 });
  return null;
}

export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  // Client navigations ask the server too, so a production build without the flag never shows it.
  await Promise.all([serverLoader(), loadPage()]);
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <main className="site-page">
      <p>جارٍ تحميل المعرض… · Loading the gallery…</p>
    </main>
  );
}

export default function GalleryRoute() {
  return (
    // The client loader has loaded the page already. (HydrateFallback cannot be the fallback: React
    // Router moves it to a chunk of its own.)
    <Suspense fallback={null}>
      <GalleryPage />
    </Suspense>
  );
}
