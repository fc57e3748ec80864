// Liveness and readiness for load balancers: /healthz says the process runs, /readyz that it can
// reach the database and is not shutting down.
import type { FastifyInstance } from 'fastify';

export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { isDatabaseReady(): Promise<boolean>; engine: string },
) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    if (closing) return reply.status(503).send({ status: 'closing' });
    if (!(await deps.isDatabaseReady())) return reply.status(503).send({ status: 'database unavailable' });
    return { status: 'ready', database: deps.engine };
  });
}
