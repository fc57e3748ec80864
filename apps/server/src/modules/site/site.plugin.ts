// Mounts the web app (apps/web, React Router framework mode) on every address no other route took.
// Register it LAST: it owns Fastify's not-found handler for `/`, while scopes with their own
// not-found handler (the API) keep answering JSON. Public pages go through the page cache (ADR 008)
// with their security headers; sitemaps, robots.txt and RSS are routes of this scope.
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import { ANONYMOUS_ACTOR } from '@tabayyun/permissions';
import { parseQuery } from '@tabayyun/query';
import { type AppLoadContext, appContext } from '@tabayyun/site-context';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  createRequestHandler,
  matchRoutes,
  type RequestHandler,
  type RouteObject,
  RouterContextProvider,
  type ServerBuild,
} from 'react-router';
import type { ViteDevServer } from 'vite';
import type { ResourceService } from '../resources/resources.service.ts';
import { createAssetCompressor } from './asset-compression.ts';
import { contentSecurityPolicy, SITE_SECURITY_HEADERS, scriptTextHashes } from './content-security.ts';
import { deferHydration, HYDRATION_LOADER } from './deferred-hydration.ts';
import { createPageCache, type PageCache, type RenderedPage } from './page-cache.ts';
import { createPageDelivery, isCacheableRequest, isPreviewRequest } from './page-delivery.ts';
import { type CriteriaFilters, criteriaFiltersOf, type PageKeyDeps, pageKeyOf } from './page-key.ts';
import { bodyOf, PRIVATE_NO_STORE, sendRenderedPage } from './page-response.ts';
import {
  type PostRefusal,
  postRefusalOf,
  refusalHeaders,
  refusalJson,
  registerPostLimits,
  type SitePostLimits,
} from './post-limits.ts';
import { type TrackableResources, trackResources, trackStats } from './read-tags.ts';
import {
  type CountingStats,
  createReferenceCache,
  type ReferenceCache,
  type ReferenceResources,
} from './reference-cache.ts';
import { createRenderLimiter, RenderQueueFullError } from './render-limiter.ts';
import { buildForPath, withRoutePatternMatching } from './route-pattern-matching.ts';
import { registerSeoRoutes } from './seo.routes.ts';
import { createSeoService } from './seo.service.ts';
import { sendWebResponse, toWebRequest } from './site.adapter.ts';
import { replyBusy, replyRefusedPost, wantsHtml } from './status-answers.ts';

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
  /** Base paths and product name the back office reads from its document (`<meta name="tabayyun-panel">`). */
  panelConfig?: Record<string, string>;
  /** The page cache; absent or undefined renders every request. */
  cache?: { maxBytes: number } | undefined;
  /**
   * Content writes of every instance (NOTIFY), with the cache tags each touched (ADR 016): the
   * cached pages that read one of them are refreshed, or dropped when `hard`.
   */
  events?: {
    subscribe(
      listener: (change: { resource: string; id: string; tags: string[]; hard: boolean }) => void,
    ): Promise<() => void>;
  };
  /** Sitemaps, robots.txt and RSS, read as the anonymous reader; without it they are not served. */
  seo?: { resources: Pick<ResourceService, 'list' | 'get'>; disallow: readonly string[] };
  /**
   * The rate limit of every post the site reads (the contact form without JavaScript), shared with
   * `POST {api}/contract` (post-limits.ts `contactPostLimits`). Without it posts are only bounded in
   * size (SITE_BODY_LIMIT).
   */
  posts?: SitePostLimits | undefined;
  /** Renders at once and renders that may wait (defaults MAX_CONCURRENT_RENDERS, MAX_WAITING_RENDERS). */
  renderQueue?: { concurrent?: number; waiting?: number };
}

/** What a running site exposes to tests and benchmarks (see `siteStateOf`). */
export interface SiteState {
  cache: PageCache | undefined;
  /** React Router renders of documents and data requests since start. */
  renders: number;
  /** Resolves once the client files are compressed in memory. */
  assetsReady: Promise<void>;
  /** Categories, authors and media sources kept in memory (absent without change events). */
  reference?: ReferenceCache | undefined;
  /**
   * `tags` (ADR 016): a write refreshes the pages that read what it touched. `flush`: ADR 008's
   * whole-cache clear on every reader-visible write, kept for the newsroom benchmark's comparison.
   */
  invalidation: 'tags' | 'flush';
}

const siteStates = new WeakMap<object, SiteState>();

/** The site mounted on this app (any scope of it): its cache and render counter. */
export function siteStateOf(app: FastifyInstance): SiteState | undefined {
  return siteStates.get(app.server);
}

/** Public page renders running at once (see createRenderLimiter). */
const MAX_CONCURRENT_RENDERS = 4;
/**
 * Renders that may wait for one of those (issue 34): at ~4–6 ms of main thread each, the last one
 * starts within ~200 ms. Past it a request for a page not in the cache is answered 503 at once.
 */
export const MAX_WAITING_RENDERS = 32;
/** Background refreshes of stale pages running at once (besides the renders readers wait for). */
const MAX_BACKGROUND_RENDERS = 1;

/** The fixed user agent of shared renders: a crawler's, so React renders everything before answering. */
const CACHE_RENDER_USER_AGENT = 'TabayyunPageCache/1.0 (prerender; bot)';

export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../../../web/', import.meta.url));

export const DEFAULT_API_PREFIXES: readonly string[] = [
  '/api',
  '/auth',
  '/permissions',
  '/storage',
  '/healthz',
  '/readyz',
];

const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
// Unhashed public/ files (favicon, badges, social images) keep their names: a day, then revalidated in
// the background for a week. Pages link the hashed copies in assets/ instead (site-assets.ts).
const PUBLIC_FILE_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

const VITE_SERVER_BUILD_ID = 'virtual:react-router/server-build';

export async function sitePlugin(app: FastifyInstance, opts: SitePluginOptions): Promise<void> {
  const webRoot = opts.webRoot ?? DEFAULT_WEB_ROOT;
  const apiPrefixes = opts.apiPrefixes ?? DEFAULT_API_PREFIXES;
  // WEB_BUILD_DIR lets parallel test runs each build and serve their own copy (default `build`).
  const buildDir = join(webRoot, process.env.WEB_BUILD_DIR || 'build');
  const clientDir = join(buildDir, 'client');
  const serverBuildFile = join(buildDir, 'server', 'index.js');
  const hasBuild = existsSync(serverBuildFile) && existsSync(clientDir);

  // React Router reads request bodies itself (route actions): the body is read whole, bounded, and
  // handed over as it came. This scope is encapsulated, so the API keeps its JSON and multipart
  // parsers. Posts are rate limited like `POST {api}/contract` (issue 34).
  app.removeAllContentTypeParsers();
  registerPostLimits(app, opts.posts, (url) => isUnderPrefix(url, apiPrefixes));

  // Categories, authors and media sources kept in memory while no write touches them (needs the
  // change events of every instance to know when).
  const reference = opts.events ? createReferenceCache() : undefined;
  if (opts.events && reference) {
    const unsubscribe = await opts.events.subscribe((change) => reference.invalidate(change.tags));
    app.addHook('onClose', async () => unsubscribe());
  }
  // Loaders read through services that record their cache tags in the running shared render.
  const loadContext = opts.context === undefined ? undefined : trackedContext(opts.context, reference);
  // A refused post reaches its route action with the refusal instead of its body (contact.tsx).
  const getLoadContext = (refusal?: PostRefusal): RouterContextProvider => {
    const provider = new RouterContextProvider();
    if (refusal !== undefined) {
      provider.set(appContext, { ...loadContext, siteRefusal: refusal } as AppLoadContext);
    } else if (loadContext !== undefined) provider.set(appContext, loadContext);
    return provider;
  };
  // The rating filters of the home page (page-key.ts), from the reference data kept in memory.
  const categories = referenceResourcesOf(opts.context, reference);
  let criteriaOf: { data: unknown; filters: CriteriaFilters } | undefined;
  const criteria = async (): Promise<CriteriaFilters> => {
    if (!categories) return new Map();
    const { data } = await categories.list({
      actor: ANONYMOUS_ACTOR,
      resource: 'category',
      query: parseQuery(new URLSearchParams({ path: '/criteria/*', sort_by: 'path', per_page: '200' })),
    });
    if (criteriaOf?.data !== data) criteriaOf = { data, filters: criteriaFiltersOf(data) };
    return criteriaOf.filters;
  };
  let keyDeps: PageKeyDeps | undefined;

  let handleRequest: RequestHandler | undefined;
  let vite: ViteDevServer | undefined;
  let isRouted: ((path: string) => boolean) | undefined;
  /** The CSP of public pages: the same for every page of this build (content-security.ts). */
  let pagePolicy = contentSecurityPolicy({ scriptHashes: scriptTextHashes([HYDRATION_LOADER]) });
  let routeIdOf: ((path: string) => string | undefined) | undefined;
  const state: SiteState = {
    cache: undefined,
    renders: 0,
    assetsReady: Promise.resolve(),
    invalidation: 'tags',
    reference,
  };
  siteStates.set(app.server, state);

  const usesVite = opts.mode === 'development' || (opts.mode === 'test' && !hasBuild);
  const cache =
    opts.cache && !usesVite
      ? createPageCache({
          maxBytes: opts.cache.maxBytes,
          // Tests look at the upgraded forms at once.
          ...(opts.mode === 'test' ? { upgradeDelayMs: 0 } : {}),
          onError: (err, key) => app.log.error({ err, key }, 'a background page render failed'),
        })
      : undefined;
  state.cache = cache;
  const delivery = createPageDelivery({ cache });
  if (cache && opts.events) {
    // Only the pages that read what a write touched (ADR 016).
    const unsubscribe = await opts.events.subscribe((change) => {
      if (state.invalidation === 'flush') {
        if (change.tags.length > 0) cache.clear();
      } else cache.invalidate(change.tags, { hard: change.hard });
    });
    app.addHook('onClose', async () => {
      unsubscribe();
      cache.close();
      await cache.settled();
    });
  }

  if (usesVite) {
    vite = await startVite(app, webRoot, opts.mode);
    const devServer = vite;
    // A function, not a module: every request picks up the latest edits.
    handleRequest = createRequestHandler(
      async () => (await devServer.ssrLoadModule(VITE_SERVER_BUILD_ID)) as ServerBuild,
      'development',
    );
  } else if (hasBuild) {
    const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
    const inlineScripts = (build.entry.module as { INLINE_SCRIPTS?: readonly string[] }).INLINE_SCRIPTS;
    if (!inlineScripts)
      app.log.error('The web build exports no INLINE_SCRIPTS: its inline scripts are blocked');
    pagePolicy = contentSecurityPolicy({
      scriptHashes: scriptTextHashes([...(inlineScripts ?? []), HYDRATION_LOADER]),
    });
    const buildFor = buildForPath(build);
    const handlers = new Map<ServerBuild, RequestHandler>();
    handleRequest = (request, context) => {
      const part = buildFor(new URL(request.url).pathname);
      let handler = handlers.get(part);
      if (handler === undefined) {
        handler = createRequestHandler(withRoutePatternMatching(part), opts.mode);
        handlers.set(part, handler);
      }
      return handler(request, context);
    };
    routeIdOf = createRouteMatcher(build);
    const leafOf = routeIdOf;
    isRouted = (path) => {
      const leaf = leafOf(path);
      return leaf !== undefined && !(build.routes[leaf]?.path ?? '').endsWith('*');
    };
    keyDeps = { routeIdOf: leafOf, routeIds: new Set(Object.keys(build.routes)), criteria };
    const cacheControlOf = (filePath: string) =>
      filePath.startsWith(join(clientDir, 'assets') + sep) ? HASHED_ASSET_CACHE : PUBLIC_FILE_CACHE;
    const compressor = createAssetCompressor({
      clientDir,
      cacheControlOf,
      // Tests wait for the compressed files; a started product lets its first pages go first.
      ...(opts.mode === 'test' ? { delayMs: 0 } : {}),
    });
    state.assetsReady = compressor.ready;
    app.addHook('onRequest', (request, reply, done) => {
      if (!compressor.trySend(request, reply)) done();
    });
    registerSeo();
    const staticOptions: Pick<FastifyStaticOptions, 'index' | 'cacheControl' | 'setHeaders'> = {
      index: false,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cacheControlOf(filePath));
      },
    };
    // Hashed assets (186 of the 195 built files): one `/assets/*` route. A name that is not there
    // goes on to the site's not-found handler, as an address without a route does. One route per
    // file cost ~40 ms of a restart (issue 13, ADR 030).
    await app.register(fastifyStatic, {
      ...staticOptions,
      root: join(clientDir, 'assets'),
      prefix: '/assets/',
      wildcard: true,
    });
    // The other public files: one route per file instead of a `/*` route, so unknown addresses
    // still reach the not-found handlers (the site's, or the API's JSON one).
    await app.register(fastifyStatic, {
      ...staticOptions,
      root: clientDir,
      prefix: '/',
      wildcard: false,
      globIgnore: ['assets/**'],
      decorateReply: false,
    });
  } else {
    app.log.error(
      { serverBuildFile },
      'The web app is not built: the site answers 503 until you run `npm run build` and restart.',
    );
  }

  function registerSeo(): void {
    if (!opts.seo) return;
    const seo = createSeoService({
      resources: trackResources(reference ? reference.wrap(opts.seo.resources) : opts.seo.resources),
      publicUrl: publicUrlOf(opts),
      productName: opts.productName ?? 'Tabayyun',
      disallow: opts.seo.disallow,
      isRouted: (path) => isRouted?.(path) ?? true,
    });
    registerSeoRoutes(app, { seo, delivery, isTaken: (path) => existsSync(join(clientDir, path)) });
    // Partners' feeds (modules/feeds, issue 36) are answered through the same cache.
    app.feeds?.attachDelivery(delivery);
  }
  if (vite !== undefined) registerSeo();

  // Page renders at once: more only interleave (each holding its data and React tree), which costs
  // garbage collection and makes every one of them late; the rest wait their turn.
  const renders = createRenderLimiter(
    opts.renderQueue?.concurrent ?? MAX_CONCURRENT_RENDERS,
    opts.renderQueue?.waiting ?? MAX_WAITING_RENDERS,
  );
  // Refreshes of stale entries (readers get the stale page meanwhile) one at a time: a publish
  // makes ~10 pages stale at once, and their renders side by side stalled the event loop in long
  // runs of synchronous React work, which every reader of a cached page waited behind (ADR 022).
  const refreshes = createRenderLimiter(MAX_BACKGROUND_RENDERS);
  const render = async (webRequest: Request, refusal?: PostRefusal): Promise<Response> => {
    state.renders++;
    return handleRequest!(webRequest, getLoadContext(refusal));
  };

  app.setNotFoundHandler(async (request, reply) => {
    if (isUnderPrefix(request.url, apiPrefixes)) return replyApiNotFound(request, reply);
    if (vite !== undefined && (await runViteMiddlewares(vite, request, reply))) return reply;
    if (handleRequest === undefined) return replyBuildMissing(reply);
    const refusal = postRefusalOf(request);
    if (refusal !== undefined) {
      refusalHeaders(reply, refusal);
      const leaf = routeIdOf?.(request.url.split('?', 1)[0]!);
      if (!wantsHtml(request) || leaf === undefined || !FORM_ROUTE.test(leaf)) {
        return replyRefusedPost(request, reply, refusal, refusalJson(refusal));
      }
      // The form again, with the reason in the page's language, from its route action.
      const page = await toRenderedPage(
        await render(
          new Request(`${publicUrlOf(opts)}${request.url}`, {
            method: 'POST',
            headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
            body: '',
          }),
          refusal,
        ),
        { deferHydration: true, policy: pagePolicy },
      );
      return sendRenderedPage(request, reply, {
        ...page,
        status: refusal.status,
        headers: { ...page.headers, 'cache-control': PRIVATE_NO_STORE },
      });
    }
    if (isPanelAddress(request.url)) {
      // The back office: client-rendered for signed-in users, never cached anywhere.
      reply.header('cache-control', PRIVATE_NO_STORE);
      const page = await toPanelPage(await render(toWebRequest(request, reply)), opts.panelConfig);
      // Compressed on the fly (44 KB of HTML, mostly the route manifest and module links).
      return sendRenderedPage(request, reply, page);
    }
    if (vite !== undefined) {
      // Development: Vite injects its own scripts; no page cache and no CSP.
      return sendWebResponse(reply, await render(toWebRequest(request, reply)));
    }
    const isPreview = isPreviewRequest(request.url);
    if (isPreview) reply.header('x-robots-tag', 'noindex, nofollow');
    const shared = isCacheableRequest(request);
    // The cache's key keeps only the parameters the route reads (page-key.ts), and the shared render
    // sees that same address, so a junk parameter neither renders again nor shapes the page.
    const key = shared && cache && keyDeps ? await pageKeyOf(request.url, keyDeps) : request.url;
    try {
      return await delivery.deliver(request, reply, {
        key,
        shared,
        // A shared render sees the address only (no cookies, no client headers), so one reader's
        // request cannot shape what every reader gets; its origin is the public URL.
        render: (context) =>
          (context?.background ? refreshes : renders).run(async () =>
            toRenderedPage(
              await render(shared ? sharedWebRequest(key, opts) : toWebRequest(request, reply)),
              { deferHydration: true, policy: pagePolicy },
            ),
          ),
      });
    } catch (error) {
      if (error instanceof RenderQueueFullError) return replyBusy(request, reply, error.retryAfterS);
      throw error;
    }
  });
}

/** The route whose action is a form readers post without JavaScript (contact.tsx). */
const FORM_ROUTE = /^site-contact-(?:ar|en|tr)$/;

/** The resources the rating filters are read from: the reference cache's copy when there is one. */
function referenceResourcesOf(
  context: AppLoadContext | undefined,
  reference: ReferenceCache | undefined,
): ReferenceResources | undefined {
  const resources = (context as { resources?: ReferenceResources } | undefined)?.resources;
  if (!resources || typeof resources.list !== 'function') return undefined;
  return reference ? reference.wrap(resources) : resources;
}

/**
 * The services loaders get: their reads of public content recorded (read-tags.ts), and the
 * reference data answered from memory (reference-cache.ts).
 */
function trackedContext(context: AppLoadContext, reference: ReferenceCache | undefined): AppLoadContext {
  const services = context as Record<string, unknown>;
  const tracked: Record<string, unknown> = { ...services };
  const resources = services.resources as (TrackableResources & ReferenceResources) | undefined;
  if (resources && typeof resources.list === 'function') {
    tracked.resources = trackResources(reference ? reference.wrap(resources) : resources);
  }
  const stats = services.stats as { countByCategory?: unknown } | undefined;
  if (stats && typeof stats.countByCategory === 'function') {
    const counting = stats as Parameters<typeof trackStats>[0] & CountingStats;
    tracked.stats = trackStats(reference ? reference.wrapStats(counting) : counting);
  }
  return tracked as AppLoadContext;
}

function publicUrlOf(opts: SitePluginOptions): string {
  return (opts.publicUrl ?? 'http://localhost').replace(/\/+$/, '');
}

function sharedWebRequest(url: string, opts: SitePluginOptions): Request {
  return new Request(`${publicUrlOf(opts)}${url}`, {
    method: 'GET',
    headers: { accept: 'text/html', 'user-agent': CACHE_RENDER_USER_AGENT },
  });
}

const RESPONSE_HEADERS_DROPPED = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'transfer-encoding',
]);

/** Reads a React Router answer whole; HTML documents get their CSP and the security headers. */
async function toRenderedPage(
  response: Response,
  opts: { deferHydration: boolean; policy?: string } = { deferHydration: true },
): Promise<RenderedPage> {
  let body = await bodyOf(response);
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) {
    if (RESPONSE_HEADERS_DROPPED.has(name)) continue;
    headers[name] = name === 'content-type' && value === 'text/html' ? 'text/html; charset=utf-8' : value;
  }
  if (headers['content-type']?.startsWith('text/html')) {
    // Both work on the document's bytes: no character is decoded (ADR 028).
    if (opts.deferHydration) body = deferHydration(body);
    Object.assign(headers, SITE_SECURITY_HEADERS);
    headers['content-security-policy'] = opts.policy ?? contentSecurityPolicy(body);
  }
  const cookies = response.headers.getSetCookie();
  return { status: response.status, headers, body, ...(cookies.length > 0 ? { cookies } : {}) };
}

const PANEL_CONFIG_META = 'tabayyun-panel';

/**
 * A back-office document: its configuration in a meta tag (base paths may be moved by the server's
 * settings), the security headers and a CSP with the hashes of its inline scripts. Never framed.
 */
async function toPanelPage(
  response: Response,
  config: Record<string, string> | undefined,
): Promise<RenderedPage> {
  const page = await toRenderedPage(response, { deferHydration: false });
  if (!page.headers['content-type']?.startsWith('text/html') || !config) return page;
  const content = JSON.stringify(config)
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;');
  const html = page.body
    .toString('utf8')
    .replace('<head>', `<head><meta name="${PANEL_CONFIG_META}" content="${content}">`);
  return {
    ...page,
    body: Buffer.from(html),
    headers: {
      ...page.headers,
      'content-security-policy': contentSecurityPolicy(html).replace(
        "frame-ancestors 'self'",
        "frame-ancestors 'none'",
      ),
      'x-frame-options': 'DENY',
    },
  };
}

function isPanelAddress(url: string): boolean {
  const pathname = url.split('?', 1)[0]!.toLowerCase();
  return pathname === '/panel' || pathname.startsWith('/panel/') || pathname.startsWith('/panel.');
}

/**
 * The id of the route the web app renders for an address (its leaf), or undefined: the page key's
 * parameters, and the sitemap's static pages (those not caught by a not-found route `*`).
 */
function createRouteMatcher(build: ServerBuild): (path: string) => string | undefined {
  const byParent = new Map<string | undefined, RouteObject[]>();
  const toObject = (id: string): RouteObject => {
    const route = build.routes[id]!;
    const children = byParent.get(id);
    return route.index
      ? { id, index: true, path: route.path }
      : { id, path: route.path, caseSensitive: route.caseSensitive, children: children ?? [] };
  };
  const ids = Object.keys(build.routes);
  // Children first: build the tree from the leaves up.
  const depth = (id: string): number => {
    const parent = build.routes[id]?.parentId;
    return parent ? depth(parent) + 1 : 0;
  };
  for (const id of ids.sort((a, b) => depth(b) - depth(a))) {
    const parentId = build.routes[id]!.parentId;
    byParent.set(parentId, [...(byParent.get(parentId) ?? []), toObject(id)]);
  }
  const tree = byParent.get(undefined) ?? [];
  // React Router's matchRoutes flattens and ranks the whole tree (every site and panel route) and
  // compiles a regular expression per route on every call: ~300 KB allocated for each address,
  // which every public request with a query string paid before its cache lookup (page-key.ts;
  // ~85 % of what cached hits allocated, and ~0.3 ms of main thread per hit). Answers are
  // remembered per path, the oldest forgotten past ROUTE_MEMO_SIZE, so a flood of random paths
  // costs what it did and no more memory.
  const memo = new Map<string, string | undefined>();
  return (path) => {
    if (memo.has(path)) return memo.get(path);
    const id = matchRoutes(tree, path)?.at(-1)?.route.id;
    if (memo.size >= ROUTE_MEMO_SIZE) memo.delete(memo.keys().next().value!);
    memo.set(path, id);
    return id;
  };
}

/** Paths whose route createRouteMatcher remembers (a few hundred bytes each). */
const ROUTE_MEMO_SIZE = 2048;

async function startVite(app: FastifyInstance, webRoot: string, mode: SiteMode): Promise<ViteDevServer> {
  // Vite is a devDependency of apps/web: load it only when needed, so production needs none of it.
  const { createServer } = await import('vite');
  const isTest = mode === 'test';
  const vite = await createServer({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    appType: 'custom',
    logLevel: isTest ? 'warn' : 'info',
    server: {
      middlewareMode: true,
      // HMR's websocket shares the server's own port; tests need neither it nor file watching.
      hmr: isTest ? false : { server: app.server },
      ws: isTest ? false : undefined,
      watch: isTest ? null : undefined,
    },
  });
  app.addHook('onClose', async () => {
    await vite.close();
  });
  return vite;
}

/** Runs Vite's connect middlewares on the raw request; true when Vite answered it (a module, an asset). */
function runViteMiddlewares(
  vite: ViteDevServer,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const res = reply.raw;
  return new Promise<boolean>((resolve, reject) => {
    const onDone = () => resolve(true);
    res.once('finish', onDone);
    res.once('close', onDone);
    vite.middlewares(request.raw, res, (error?: unknown) => {
      res.off('finish', onDone);
      res.off('close', onDone);
      if (error) reject(error);
      else resolve(false);
    });
  }).then((isHandled) => {
    // Vite wrote the answer straight to the socket: tell Fastify not to send one.
    if (isHandled) reply.hijack();
    return isHandled;
  });
}

function isUnderPrefix(url: string, prefixes: readonly string[]): boolean {
  const pathname = url.split('?', 1)[0]!.toLowerCase();
  return prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** Same body as Fastify's default 404, for API addresses whose scope set no not-found handler. */
function replyApiNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  // The catalogue's shape (docs/errors.md), like the API scopes' own 404s.
  return reply.code(404).send({
    statusCode: 404,
    code: 'NOT_FOUND',
    message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
  });
}

function replyBuildMissing(reply: FastifyReply): FastifyReply {
  return reply
    .code(503)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      '<!doctype html><html lang="en"><meta charset="utf-8"><title>Site not built</title>' +
        '<h1>The web app is not built</h1>' +
        '<p>Run <code>npm run build</code> at the repository root, then restart the server.</p></html>',
    );
}
