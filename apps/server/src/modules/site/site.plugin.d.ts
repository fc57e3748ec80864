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
}
export declare const DEFAULT_WEB_ROOT: string;
export declare const DEFAULT_API_PREFIXES: readonly string[];
export declare function sitePlugin(app: FastifyInstance, opts: SitePluginOptions): Promise<void>;
