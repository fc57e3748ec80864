// buildApp wires the cross-cutting plugins first, then the modules; it never listens (server.ts
// does), so tests drive it with app.inject().
import { createRequire } from 'node:module';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Database } from '@tabayyun/db';
import type { Rule } from '@tabayyun/permissions';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import { registerIdentity } from './modules/auth/index.ts';
import { registerExports } from './modules/exports/index.ts';
import { registerFeeds } from './modules/feeds/index.ts';
import { registerFiles } from './modules/files/index.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { isDatabaseReady } from './modules/health/health.service.ts';
import { registerMetrics } from './modules/metrics/index.ts';
import { registerMonitoring } from './modules/monitoring/index.ts';
import { registerNotes } from './modules/notes/index.ts';
import { registerNotifications } from './modules/notifications/index.ts';
import { registerPresenceRoutes } from './modules/presence/presence.routes.ts';
import { registerQueue } from './modules/queue/index.ts';
import { registerResourceRoutes } from './modules/resources/resources.routes.ts';
import { registerRevisionRoutes } from './modules/resources/revisions.routes.ts';
import { registerShare } from './modules/share/index.ts';
import { registerSpecialRoutes } from './modules/special.routes.ts';
import { registerTips } from './modules/tips/index.ts';
import { registerViews } from './modules/views/index.ts';
import { registerWebhooks } from './modules/webhooks/index.ts';
import { registerWorkflow } from './modules/workflow/index.ts';
import { type ActorResolver, registerActor } from './plugins/actor.ts';
import { registerErrorHandling, registerJsonNotFound } from './plugins/error-handler.ts';
import { registerJsonBody } from './plugins/json-body.ts';
import { registerJsonCompression } from './plugins/json-compression.ts';
import { lazySchemaCompilers, type SchemaCompilers } from './plugins/lazy-schema-compilers.ts';
import { redactingLogger } from './plugins/log-redaction.ts';
import { toOpenApi30 } from './plugins/openapi-document.ts';
import { databaseRateLimitStore } from './plugins/rate-limit-store.ts';
import { requestTimeoutOptions } from './plugins/request-timeout.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerStorableInput } from './plugins/storable-input.ts';
import { buildServices, type Services } from './services.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Who calls; anonymous by default. Tests inject actors here. */
  resolveActor?: ActorResolver;
  rules?: Rule[];
  logger?: FastifyServerOptions['logger'];
  /** Mount the web app (public site and back office); off for API-only tests. */
  site?: boolean;
  /**
   * How long a plugin may take to start, 0 for no limit (Fastify's default: 10 s). The render
   * benchmark runs the server under valgrind, ~70 times slower.
   */
  pluginTimeoutMs?: number;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const schemaCompilers = lazySchemaCompilers();
  const app = Fastify({
    // Every line is scrubbed of tokens, passwords, cookies and Authorization values (issue 34).
    logger: redactingLogger(deps.logger ?? { level: config.LOG_LEVEL }),
    // Off unless TRUST_PROXY names the load balancer: a client must not choose its own address.
    trustProxy: trustedProxies(config.TRUST_PROXY),
    bodyLimit: 2 * 1024 * 1024,
    return503OnClosing: true,
    ...requestTimeoutOptions(config.REQUEST_TIMEOUT_S),
    ...(deps.pluginTimeoutMs === undefined ? {} : { pluginTimeout: deps.pluginTimeoutMs }),
    // Generated ids are 24 hex characters; keep routes strict about trailing slashes.
    routerOptions: { ignoreTrailingSlash: true },
    // Each route's schemas compile on its first request, not before the server listens (ADR 030).
    schemaController: { compilersFactory: schemaCompilers.compilersFactory },
  });
  app.decorate('schemaCompilers', schemaCompilers);
  const services = buildServices(deps);
  app.decorate('services', services);
  // Every query of the server from here on is cancelled past QUERY_TIMEOUT_MS (issue 34).
  deps.database.setStatementTimeout(config.QUERY_TIMEOUT_MS);

  registerErrorHandling(app);
  registerJsonBody(app);
  registerStorableInput(app);
  registerActor(app, deps.resolveActor);
  // The public site sets its own strict CSP (issue 6); the API answers JSON only.
  registerSecurityHeaders(app);
  registerJsonCompression(app);
  // Counted in the database, so every instance shares each window (issue 14).
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(deps.database.db) });
  app.addSchema({
    $id: 'error',
    type: 'object',
    properties: {
      statusCode: { type: 'integer' },
      code: { type: 'string' },
      message: { type: 'string' },
      details: { type: 'object', additionalProperties: true },
    },
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${config.PRODUCT_NAME} API`,
        version: '1.0.0',
        description: 'See docs/errors.md for error codes.',
      },
    },
    // The routes' JSON Schema in its OpenAPI 3.0 form (issue 36 §3).
    transformObject: (document) =>
      'openapiObject' in document ? toOpenApi30(document.openapiObject) : document.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: `${config.API_BASE}/docs` });

  registerHealthRoutes(app, {
    isDatabaseReady: () => isDatabaseReady(deps.database),
    engine: deps.database.kind,
  });
  await app.register(
    async (api) => {
      registerJsonNotFound(api);
      registerResourceRoutes(
        api,
        services.resources,
        services.registry.all().map((d) => d.name),
        services.publicReads,
      );
      registerSpecialRoutes(api, { config, ...services });
      registerRevisionRoutes(
        api,
        services.revisions,
        services.registry
          .all()
          .filter((d) => d.revisions)
          .map((d) => d.name),
        services.publicReads,
      );
      registerPresenceRoutes(api, services.presence);
    },
    { prefix: config.API_BASE },
  );

  const moduleContext = { config, database: deps.database, services };
  await registerIdentity(app, moduleContext);
  await registerFiles(app, moduleContext);
  await registerMonitoring(app, moduleContext);
  await registerWorkflow(app, moduleContext);
  await registerWebhooks(app, moduleContext);
  await registerFeeds(app, moduleContext);
  await registerQueue(app, moduleContext);
  await registerNotes(app, moduleContext);
  await registerNotifications(app, moduleContext);
  // The desk's saved views, exports and metrics (issue 35 §4–5, ADR 052).
  await registerViews(app, moduleContext);
  await registerExports(app, moduleContext);
  await registerMetrics(app, moduleContext);
  await registerShare(app, moduleContext);
  await registerTips(app, moduleContext);

  app.addHook('onClose', async () => {
    await services.events.close();
  });

  if (deps.site) {
    // React picks its development or production build from process.env.NODE_ENV when first loaded
    // (the site plugin loads it): `npm start` sets none (the configuration defaults to production),
    // and React's development build renders pages several times slower (issue 13).
    // Only while React is not loaded yet: a mix of both builds fails every render.
    if (config.NODE_ENV === 'production' && !isReactLoaded()) process.env.NODE_ENV ??= 'production';
    const { sitePlugin } = await import('./modules/site/site.plugin.ts');
    await app.register(sitePlugin, {
      mode: config.NODE_ENV,
      context: services,
      apiPrefixes: [
        config.API_BASE,
        config.AUTH_BASE,
        config.PERMISSIONS_BASE,
        config.STORAGE_BASE,
        '/healthz',
        '/readyz',
      ],
      publicUrl: config.PUBLIC_URL,
      productName: config.PRODUCT_NAME,
      panelConfig: {
        api: config.API_BASE,
        auth: config.AUTH_BASE,
        permissions: config.PERMISSIONS_BASE,
        storage: config.STORAGE_BASE,
        productName: config.PRODUCT_NAME,
      },
      cache: config.SITE_CACHE ? { maxBytes: config.SITE_CACHE_MB * 1024 * 1024 } : undefined,
      // The contact form without JavaScript: the limits of POST {api}/contract (issue 34).
      posts: (await import('./modules/site/post-limits.ts')).contactPostLimits(deps.database.db, config),
      events: services.events,
      seo: { resources: services.resources, disallow: ['/panel', config.API_BASE] },
    });
  } else {
    registerJsonNotFound(app);
  }
  return app;
}

/**
 * TRUST_PROXY for Fastify. A hop count becomes a function: Fastify 5.12 trusts no one for a bare
 * number (it cannot check the peer), while TRUST_PROXY's count is the operator's word that the
 * instances are reachable only through that many proxies (docs/deploy.md).
 */
function trustedProxies(setting: Config['TRUST_PROXY']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/** Whether some module of this process already loaded React (its build is then fixed). */
function isReactLoaded(): boolean {
  return Object.keys(createRequire(import.meta.url).cache).some((path) =>
    /[\\/]node_modules[\\/]react[\\/]index\.js$/.test(path),
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    schemaCompilers: SchemaCompilers;
  }
}
