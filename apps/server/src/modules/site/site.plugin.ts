// Mounts the web app (apps/web, React Router framework mode) on every address no other route took.
// Register it LAST: it owns Fastify's not-found handler for `/`, while scopes with their own
// not-found handler (the API) keep answering JSON.
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { type AppLoadContext, appContext } from '@tabayyun/site-context';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  createRequestHandler,
  type RequestHandler,
  RouterContextProvider,
  type ServerBuild,
} from 'react-router';
import type { ViteDevServer } from 'vite';
import { sendWebResponse, toWebRequest } from './site.adapter.ts';

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
const PUBLIC_FILE_CACHE = 'public, max-age=3600';

const VITE_SERVER_BUILD_ID = 'virtual:react-router/server-build';

export async function sitePlugin(app: FastifyInstance, opts: SitePluginOptions): Promise<void> {
  const webRoot = opts.webRoot ?? DEFAULT_WEB_ROOT;
  const apiPrefixes = opts.apiPrefixes ?? DEFAULT_API_PREFIXES;
  const clientDir = join(webRoot, 'build', 'client');
  const serverBuildFile = join(webRoot, 'build', 'server', 'index.js');
  const hasBuild = existsSync(serverBuildFile) && existsSync(clientDir);

  // React Router reads request bodies itself (route actions): leave the stream unparsed here.
  // This scope is encapsulated, so the API keeps its JSON and multipart parsers.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const getLoadContext = (): RouterContextProvider => {
    const provider = new RouterContextProvider();
    if (opts.context !== undefined) provider.set(appContext, opts.context);
    return provider;
  };

  let handleRequest: RequestHandler | undefined;
  let vite: ViteDevServer | undefined;

  if (opts.mode === 'development' || (opts.mode === 'test' && !hasBuild)) {
    vite = await startVite(app, webRoot, opts.mode);
    const devServer = vite;
    // A function, not a module: every request picks up the latest edits.
    handleRequest = createRequestHandler(
      async () => (await devServer.ssrLoadModule(VITE_SERVER_BUILD_ID)) as ServerBuild,
      'development',
    );
  } else if (hasBuild) {
    const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
    handleRequest = createRequestHandler(build, opts.mode);
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      // One route per built file instead of a `/*` route, so unknown addresses still reach the
      // not-found handlers (the site's, or the API's JSON one).
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const isHashed = filePath.startsWith(join(clientDir, 'assets') + sep);
        reply.header('cache-control', isHashed ? HASHED_ASSET_CACHE : PUBLIC_FILE_CACHE);
      },
    });
  } else {
    app.log.error(
      { serverBuildFile },
      'The web app is not built: the site answers 503 until you run `npm run build` and restart.',
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (isUnderPrefix(request.url, apiPrefixes)) return replyApiNotFound(request, reply);
    if (vite !== undefined && (await runViteMiddlewares(vite, request, reply))) return reply;
    if (handleRequest === undefined) return replyBuildMissing(reply);
    const response = await handleRequest(toWebRequest(request, reply), getLoadContext());
    return sendWebResponse(reply, response);
  });
}

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
