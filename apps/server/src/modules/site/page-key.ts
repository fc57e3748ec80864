// The page cache's key of a public address (issue 34, ADR 044): its path and only the query
// parameters its route's loader reads, each in the form the loader reads it, sorted. Every other
// parameter is dropped, so `/factcheck/x?<random>` is the entry of `/factcheck/x` (no render, no
// eviction of real pages), and the shared render sees the same normalised address, so what it
// stores cannot depend on a parameter that is not part of the key.
//
// Which parameters a route reads comes from its loader (apps/web/app/site/data/*.server.ts);
// `page-key.test.ts` reads those files and fails when a loader starts reading one not listed here.

/** A loader's reading of one parameter: its canonical value, or undefined when it reads the default. */
type Normalise = (value: string) => string | undefined;

/** `pageParam` of content.server.ts: a whole number 1–99,999, 1 by default. */
const pageNumber: Normalise = (value) => {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 && page < 100_000 ? String(page) : undefined;
};

/** `cleanKeyword` of content.server.ts: no `|` or `*`, spaces collapsed, at most 100 characters. */
const keyword: Normalise = (value) =>
  value.replace(/[|*]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 100) || undefined;

/** our-team's `per_page`: 1–500, 200 by default. */
const perPage: Normalise = (value) => {
  const n = Math.min(500, Math.max(1, Number(value) || 200));
  return n === 200 ? undefined : String(n);
};

/**
 * The parameters each site route reads, by the route's name in apps/web/app/routes.ts (its id is
 * `site-<name>-<language>`). The home page's rating filters (`?fraud=fabricated-content`) are named
 * after the rating categories, so they are checked against those (`criteria`), not listed here.
 * Fact-check and article pages read `draft` only, and a preview is never cached.
 */
export const ROUTE_QUERY_PARAMETERS: Readonly<Record<string, Readonly<Record<string, Normalise>>>> = {
  category: { page: pageNumber },
  topic: { page: pageNumber },
  writer: { page: pageNumber },
  publisher: { page: pageNumber },
  search: { keyword, page: pageNumber },
  sources: { name: keyword },
  'our-team': { page: pageNumber, per_page: perPage },
  corrections: { page: pageNumber },
};

/** Routes whose loader reads the rating filters (loadHome). */
const HOME_ROUTES: ReadonlySet<string> = new Set(['home', 'home-alias']);

/** Rating category id → the ids of its sub-ratings a home filter may name. */
export type CriteriaFilters = ReadonlyMap<string, ReadonlySet<string>>;

export interface PageKeyDeps {
  /** The id of the route the web app renders for a path (its leaf), or undefined. */
  routeIdOf(path: string): string | undefined;
  /** Every route id of the build: a data request's `_routes` names only these. */
  routeIds: ReadonlySet<string>;
  /** The rating filters of the home page (read from memory: the reference cache). */
  criteria(): Promise<CriteriaFilters>;
}

const SITE_ROUTE_ID = /^site-(.+)-(?:ar|en|tr)$/;

/** The page address of a React Router data request (`/x.data`, `/x/_.data`), else undefined. */
function dataRequestPath(pathname: string): string | undefined {
  if (pathname.endsWith('/_.data')) return pathname.slice(0, -'_.data'.length);
  if (pathname.endsWith('.data')) return pathname.slice(0, -'.data'.length);
  return undefined;
}

/**
 * The cache key of a public address, which is also the address its shared render sees: the path as
 * requested and the route's parameters in canonical form, sorted by name (the first value of each,
 * as `URLSearchParams.get` reads it). A data request keeps `_routes`, limited to the build's route
 * ids and sorted. Asks for the rating filters only for a home page with a query.
 */
export async function pageKeyOf(url: string, deps: PageKeyDeps): Promise<string> {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const pathname = url.slice(0, mark);
  const params = new URLSearchParams(url.slice(mark + 1));
  const pagePath = dataRequestPath(pathname);
  const routeId = deps.routeIdOf(pagePath ?? pathname);
  const name = routeId === undefined ? undefined : SITE_ROUTE_ID.exec(routeId)?.[1];
  const kept: [string, string][] = [];
  if (name !== undefined) {
    const rules = ROUTE_QUERY_PARAMETERS[name] ?? {};
    for (const [param, normalise] of Object.entries(rules)) {
      const raw = params.get(param);
      const value = raw === null ? undefined : normalise(raw);
      if (value !== undefined) kept.push([param, value]);
    }
    if (HOME_ROUTES.has(name) && params.size > 0) {
      const criteria = await deps.criteria();
      for (const [rating, children] of criteria) {
        const value = params.get(rating);
        if (value !== null && children.has(value)) kept.push([rating, value]);
      }
    }
  }
  if (pagePath !== undefined) {
    const routes = (params.get('_routes') ?? '')
      .split(',')
      .filter((id) => deps.routeIds.has(id))
      .sort();
    if (routes.length > 0) kept.push(['_routes', [...new Set(routes)].join(',')]);
  }
  if (kept.length === 0) return pathname;
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${pathname}?${new URLSearchParams(kept).toString()}`;
}

/** The rating filters from the rating categories (`parent` is `criteria` for a rating). */
export function criteriaFiltersOf(categories: readonly { _id: string; parent?: unknown }[]): CriteriaFilters {
  const filters = new Map<string, Set<string>>();
  for (const category of categories) {
    if (category.parent === 'criteria') filters.set(category._id, filters.get(category._id) ?? new Set());
  }
  for (const category of categories) {
    const parent = typeof category.parent === 'string' ? filters.get(category.parent) : undefined;
    parent?.add(category._id);
  }
  return filters;
}
