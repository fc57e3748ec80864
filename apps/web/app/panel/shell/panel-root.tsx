// /panel/*: the back office. Client-rendered: the server sends only the HydrateFallback (no data in
// the HTML); the browser runs the routes. Mantine's CSS is linked here only, never by the public
// site. Providers: language (ar/en), Mantine (theme, direction, colour scheme), TanStack Query, the
// form engine (adapter = the API client, toasts at the top, modals).
import mantineChartsStylesHref from '@mantine/charts/styles.css?url';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import mantineCoreStylesHref from '@mantine/core/styles.css?url';
import mantineDatesStylesHref from '@mantine/dates/styles.css?url';
import mantineDropzoneStylesHref from '@mantine/dropzone/styles.css?url';
import mantineNotificationsStylesHref from '@mantine/notifications/styles.css?url';
import mantineSpotlightStylesHref from '@mantine/spotlight/styles.css?url';
import { FormsProvider } from '@tabayyun/forms';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { LinksFunction, MetaFunction } from 'react-router';
import { Outlet } from 'react-router';
import { PanelLanguageProvider, usePanelLanguage } from '../i18n/i18n.tsx';
import { apiClient } from '../lib/api-client.ts';
import { panelQueryClient } from '../lib/query-client.ts';
import { themeColorSchemeManager } from './color-scheme.ts';
import panelStylesHref from './panel.css?url';
import { panelTheme } from './panel-theme.ts';

export const links: LinksFunction = () =>
  [
    mantineCoreStylesHref,
    mantineDatesStylesHref,
    mantineNotificationsStylesHref,
    mantineSpotlightStylesHref,
    mantineDropzoneStylesHref,
    mantineChartsStylesHref,
    panelStylesHref,
  ].map((href) => ({ rel: 'stylesheet', href }));

export const meta: MetaFunction = () => [
  { title: 'Tabayyun' },
  { name: 'robots', content: 'noindex, nofollow' },
];

export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <main className="panel-centered">
      <p>جارٍ تحميل لوحة التحرير… · Loading the back office…</p>
    </main>
  );
}

function Providers() {
  const { language, dir } = usePanelLanguage();
  const [queryClient] = useState(panelQueryClient);
  const [colorSchemeManager] = useState(themeColorSchemeManager);
  return (
    <DirectionProvider initialDirection={dir} detectDirection={false} key={dir}>
      <MantineProvider theme={panelTheme} colorSchemeManager={colorSchemeManager} defaultColorScheme="auto">
        <QueryClientProvider client={queryClient}>
          <FormsProvider locale={language} dir={dir} adapter={apiClient()}>
            <Outlet />
          </FormsProvider>
        </QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}

export default function PanelRoot() {
  return (
    <PanelLanguageProvider>
      <Providers />
    </PanelLanguageProvider>
  );
}
