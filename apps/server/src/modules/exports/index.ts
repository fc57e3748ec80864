// Exports of lists and the audit log (issue 35 §4, ADR 052).
import type { FastifyInstance } from 'fastify';
import { auditResource } from '../audit/audit.resource.ts';
import { createRegistry } from '../content/registry.ts';
import type { ModuleContext } from '../module-context.ts';
import { createExportService } from './export.service.ts';
import { registerExportRoutes } from './exports.routes.ts';

export async function registerExports(
  app: FastifyInstance,
  ctx: ModuleContext,
  opts: { batchSize?: number } = {},
): Promise<void> {
  const { config, database, services } = ctx;
  const exports = createExportService({
    db: database.db,
    guard: services.guard,
    apiBase: config.API_BASE,
    registries: [services.registry, createRegistry([auditResource])],
    ...(opts.batchSize ? { batchSize: opts.batchSize } : {}),
  });
  await app.register(async (api) => registerExportRoutes(api, exports), { prefix: config.API_BASE });
}
