// Saved views (issue 35 §4, ADR 052): /api/view.
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context.ts';
import { registerViewRoutes } from './views.routes.ts';
import { createViewsService } from './views.service.ts';

/** Lists of the back office that are not resources of the content registry. */
const OTHER_LISTS = ['audit', 'user', 'role'];

export async function registerViews(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const { config, database, services } = ctx;
  const views = createViewsService({
    db: database.db,
    resources: [...services.registry.all().map((d) => d.name), ...OTHER_LISTS],
  });
  await app.register(async (api) => registerViewRoutes(api, views), { prefix: config.API_BASE });
}
