// GET /api/queue (the caller's queue) and GET /api/queue/attention (the dashboard's card).
import type { FastifyInstance } from 'fastify';
import { invalidQuery } from '../../errors.ts';
import { dataList, peopleList } from '../../plugins/response-schemas.ts';
import type { QueueService } from './queue.service.ts';

const errorAnswer = { $ref: 'error#' } as const;
const errors = { 400: errorAnswer, 401: errorAnswer } as const;

const queueItem = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    itemType: { type: 'string', enum: ['factcheck', 'article', 'feed'] },
    title: { type: 'string' },
    status: { type: 'string' },
    language: { type: ['string', 'null'] },
    reason: { type: 'string', enum: ['assigned', 'sent-back', 'overdue'] },
    statusReason: { type: ['string', 'null'] },
    assignee: { type: ['string', 'null'] },
    dueAt: { type: ['string', 'null'], format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
} as const;

const positiveInt = (key: string, raw: unknown): number | undefined => {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^\d{1,6}$/.test(raw)) throw invalidQuery(key, 'a whole number');
  return Number(raw);
};

export function registerQueueRoutes(app: FastifyInstance, queue: QueueService): void {
  const tags = ['desk'];
  app.get(
    '/queue',
    {
      schema: {
        tags,
        summary:
          "The caller's queue: items assigned to them, sent back to them, overdue; newest first, with a reason each",
        querystring: {
          type: 'object',
          properties: {
            page: { type: 'string' },
            per_page: { type: 'string' },
            reason: { type: 'string', enum: ['assigned', 'sent-back', 'overdue'] },
          },
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'object',
            properties: { data: { type: 'array', items: queueItem }, total: { type: 'integer' } },
          },
          ...errors,
        },
      },
      // The service answers a bad query in the catalogue's words (INVALID_QUERY naming the key).
      validatorCompiler: () => (data: unknown) => ({ value: data }),
    },
    async (request) => {
      const q = request.query as Record<string, unknown>;
      for (const key of Object.keys(q)) {
        if (!['page', 'per_page', 'reason'].includes(key)) throw invalidQuery(key, 'unknown key');
      }
      return queue.queue({
        actor: request.actor,
        page: positiveInt('page', q.page),
        perPage: positiveInt('per_page', q.per_page),
        reason: typeof q.reason === 'string' ? q.reason : undefined,
      });
    },
  );
  app.get(
    '/queue/assignees',
    {
      schema: {
        tags,
        summary: 'Who items of a resource may be assigned to (?resource=factcheck|article|feed)',
        querystring: { type: 'object', properties: { resource: { type: 'string' } } },
        response: {
          200: peopleList,
          ...errors,
        },
      },
      validatorCompiler: () => (data: unknown) => ({ value: data }),
    },
    async (request) =>
      queue.assignees({
        actor: request.actor,
        resource: String((request.query as Record<string, unknown>).resource ?? ''),
      }),
  );
  app.get(
    '/queue/attention',
    {
      schema: {
        tags,
        summary:
          'Needs attention: overdue, in review > 24 h, new feed items > 6 h, translations needing an update; counts and list queries',
        response: {
          200: dataList({
            key: { type: 'string' },
            resource: { type: 'string' },
            query: { type: 'string' },
            count: { type: 'integer' },
          }),
          ...errors,
        },
      },
    },
    async (request) => ({ data: await queue.attention({ actor: request.actor }) }),
  );
}
