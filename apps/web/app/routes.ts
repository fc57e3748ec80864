import {
  index,
  layout,
  prefix,
  type RouteConfig,
  type RouteConfigEntry,
  route,
} from '@react-router/dev/routes';
import type { Language } from './site/i18n/language.ts';

// The same route modules serve every language; the language is read from the address
// (languageFromPath), so each language prefix gets its own route ids. The site layout (header,
// footer, consent) wraps the public routes only.
function siteRoutes(language: Language): RouteConfigEntry[] {
  const id = (name: string) => `site-${name}-${language}`;
  const page = (path: string, file: string, name: string) =>
    route(path, `site/routes/${file}`, { id: id(name) });
  const about = (path: string) => page(path, 'about-page.tsx', path.replaceAll('/', '-'));
  return [
    layout('site/site-layout.tsx', { id: `site-layout-${language}` }, [
      index('site/routes/home.tsx', { id: id('home') }),
      page('home', 'home.tsx', 'home-alias'),
      page('category/:category', 'category.tsx', 'category'),
      about('topic/window-to-verify'),
      page('topic/:topic', 'topic.tsx', 'topic'),
      page('factcheck/:slug', 'post.tsx', 'factcheck'),
      page('article/:slug', 'post.tsx', 'article'),
      page('search', 'search.tsx', 'search'),
      page('writer-news/:id', 'writer.tsx', 'writer'),
      page('sources', 'sources.tsx', 'sources'),
      page('publisher/:id/:slug?', 'publisher.tsx', 'publisher'),
      page('contact-us', 'contact.tsx', 'contact'),
      about('about-us'),
      about('our-vision'),
      about('our-message'),
      about('tabayyun-story'),
      about('organizational-structure'),
      about('vision'),
      about('message'),
      about('partners'),
      page('methodology', 'methodology.tsx', 'methodology'),
      page('correction-and-complaints-policy', 'correction-policy.tsx', 'correction-policy'),
      page('privacy-policy', 'privacy-policy.tsx', 'privacy-policy'),
      page('editorial-and-publication-policy', 'editorial-policy.tsx', 'editorial-policy'),
      page('our-team', 'our-team.tsx', 'our-team'),
      page('error', 'error.tsx', 'error'),
      page('not-found', 'not-found.tsx', 'not-found-page'),
      route('*', 'site/routes/not-found.tsx', { id: id('not-found') }),
    ]),
  ];
}

export default [
  ...siteRoutes('ar'),
  ...prefix('en', siteRoutes('en')),
  ...prefix('tr', siteRoutes('tr')),
  route('panel/*', 'panel/coming-soon.tsx'),
  route('dev/gallery', 'dev/gallery.tsx'),
] satisfies RouteConfig;
