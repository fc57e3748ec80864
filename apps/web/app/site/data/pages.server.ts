// The shared chrome's data and the pages that are not lists of posts: static pages (with the
// methodology's rating table), our team, sources, contact.

import { type StaticPage, type StaticPageSlug, staticPage } from '../content/static-pages.server.ts';
import { categoryDescription, categoryName } from '../i18n/category-text.ts';
import { languageFromPath } from '../i18n/language.ts';
import { messagesFor } from '../i18n/messages.ts';
import { localePath } from '../i18n/paths.ts';
import { type ContactInput, contactProblems } from './contact-rules.ts';
import {
  authorHref,
  categoryLink,
  cleanKeyword,
  colorOf,
  criteriaTree,
  imageView,
  loadCriteriaCategories,
  pageParam,
  queryOf,
  type Services,
  str,
} from './content.server.ts';
import { type Doc, READER } from './context.server.ts';
import { buildSeo } from './seo.server.ts';
import type { CategoryLink, ImageView, LayoutData, SeoView } from './types.ts';

/** Menus: the ratings tree and the topics. Failing here must not take the page down. */
export async function loadLayout(services: Services | undefined, request: Request): Promise<LayoutData> {
  const language = languageFromPath(new URL(request.url).pathname);
  if (!services) return { language, criteria: [], topics: [] };
  try {
    const [categories, topics] = await Promise.all([
      loadCriteriaCategories(services),
      services.resources.list({
        actor: READER,
        resource: 'category',
        query: queryOf({ parent: 'topic', sort_by: 'path', per_page: 50 }),
      }),
    ]);
    return {
      language,
      criteria: criteriaTree(categories, language),
      topics: topics.data.map((c) => ({
        ...categoryLink(language, c),
        href: localePath(language, `/topic/${encodeURIComponent(c._id)}`),
      })),
    };
  } catch (error) {
    console.error('The site menus could not load', error);
    return { language, criteria: [], topics: [] };
  }
}

export interface RatingRow {
  id: string;
  name: string;
  description: string;
  color: string;
  href: string;
  children: { id: string; name: string; description: string; color: string }[];
}

export interface StaticPageData {
  slug: StaticPageSlug;
  page: StaticPage;
  ratings: RatingRow[];
  seo: SeoView;
}

export async function loadStaticPage(
  services: Services | undefined,
  request: Request,
  slug: StaticPageSlug,
): Promise<StaticPageData> {
  const language = languageFromPath(new URL(request.url).pathname);
  const page = staticPage(slug, language);
  let ratings: RatingRow[] = [];
  if (slug === 'methodology' && services) {
    const categories = await loadCriteriaCategories(services);
    const all = [...categories.values()];
    ratings = all
      .filter((c) => c.parent === 'criteria')
      .map((top) => ({
        id: top._id,
        name: categoryName(top, language),
        description: categoryDescription(top, language),
        color: colorOf(top),
        href: categoryLink(language, top).href,
        children: all
          .filter((c) => c.parent === top._id)
          .map((c) => ({
            id: c._id,
            name: categoryName(c, language),
            description: categoryDescription(c, language),
            color: colorOf(c),
          })),
      }));
  }
  return {
    slug,
    page,
    ratings,
    seo: buildSeo({ request, language, title: page.title, description: page.lead }),
  };
}

export interface TeamMember {
  id: string;
  name: string;
  position: string;
  bio: string;
  href: string;
  image: ImageView | null;
}

export interface TeamPageData {
  active: TeamMember[];
  former: TeamMember[];
  seo: SeoView;
}

/** our-team: authors (per_page default 200, page default 1); hidden ones never show. */
export async function loadTeamPage(services: Services, request: Request): Promise<TeamPageData> {
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const perPage = Math.min(500, Math.max(1, Number(url.searchParams.get('per_page')) || 200));
  const { data } = await services.resources.list({
    actor: READER,
    resource: 'author',
    query: queryOf({ hidden: 'false', sort_by: 'createdAt', per_page: perPage, page: pageParam(url) }),
  });
  const member = (a: Doc): TeamMember => ({
    id: a._id,
    name: str(a.name),
    position: str(a.position),
    bio: str(a.bio),
    href: authorHref(language, a),
    image: imageView(a.image, str(a.name)),
  });
  const t = messagesFor(language);
  return {
    active: data.filter((a) => a.active !== false).map(member),
    former: data.filter((a) => a.active === false).map(member),
    seo: buildSeo({ request, language, title: t.ourTeam, description: t.impartiality }),
  };
}

export interface SourceCard {
  id: string;
  name: string;
  href: string;
  score: number | null;
  image: ImageView | null;
  rating: CategoryLink | null;
}

export interface SourcesPageData {
  name: string;
  sources: SourceCard[];
  seo: SeoView;
}

/** sources?name=: the media sources grid, searchable by name. */
export async function loadSourcesPage(services: Services, request: Request): Promise<SourcesPageData> {
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const name = cleanKeyword(url.searchParams.get('name') ?? '');
  const [{ data }, categories] = await Promise.all([
    services.resources.list({
      actor: READER,
      resource: 'media-source',
      query: queryOf({ ...(name ? { name: `*${name}*` } : {}), sort_by: 'name', per_page: 200 }),
    }),
    loadCriteriaCategories(services),
  ]);
  const t = messagesFor(language);
  return {
    name,
    sources: data.map((s) => {
      const rating = typeof s.category === 'string' ? categories.get(s.category) : undefined;
      return {
        id: s._id,
        name: str(s.name),
        href: localePath(language, `/publisher/${s._id}/${encodeURIComponent(str(s.slug) || s._id)}`),
        score: typeof s.score === 'number' ? s.score : null,
        image: imageView(s.images, str(s.name)),
        rating: rating ? categoryLink(language, rating) : null,
      };
    }),
    seo: buildSeo({ request, language, title: t.sourcesTitle, description: t.sourcesIntro }),
  };
}

/** Stores a contact message exactly as `POST /api/contract` does (the form works without JavaScript). */
export async function sendContactMessage(
  services: Services,
  input: ContactInput,
): Promise<{ ok: true } | { ok: false; problems: (keyof ContactInput)[] }> {
  const problems = contactProblems(input);
  if (problems.length > 0) return { ok: false, problems };
  await services.resources.create({
    actor: { sub: 'system', roles: ['super-admin'], anonymous: false },
    resource: 'contact',
    input: { name: input.name.trim(), email: input.email.trim(), subject: input.subject.trim() },
  });
  return { ok: true };
}
