import { index, prefix, type RouteConfig, type RouteConfigEntry, route } from '@react-router/dev/routes';
import type { Language } from './site/i18n/language.ts';

// The same route modules serve every language; the language is read from the address
// (languageFromPath), so each language prefix gets its own route ids.
function siteRoutes(language: Language): RouteConfigEntry[] {
  return [
    index('site/routes/home.tsx', { id: `site-home-${language}` }),
    route('*', 'site/routes/not-found.tsx', { id: `site-not-found-${language}` }),
  ];
}

export default [
  ...siteRoutes('ar'),
  ...prefix('en', siteRoutes('en')),
  ...prefix('tr', siteRoutes('tr')),
  route('panel/*', 'panel/coming-soon.tsx'),
] satisfies RouteConfig;
