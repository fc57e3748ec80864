// GET /api/metrics?from=…&to=…[&tz=…] (issue 35 §5): the Metrics screen's figures.
import type { FastifyInstance } from 'fastify';
import type { MetricsService } from './metrics.service.ts';

const errorAnswer = { $ref: 'error#' } as const;

export function registerMetricsRoutes(app: FastifyInstance, metrics: MetricsService): void {
  app.get<{ Querystring: { from?: string; to?: string; tz?: string } }>(
    '/metrics',
    {
      schema: {
        tags: ['metrics'],
        summary: 'Desk metrics for [from, to) and the period of equal length before it',
        description:
          'from and to: ISO 8601 or milliseconds, at most 366 days apart; tz: the IANA time zone of days and months (default UTC). Durations are in seconds. Needs Read on /dashboard/metrics (staff inherit it from /dashboard).',
        querystring: {
          type: 'object',
          properties: { from: { type: 'string' }, to: { type: 'string' }, tz: { type: 'string' } },
        },
        response: { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer },
      },
    },
    async (request) =>
      metrics.compute({
        actor: request.actor,
        from: request.query.from,
        to: request.query.to,
        tz: request.query.tz,
      }),
  );
}
