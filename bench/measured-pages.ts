// The public pages the speed benchmarks measure (issue 13): the home page, the newest Arabic
// fact-check and a search, one list for `site`, `server` and `render`.

/** The list query (API syntax) that finds the newest Arabic fact-check's slug. */
export const NEWEST_FACTCHECK_QUERY = 'language=ar&sort_by=-publishedAt&per_page=1&select=slug';

export type MeasuredPage = 'home' | 'factcheck' | 'search';

/** Each measured page's address, given the newest fact-check's slug. */
export function measuredPages(newestSlug: unknown): Record<MeasuredPage, string> {
  return {
    home: '/',
    factcheck: `/factcheck/${encodeURIComponent(String(newestSlug))}`,
    // «سوريا»
    search: '/search?keyword=%D8%B3%D9%88%D8%B1%D9%8A%D8%A7',
  };
}
