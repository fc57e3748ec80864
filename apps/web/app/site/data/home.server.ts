// The home page (spec §2): per top-level rating 5 published fact-checks in the page's language,
// newest first, optionally filtered by an evaluation (`?<rating id>=<evaluation id>`); editorial
// picks, slides, most-read and per-rating counts. A failure is logged and the page renders empty.

import { categoryName } from '../i18n/category-text.ts';
import { languageFromPath } from '../i18n/language.ts';
import { messagesFor } from '../i18n/messages.ts';
import { localePath } from '../i18n/paths.ts';
import {
  categoryHref,
  colorOf,
  criteriaTree,
  listPostCards,
  loadCriteriaCategories,
  type Services,
} from './content.server.ts';
import { READER } from './context.server.ts';
import { buildSeo } from './seo.server.ts';
import type { CategoryLink, CriteriaNode, PostCardView, SeoView } from './types.ts';

export const HOME_SECTION_SIZE = 5;
export const HOME_PICKS = 5;
export const HOME_SLIDES = 5;
export const HOME_MOST_READ = 3;

export interface HomeSection {
  category: CriteriaNode;
  /** The evaluation filter of this section, from `?<category id>=<evaluation id>`. */
  filter: string | null;
  filterLinks: (CategoryLink & { isActive: boolean })[];
  allHref: string;
  items: PostCardView[];
}

export interface HomeData {
  sections: HomeSection[];
  picks: PostCardView[];
  slides: PostCardView[];
  mostRead: PostCardView[];
  counts: (CategoryLink & { count: number })[];
  seo: SeoView;
}

/** `?fraud=fabricated-content` keeps the other sections' filters when one changes. */
function withParam(url: URL, key: string, value: string | null): string {
  const search = new URLSearchParams(url.search);
  if (value === null) search.delete(key);
  else search.set(key, value);
  const query = search.toString();
  return `${url.pathname}${query ? `?${query}` : ''}`;
}

export async function loadHome(services: Services | undefined, request: Request): Promise<HomeData> {
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const t = messagesFor(language);
  const seo = buildSeo({ request, language, description: t.tagline });
  const empty: HomeData = { sections: [], picks: [], slides: [], mostRead: [], counts: [], seo };
  if (!services) return empty;
  try {
    const categories = await loadCriteriaCategories(services);
    const tree = criteriaTree(categories, language);
    // The four rating sections and the three tagged lists: one statement (ADR 028).
    const filters = tree.map((node) => {
      const requested = url.searchParams.get(node.id);
      return requested && node.children.some((c) => c.id === requested) ? requested : null;
    });
    const common = { language, page: 1, categories };
    const tagged = (tag: string, perPage: number, sortBy?: string) => ({
      ...common,
      filters: { tags: tag },
      perPage,
      ...(sortBy ? { sortBy } : {}),
    });
    const [lists, counts] = await Promise.all([
      listPostCards(services, 'factcheck', [
        ...tree.map((node, i) => ({
          ...common,
          filters: filters[i]
            ? { category: node.id, 'evaluation.category': filters[i] }
            : { category: node.id },
          perPage: HOME_SECTION_SIZE,
        })),
        tagged('featured', HOME_PICKS),
        tagged('slide', HOME_SLIDES),
        tagged('most-read', HOME_MOST_READ, '-reads'),
      ]),
      services.stats.countByCategory({ actor: READER, language }),
    ]);
    const sections = tree.map(
      (node, i): HomeSection => ({
        category: node,
        filter: filters[i]!,
        filterLinks: node.children.map((child) => ({
          ...child,
          href: withParam(url, node.id, child.id),
          isActive: child.id === filters[i],
        })),
        allHref: withParam(url, node.id, null),
        items: lists[i]!,
      }),
    );
    const [picks, slides, mostRead] = lists.slice(tree.length) as [
      PostCardView[],
      PostCardView[],
      PostCardView[],
    ];
    return {
      sections,
      picks,
      slides,
      mostRead,
      counts: counts.map((c) => ({
        id: c._id,
        name: categoryName(c, language),
        href: categoryHref(language, c._id),
        color: colorOf({ color: c.color }),
        count: c.count,
      })),
      seo,
    };
  } catch (error) {
    console.error('The home page could not load its content', error);
    return empty;
  }
}

export function homeHref(language: Parameters<typeof localePath>[0]): string {
  return localePath(language, '/');
}
