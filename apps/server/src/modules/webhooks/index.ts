// Partners' webhooks (issue 36 §3, ADR 053): the routes, the write listener that enqueues events
// on the instance that wrote, and the deliverer every instance runs (WEBHOOK_DELIVERY; default on
// except in tests).
import type { FastifyInstance } from 'fastify';
import { createSecretBox } from '../auth/two-factor/secret-box.ts';
import type { ModuleContext } from '../module-context.ts';
import { allowHostsFromConfig, createSafeFetch } from '../monitoring/safe-fetch.ts';
import { registerWebhookRoutes } from './webhooks.routes.ts';
import { createWebhooksService, type WebhooksService } from './webhooks.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: WebhooksService;
  }
}

export async function registerWebhooks(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const { config, database, services } = ctx;
  // The same rules as every outbound request (FETCH_ALLOW_HOSTS, time-out, no private addresses).
  const fetcher = createSafeFetch({
    allowHosts: allowHostsFromConfig(config.FETCH_ALLOW_HOSTS),
    timeoutMs: config.FETCH_TIMEOUT_MS,
    maxBytes: config.FETCH_MAX_BYTES,
    maxRedirects: 0,
    userAgent: `${config.PRODUCT_NAME}-webhooks/1.0 (+${config.PUBLIC_URL})`,
  });
  const webhooks = createWebhooksService({
    db: database.db,
    guard: services.guard,
    apiBase: config.API_BASE,
    fetcher,
    site: { publicUrl: config.PUBLIC_URL, name: config.PRODUCT_NAME },
    retryBaseMs: config.WEBHOOK_RETRY_BASE_MS,
    logDays: config.WEBHOOK_LOG_DAYS,
    box: createSecretBox(config.appSecret, 'webhook-secret'),
    tickMs: config.WEBHOOK_TICK_MS,
    log: app.log,
  });
  app.decorate('webhooks', webhooks);
  await app.register(async (api) => registerWebhookRoutes(api, webhooks), { prefix: config.API_BASE });

  const pending = new Set<Promise<unknown>>();
  const track = (p: Promise<unknown>) => {
    pending.add(p);
    void p.finally(() => pending.delete(p));
  };
  const unsubscribe = services.writes.subscribe((resource, id, records) =>
    track(webhooks.handleWrite(resource, id, records)),
  );

  if (config.WEBHOOK_DELIVERY ?? config.NODE_ENV !== 'test') {
    // A new delivery goes out at once, not at the next tick (the claim keeps it to one instance).
    webhooks.onEnqueued = () =>
      track(
        webhooks.deliverer.tick().catch((err: unknown) => app.log.error({ err }, 'webhook delivery failed')),
      );
    app.addHook('onReady', async () => webhooks.deliverer.start());
  }
  app.addHook('onClose', async () => {
    unsubscribe();
    await webhooks.deliverer.stop();
    await Promise.allSettled([...pending]);
  });
}
