// The services every module shares (registry, access guard, content events, audit log, the
// resource service and the ones built on it), made once per app by buildApp and once per command
// by the CLIs. Modules receive them through ModuleContext; this file imports no module's routes or
// register function, so the Services type they see does not lead back to app.ts.
import type { Database } from '@tabayyun/db';
import type { Rule } from '@tabayyun/permissions';
import type { Config } from './config.ts';
import { createAuditLog } from './modules/audit/audit.service.ts';
import { createContentEvents } from './modules/content/content-events.ts';
import { createRegistry } from './modules/content/registry.ts';
import { createDraftsService } from './modules/drafts/drafts.service.ts';
import { createFeedService } from './modules/feed/feed.service.ts';
import { createNotesService } from './modules/notes/notes.service.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { createPresenceService } from './modules/presence/presence.service.ts';
import { checkAssignments } from './modules/queue/assignment.ts';
import { createQueueService } from './modules/queue/queue.service.ts';
import { createReadsService } from './modules/reads/reads.service.ts';
import { createCountCache } from './modules/resources/count-cache.ts';
import { createPublicReads } from './modules/resources/public-reads.ts';
import { createResourceService } from './modules/resources/resources.service.ts';
import { createRevisionsService } from './modules/resources/revisions.service.ts';
import { createStatsService } from './modules/stats/stats.service.ts';
import { createTipsService } from './modules/tips/tips.service.ts';
import { createWriteHooks } from './modules/webhooks/write-hooks.ts';
import { createAccessGuard } from './plugins/access.ts';
import { defaultRules } from './plugins/default-rules.ts';

export interface ServicesDeps {
  config: Config;
  database: Database;
  /** The access rules; the built-in ones (plugins/default-rules.ts) by default. */
  rules?: Rule[] | undefined;
}

export type Services = Awaited<ReturnType<typeof buildServices>>;

export function buildServices(deps: ServicesDeps) {
  const { config, database } = deps;
  const registry = createRegistry();
  // The desk (issue 35): every write of an assignee names an active user.
  checkAssignments(registry);
  const guard = createAccessGuard(
    deps.rules ?? defaultRules(config.API_BASE, { storageBase: config.STORAGE_BASE }),
  );
  const events = createContentEvents(database);
  const audit = createAuditLog({ db: database.db });
  const countCache = createCountCache();
  // The desk (issue 35 §3): content writes, notes, the scheduler and monitoring tell it of events.
  const notifications = createNotificationsService({ db: database.db, config });
  // Committed writes with their records, on this instance only (partners' webhooks, issue 36).
  const writes = createWriteHooks();
  // Other instances' writes arrive by NOTIFY; this instance's own writes clear it at once.
  void events.subscribe(() => countCache.clear());
  const resources = createResourceService({
    db: database.db,
    registry,
    guard,
    apiBase: config.API_BASE,
    onChange: (resource, id, records) => {
      events.publish(resource, id, records);
      writes.emit(resource, id, records);
      notifications.onContentChange(resource, id, records);
    },
    onAudit: audit.recordContent,
    countCache,
    publicSite: { publicUrl: config.PUBLIC_URL, name: config.PRODUCT_NAME },
  });
  return {
    registry,
    guard,
    events,
    audit,
    resources,
    stats: createStatsService({ db: database.db, registry, guard, apiBase: config.API_BASE, countCache }),
    reads: createReadsService({ db: database.db, guard, apiBase: config.API_BASE }),
    feeds: createFeedService(resources),
    revisions: createRevisionsService({ db: database.db, resources }),
    presence: createPresenceService({ db: database.db, resources, ttlMs: config.PRESENCE_TTL_MS }),
    drafts: createDraftsService(config.appSecret),
    // Readers' "Is this true?" (issue 36 §1): matching, submissions into the feed, answer rounds.
    tips: createTipsService({
      db: database.db,
      publicUrl: config.PUBLIC_URL,
      apiBase: config.API_BASE,
      changed: (resource, id) => events.publish(resource, id, {}),
      created: (feedItem) => writes.feedItemsCreated([feedItem]),
    }),
    queue: createQueueService({ db: database.db, resources, guard, apiBase: config.API_BASE }),
    notifications,
    notes: createNotesService({
      db: database.db,
      resources,
      guard,
      registry,
      apiBase: config.API_BASE,
      notifications,
    }),
    countCache,
    writes,
    publicReads: createPublicReads({
      db: database.db,
      guard,
      registry,
      apiBase: config.API_BASE,
      limits: {
        maxPerPage: config.PUBLIC_PER_PAGE_MAX,
        rateMax: config.PUBLIC_READ_RATE_MAX,
        rateWindowMs: config.PUBLIC_READ_RATE_WINDOW_MS,
      },
    }),
  };
}
