// Desk metrics (issue 35 §5, ADR 052): GET /api/metrics.
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context.ts';
import { registerMetricsRoutes } from './metrics.routes.ts';
import { createMetricsService } from './metrics.service.ts';

export async function registerMetrics(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const metrics = createMetricsService({ db: ctx.database.db, guard: ctx.services.guard });
  await app.register(async (api) => registerMetricsRoutes(api, metrics), { prefix: ctx.config.API_BASE });
}
