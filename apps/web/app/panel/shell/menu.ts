// The side menu (spec §2, platform §3 "Side menu item"): groups of links, each gated by the read
// permission of spec §6 (Read:/api/user and Read:/api/role as CONTRACT.md spells them). The command
// palette jumps to the same screens.
import type { COMMON_TEXTS } from '../i18n/common.ts';

type TextKey = keyof (typeof COMMON_TEXTS)['en'];

export interface MenuItem {
  /** A text key of COMMON_TEXTS. */
  text: TextKey;
  link: string;
  /** `Read` on this path (`/dashboard`, or a resource under the API base). */
  permission: { action: string; resource?: string; path?: string };
}

export interface MenuGroup {
  name: string;
  text: TextKey;
  items: MenuItem[];
}

const read = (resource: string) => ({ action: 'Read', resource });

export const MENU: (MenuItem | MenuGroup)[] = [
  // The desk (issue 35 §1): what needs me now, first; every staff role reads the feed.
  { text: 'myQueue', link: '/panel/queue', permission: read('feed') },
  { text: 'dashboard', link: '/panel/dashboard', permission: { action: 'Read', path: '/dashboard' } },
  // Desk metrics (issue 35 §5): staff inherit /dashboard/metrics from /dashboard.
  { text: 'metrics', link: '/panel/metrics', permission: { action: 'Read', path: '/dashboard/metrics' } },
  {
    name: 'factcheck',
    text: 'factcheck',
    items: [
      { text: 'draft', link: '/panel/factcheck/draft', permission: read('factcheck') },
      { text: 'review', link: '/panel/factcheck/review', permission: read('factcheck') },
      { text: 'published', link: '/panel/factcheck/published', permission: read('factcheck') },
    ],
  },
  {
    name: 'article',
    text: 'article',
    items: [
      { text: 'draft', link: '/panel/article/draft', permission: read('article') },
      { text: 'review', link: '/panel/article/review', permission: read('article') },
      { text: 'published', link: '/panel/article/published', permission: read('article') },
    ],
  },
  {
    name: 'feeds',
    text: 'feeds',
    items: [
      { text: 'feedNew', link: '/panel/feeds/list/new', permission: read('feed') },
      { text: 'feedReview', link: '/panel/feeds/list/review', permission: read('feed') },
      { text: 'feedArchive', link: '/panel/feeds/list/archive', permission: read('feed') },
    ],
  },
  {
    name: 'media-sources',
    text: 'mediaSourcesGroup',
    items: [
      { text: 'mediaSources', link: '/panel/media-sources', permission: read('media-source') },
      { text: 'scrapeReports', link: '/panel/scrape-reports', permission: read('scraping-report') },
      { text: 'mediaSourceRuns', link: '/panel/media-source-runs', permission: read('media-source-run') },
    ],
  },
  {
    name: 'taxonomies',
    text: 'taxonomies',
    items: [
      { text: 'criteria', link: '/panel/categories/list', permission: read('category') },
      { text: 'topics', link: '/panel/topics/list', permission: read('category') },
      { text: 'tags', link: '/panel/tags/list', permission: read('category') },
      { text: 'countries', link: '/panel/countries/list', permission: read('category') },
    ],
  },
  { text: 'authors', link: '/panel/author', permission: read('author') },
  { text: 'files', link: '/panel/media/list', permission: read('storage') },
  {
    name: 'settings',
    text: 'settings',
    items: [
      { text: 'users', link: '/panel/users', permission: read('user') },
      { text: 'roles', link: '/panel/roles', permission: read('role') },
      { text: 'contact', link: '/panel/contact', permission: read('contact') },
      { text: 'audit', link: '/panel/audit', permission: read('audit') },
      // Administrators (who may change the rules); the staff read them in the editor's checklist.
      {
        text: 'workflow',
        link: '/panel/settings/workflow',
        permission: { action: 'Update', resource: 'settings/workflow' },
      },
      // Partners' webhooks (issue 36 §3): administrators.
      { text: 'webhooks', link: '/panel/settings/webhooks', permission: read('webhook') },
    ],
  },
];

export const isMenuGroup = (entry: MenuItem | MenuGroup): entry is MenuGroup => 'items' in entry;

/** Every link of the menu, flat (the command palette, page titles). */
export const MENU_ITEMS: MenuItem[] = MENU.flatMap((entry) => (isMenuGroup(entry) ? entry.items : [entry]));
