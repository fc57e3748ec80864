// The page cache's key (issue 34): the parameters a route reads, canonical and sorted; nothing else.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { criteriaFiltersOf, type PageKeyDeps, pageKeyOf, ROUTE_QUERY_PARAMETERS } from './page-key.ts';
import { DEFAULT_WEB_ROOT } from './site.plugin.ts';

const routes: Record<string, string> = {
  '/en/search': 'site-search-en',
  '/search': 'site-search-ar',
  '/en/factcheck/x': 'site-factcheck-en',
  '/tr': 'site-home-tr',
  '/tr/': 'site-home-tr',
  '/en/our-team': 'site-our-team-en',
};
let criteriaReads = 0;
const deps: PageKeyDeps = {
  routeIdOf: (path) => routes[path] ?? (path.startsWith('/panel') ? 'panel-root' : undefined),
  routeIds: new Set([...Object.values(routes), 'root', 'site-layout-en']),
  criteria: async () => {
    criteriaReads++;
    return criteriaFiltersOf([
      { _id: 'fraud', parent: 'criteria' },
      { _id: 'fabricated-content', parent: 'fraud' },
      { _id: 'confirmed', parent: 'criteria' },
      { _id: 'true', parent: 'confirmed' },
      { _id: 'stray', parent: 'elsewhere' },
    ]);
  },
};
const key = (url: string) => pageKeyOf(url, deps);

describe('pageKeyOf', () => {
  it('drops every parameter a route does not read', async () => {
    expect(await key('/en/factcheck/x?utm_source=a&fbclid=b')).toBe('/en/factcheck/x');
    expect(await key('/en/factcheck/x?')).toBe('/en/factcheck/x');
    expect(await key('/no/such/page?page=2')).toBe('/no/such/page');
  });

  it('keeps the parameters a route reads in the form its loader reads them, sorted', async () => {
    expect(await key('/en/search?page=2&keyword=a&x=1')).toBe('/en/search?keyword=a&page=2');
    expect(await key('/en/search?keyword=%20a**b%20%20c|&page=1')).toBe('/en/search?keyword=a+b+c');
    expect(await key('/en/search?keyword=a&keyword=b')).toBe('/en/search?keyword=a');
    expect(await key('/en/search?page=0&page=7')).toBe('/en/search');
    expect(await key('/en/search?page=abc')).toBe('/en/search');
    expect(await key(`/en/search?keyword=${'k'.repeat(300)}`)).toBe(`/en/search?keyword=${'k'.repeat(100)}`);
    expect(await key('/en/our-team?per_page=200')).toBe('/en/our-team');
    expect(await key('/en/our-team?per_page=9999')).toBe('/en/our-team?per_page=500');
  });

  it("keeps a home filter only when it names a rating and one of that rating's sub-ratings", async () => {
    expect(await key('/tr?fraud=fabricated-content&z=1')).toBe('/tr?fraud=fabricated-content');
    expect(await key('/tr?fraud=true')).toBe('/tr');
    expect(await key('/tr?confirmed=true&fraud=fabricated-content')).toBe(
      '/tr?confirmed=true&fraud=fabricated-content',
    );
    expect(await key('/tr?elsewhere=stray')).toBe('/tr');
    const reads = criteriaReads;
    expect(await key('/tr')).toBe('/tr');
    expect(criteriaReads).toBe(reads);
  });

  it("keeps a data request's route ids when the build has them", async () => {
    expect(await key('/en/search.data?keyword=a&_routes=site-search-en,nope,root&y=2')).toBe(
      '/en/search.data?_routes=root%2Csite-search-en&keyword=a',
    );
    expect(await key('/tr/_.data?fraud=fabricated-content&_routes=nope')).toBe(
      '/tr/_.data?fraud=fabricated-content',
    );
  });
});

describe('ROUTE_QUERY_PARAMETERS', () => {
  it("lists every parameter the site's loaders read", () => {
    const data = join(DEFAULT_WEB_ROOT, 'app', 'site', 'data');
    const read = new Set<string>();
    for (const file of readdirSync(data).filter((f) => f.endsWith('.server.ts'))) {
      const text = readFileSync(join(data, file), 'utf8');
      for (const match of text.matchAll(/searchParams\.get\('([^']+)'\)/g)) read.add(match[1]!);
      if (/pageParam\(url\)/.test(text)) read.add('page');
    }
    const listed = new Set(Object.values(ROUTE_QUERY_PARAMETERS).flatMap((rules) => Object.keys(rules)));
    // `draft` marks a preview, which is never cached; the home filters are checked by name (criteria).
    const missing = [...read].filter((name) => name !== 'draft' && !listed.has(name));
    expect(missing).toEqual([]);
    expect(read.size).toBeGreaterThan(3);
  });
});
