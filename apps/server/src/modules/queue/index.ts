// The desk's assignment and queue (issue 35 §1, ADR 051): `assignee` and `dueAt` on feed items,
// fact-checks and articles are ordinary fields of the resource API; this module checks them on every
// write and answers the caller's queue and the dashboard's needs-attention card.
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context.ts';
import { registerQueueRoutes } from './queue.routes.ts';

export async function registerQueue(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const { config, services } = ctx;
  await app.register(async (api) => registerQueueRoutes(api, services.queue), { prefix: config.API_BASE });
}
