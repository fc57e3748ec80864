// Media-source monitoring (issue 15): safe outbound fetching, feed runs and their scheduler,
// "already checked?" matching and the evidence archive. Registered after the files module, whose
// upload service (feed images) and StorageDriver (evidence) it uses.
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context.ts';
import { createEvidenceService, type EvidenceService } from './evidence.service.ts';
import { createFeedLinkService } from './feed-link.service.ts';
import { createIngestService, type IngestService } from './ingest.service.ts';
import { registerMonitoringRoutes } from './monitoring.routes.ts';
import { allowHostsFromConfig, createSafeFetch, type SafeFetch } from './safe-fetch.ts';
import { createScheduler, type Scheduler } from './scheduler.ts';

export interface MonitoringModule {
  fetcher: SafeFetch;
  ingest: IngestService;
  scheduler: Scheduler;
  evidence: EvidenceService;
}

declare module 'fastify' {
  interface FastifyInstance {
    monitoring: MonitoringModule;
  }
}

export async function registerMonitoring(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const { config, database, services } = ctx;
  const db = database.db;
  const fetcher = createSafeFetch({
    allowHosts: allowHostsFromConfig(config.FETCH_ALLOW_HOSTS),
    timeoutMs: config.FETCH_TIMEOUT_MS,
    maxBytes: config.FETCH_MAX_BYTES,
    maxRedirects: config.FETCH_MAX_REDIRECTS,
    userAgent: config.FETCH_USER_AGENT ?? `${config.PRODUCT_NAME}-monitor/1.0 (+${config.PUBLIC_URL})`,
  });
  // Feed items are written by monitoring directly (ADR 019): invalidate like any other write.
  const onFeedChange = (ids: string[]) => {
    services.countCache.clear();
    for (const id of ids) services.events.publish('feed', id);
  };
  const ingest = createIngestService({
    db,
    fetcher,
    files: app.files.service,
    // New feed items: also partners' "feed.created" webhooks (issue 36 §3).
    onFeedChange: (ids) => {
      onFeedChange(ids);
      services.writes.feedItemsCreated(ids);
    },
    // New feed items matching published fact-checks: their owners are notified (issue 35 §3).
    onFeedMatches: (items) => services.notifications.feedItemsMatched(items),
    log: app.log,
  });
  const scheduler = createScheduler({ db, ingest, tickMs: config.MONITOR_TICK_MS, log: app.log });
  const evidence = createEvidenceService({
    db,
    fetcher,
    driver: app.files.driver,
    maxBytes: config.EVIDENCE_MAX_BYTES,
    log: app.log,
  });
  app.decorate('monitoring', { fetcher, ingest, scheduler, evidence });

  await app.register(
    async (api) =>
      registerMonitoringRoutes(api, {
        apiBase: config.API_BASE,
        feedLinks: createFeedLinkService({ db, onFeedChange }),
        guard: services.guard,
        resources: services.resources,
        ingest,
        evidence,
        driver: app.files.driver,
      }),
    { prefix: config.API_BASE },
  );

  const isTest = config.NODE_ENV === 'test';
  let unsubscribe: (() => void) | undefined;
  if (config.EVIDENCE_SNAPSHOTS ?? !isTest) {
    // Every instance hears every save (NOTIFY); the unique address claim lets one fetch each URL.
    unsubscribe = await services.events.subscribe((change) => {
      if (change.resource !== 'factcheck') return;
      evidence.snapshotFactcheck(change.id).catch((err: unknown) => {
        app.log.warn({ err, factcheck: change.id }, 'evidence snapshots not started');
      });
    });
  }
  if (config.MONITOR_SCHEDULER ?? !isTest) app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => {
    unsubscribe?.();
    await scheduler.stop();
    await evidence.close();
  });
}
