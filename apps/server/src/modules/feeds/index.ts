// Partners' feeds of published fact-checks (issue 36 §3, ADR 053): a ClaimReview DataFeed, and per
// language JSON Feed 1.1 and RSS, each item with its verdict. The site plugin hands over its page
// delivery when it starts (attachDelivery), so the feeds are cached and invalidated like its pages.
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context.ts';
import type { PageDelivery } from '../site/page-delivery.ts';
import { trackResources } from '../site/read-tags.ts';
import { registerFeedRoutes } from './feeds.routes.ts';
import { createFeedsService, type FeedsService } from './feeds.service.ts';

export interface FeedsModule {
  service: FeedsService;
  /** The site's page delivery: the feeds are then served through its cache. */
  attachDelivery(delivery: PageDelivery): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    feeds: FeedsModule;
  }
}

export async function registerFeeds(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const { config, services } = ctx;
  // Tracked reads: inside a cached render, each read adds its cache tags to the entry.
  const service = createFeedsService({
    resources: trackResources(services.resources),
    publicUrl: config.PUBLIC_URL,
    productName: config.PRODUCT_NAME,
  });
  let delivery: PageDelivery | undefined;
  app.decorate('feeds', {
    service,
    attachDelivery(d: PageDelivery) {
      delivery = d;
    },
  });
  registerFeedRoutes(app, { feeds: service, delivery: () => delivery });
}
