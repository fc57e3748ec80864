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
      page('check-a-claim', 'check-a-claim.tsx', 'check-a-claim'),
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
      page('corrections', 'corrections.tsx', 'corrections'),
      page('privacy-policy', 'privacy-policy.tsx', 'privacy-policy'),
      page('editorial-and-publication-policy', 'editorial-policy.tsx', 'editorial-policy'),
      page('our-team', 'our-team.tsx', 'our-team'),
      page('error', 'error.tsx', 'error'),
      page('not-found', 'not-found.tsx', 'not-found-page'),
      route('*', 'site/routes/not-found.tsx', { id: id('not-found') }),
    ]),
  ];
}

// The back office: one client-rendered tree under /panel (panel-root.tsx); the signed-in screens sit
// in the shell layout (app-layout.tsx), which sends a visitor without a session to the login page.
function panelRoutes(): RouteConfigEntry[] {
  const screen = (path: string, file: string) => route(path, `panel/screens/${file}`);
  return [
    route('panel', 'panel/shell/panel-root.tsx', [
      index('panel/screens/session/panel-index.tsx'),
      screen('login', 'session/login.tsx'),
      screen('forgot-password', 'session/forgot-password.tsx'),
      screen('reset-password', 'session/new-password.tsx'),
      screen('change-password', 'session/change-password.tsx'),
      screen('two-factor-setup', 'session/two-factor-setup.tsx'),
      layout('panel/shell/app-layout.tsx', [
        screen('dashboard', 'dashboard/dashboard.tsx'),
        // The desk (issue 35 §1, §3).
        screen('queue', 'queue/my-queue.tsx'),
        screen('notifications', 'notifications/notifications-screen.tsx'),
        screen('metrics', 'metrics/metrics.tsx'),
        screen('factcheck/edit/:id', 'editors/factcheck-editor.tsx'),
        screen('factcheck/:status', 'content/factcheck-list.tsx'),
        screen('article/edit/:id', 'editors/article-editor.tsx'),
        screen('article/:status', 'content/article-list.tsx'),
        screen('feeds/list/:status', 'feeds/feed-list.tsx'),
        screen('feeds/edit/:id', 'feeds/feed-edit.tsx'),
        screen('categories/list', 'taxonomies/criteria-list.tsx'),
        screen('topics/list', 'taxonomies/topic-list.tsx'),
        screen('tags/list', 'taxonomies/tag-list.tsx'),
        screen('countries/list', 'taxonomies/country-list.tsx'),
        screen('author', 'authors/author-list.tsx'),
        screen('media-sources', 'media-sources/media-source-list.tsx'),
        screen('scrape-reports', 'media-sources/scrape-report-list.tsx'),
        screen('media-source-runs', 'media-sources/run-list.tsx'),
        screen('media/list', 'files/file-browser.tsx'),
        screen('users', 'users/user-list.tsx'),
        screen('roles', 'roles/role-list.tsx'),
        screen('contact', 'contact/contact-list.tsx'),
        screen('audit', 'audit/audit-list.tsx'),
        screen('settings/workflow', 'workflow-settings/workflow-settings.tsx'),
        screen('settings/webhooks', 'webhooks/webhooks-screen.tsx'),
        screen('profile', 'profile/profile.tsx'),
        screen('error', 'status/error.tsx'),
        screen('not-found', 'status/not-found.tsx'),
        route('*', 'panel/screens/status/not-found.tsx', { id: 'panel-not-found-any' }),
      ]),
    ]),
  ];
}

export default [
  ...siteRoutes('ar'),
  ...prefix('en', siteRoutes('en')),
  ...prefix('tr', siteRoutes('tr')),
  ...panelRoutes(),
  route('dev/gallery', 'dev/gallery.tsx'),
] satisfies RouteConfig;
