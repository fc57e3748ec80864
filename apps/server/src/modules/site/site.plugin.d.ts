import { type AppLoadContext } from '@tabayyun/site-context';
import type { FastifyInstance } from 'fastify';
export type SiteMode = 'development' | 'production' | 'test';
export interface SitePluginOptions {
  /**
   * production: serve `apps/web/build` (503 with a hint when it is missing).
   * development: Vite in middleware mode, with HMR on the same HTTP server.
   * test: the production build when it exists (fast), else Vite without HMR or file watching.
   */
  mode: SiteMode;
  /** Given to every loader and action: `context.get(appContext)` (from `@tabayyun/site-context`). */
  context?: AppLoadContext;
  /** The web app folder; defaults to this repository's apps/web. */
  webRoot?: string;
  /**
   * Address prefixes that never render the site: an unknown address under them answers a JSON 404
   * even if its own scope has no not-found handler. Defaults to the server's API mounts.
   */
  apiPrefixes?: readonly string[];
  /** Absolute origin for sitemaps and feeds, and the origin cached pages are rendered with. */
  publicUrl?: string;
  productName?: string;
  /** The page cache (ADR 008, ADR 016); absent or undefined renders every request. */
  cache?: { maxBytes: number } | undefined;
  /** Content writes of every instance (NOTIFY) with the cache tags each touched (ADR 016). */
  events?: {
    subscribe(
      listener: (change: { resource: string; id: string; tags: string[]; hard: boolean }) => void,
    ): Promise<() => void>;
  };
  /** Sitemaps, robots.txt and RSS, read as the anonymous reader; without it they are not served. */
  seo?: {
    resources: { list(args: never): Promise<unknown>; get(args: never): Promise<unknown> };
    disallow: readonly string[];
  };
}
/** What a running site exposes to tests and benchmarks (see `siteStateOf`). */
export interface SiteState {
  cache:
    | {
        clear(): void;
        invalidate(tags: readonly string[], opts?: { hard?: boolean }): number;
        settled(): Promise<void>;
        stats(): {
          entries: number;
          bytes: number;
          hits: number;
          stale: number;
          misses: number;
          renders: number;
          refreshes: number;
          clears: number;
          invalidations: number;
          invalidated: number;
        };
      }
    | undefined;
  /** React Router renders of documents and data requests since start. */
  renders: number;
  /** Resolves once the client files are compressed in memory. */
  assetsReady: Promise<void>;
  /** `tags` (ADR 016), or `flush`: ADR 008's whole-cache clear (benchmark comparison only). */
  invalidation: 'tags' | 'flush';
}
/** The site mounted on this app (any scope of it): its cache and render counter. */
export declare function siteStateOf(app: FastifyInstance): SiteState | undefined;
export declare const DEFAULT_WEB_ROOT: string;
export declare const DEFAULT_API_PREFIXES: readonly string[];
export declare function sitePlugin(app: FastifyInstance, opts: SitePluginOptions): Promise<void>;
