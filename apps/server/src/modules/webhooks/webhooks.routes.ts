// {api}/webhook (administrators): url, events, secret (write-only), active; {api}/webhook-delivery
// (read): the delivery log, and POST …/:id/redeliver. Issue 36 §3, docs/webhooks.md.
import type { FastifyInstance } from 'fastify';
import { WEBHOOK_EVENTS } from './webhook-events.ts';
import type { WebhooksService } from './webhooks.service.ts';

const errorAnswer = { $ref: 'error#' } as const;
const errors = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer, 404: errorAnswer } as const;
const date = { type: 'string', format: 'date-time' } as const;
const nullableDate = { type: 'string', format: 'date-time', nullable: true } as const;

/** A webhook as answered: never its secret. */
const webhookSchema = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    url: { type: 'string' },
    events: { type: 'array', items: { type: 'string', enum: [...WEBHOOK_EVENTS] } },
    active: { type: 'boolean' },
    description: { type: 'string', nullable: true },
    createdAt: date,
    updatedAt: date,
  },
} as const;

const webhookBody = {
  type: 'object',
  properties: {
    url: { type: 'string', description: 'http or https address the deliveries are POSTed to' },
    events: { type: 'array', items: { type: 'string', enum: [...WEBHOOK_EVENTS] } },
    secret: {
      type: 'string',
      minLength: 16,
      maxLength: 256,
      description: 'Signs each delivery (HMAC-SHA256); write-only: never answered',
    },
    active: { type: 'boolean' },
    description: { type: 'string', nullable: true },
  },
} as const;

const deliverySchema = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    webhook: { type: 'string' },
    event: { type: 'string' },
    status: { type: 'string', enum: ['pending', 'delivering', 'delivered', 'failed'] },
    attempts: { type: 'integer' },
    responseStatus: { type: 'integer', nullable: true },
    error: { type: 'string', nullable: true },
    nextAttemptAt: nullableDate,
    lastAttemptAt: nullableDate,
    deliveredAt: nullableDate,
    redeliveryOf: { type: 'string', nullable: true },
    createdAt: date,
  },
} as const;

const writeAnswer = { type: 'object', properties: { _id: { type: 'string' }, document: webhookSchema } };
const idParams = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } as const;
// The service validates bodies, so a bad one is one catalogue 400 (VALIDATION_FAILED).
const acceptAnyBody = () => (data: unknown) => ({ value: data });

export function registerWebhookRoutes(app: FastifyInstance, service: WebhooksService): void {
  const tags = ['webhooks'];
  app.get(
    '/webhook',
    {
      schema: {
        tags,
        summary: 'The webhooks (administrators)',
        response: {
          200: {
            type: 'object',
            properties: { data: { type: 'array', items: webhookSchema }, total: { type: 'integer' } },
          },
          ...errors,
        },
      },
    },
    async (request) => service.list(request.actor),
  );
  app.get<{ Params: { id: string } }>(
    '/webhook/:id',
    {
      schema: {
        tags,
        summary: 'One webhook (administrators)',
        params: idParams,
        response: {
          200: { type: 'object', properties: { data: { type: 'array', items: webhookSchema } } },
          ...errors,
        },
      },
    },
    async (request) => service.get(request.actor, request.params.id),
  );
  app.post(
    '/webhook',
    {
      schema: {
        tags,
        summary: 'Registers a webhook: url, events, secret (16–256 characters), active',
        body: webhookBody,
        response: { 200: writeAnswer, ...errors },
      },
      validatorCompiler: acceptAnyBody,
    },
    async (request) => service.create(request.actor, request.body),
  );
  for (const method of ['put', 'patch'] as const) {
    app[method]<{ Params: { id: string } }>(
      '/webhook/:id',
      {
        schema: {
          tags,
          summary:
            method === 'put'
              ? 'Replaces a webhook; the secret stays as it is unless given'
              : 'Changes a webhook: a JSON Patch list, or an object of the fields to change',
          params: idParams,
          body:
            method === 'put'
              ? webhookBody
              : {
                  anyOf: [
                    webhookBody,
                    { type: 'array', items: { type: 'object', additionalProperties: true } },
                  ],
                },
          response: { 200: writeAnswer, ...errors },
        },
        validatorCompiler: acceptAnyBody,
      },
      async (request) => service.update(request.actor, request.params.id, request.body, method),
    );
  }
  app.delete<{ Params: { id: string } }>(
    '/webhook/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a webhook and its delivery log',
        params: idParams,
        response: { 200: { type: 'object', properties: { _id: { type: 'string' } } }, ...errors },
      },
    },
    async (request) => service.remove(request.actor, request.params.id),
  );

  app.get<{ Querystring: { webhook?: string; status?: string; page?: string; per_page?: string } }>(
    '/webhook-delivery',
    {
      schema: {
        tags,
        summary: 'The delivery log, newest first (webhook, status, page, per_page ≤ 100)',
        querystring: {
          type: 'object',
          properties: {
            webhook: { type: 'string' },
            status: { type: 'string' },
            page: { type: 'string' },
            per_page: { type: 'string' },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: { data: { type: 'array', items: deliverySchema }, total: { type: 'integer' } },
          },
          ...errors,
        },
      },
    },
    async (request) => {
      const q = request.query;
      const int = (v: string | undefined) => (v && /^\d{1,6}$/.test(v) ? Number(v) : undefined);
      return service.deliveries(request.actor, {
        webhook: q.webhook,
        status: q.status,
        page: int(q.page),
        perPage: int(q.per_page),
      });
    },
  );
  app.get<{ Params: { id: string } }>(
    '/webhook-delivery/:id',
    {
      schema: {
        tags,
        summary: 'One delivery, with the JSON body that was signed and sent',
        params: idParams,
        response: {
          200: {
            type: 'object',
            properties: {
              data: {
                type: 'array',
                items: {
                  ...deliverySchema,
                  properties: {
                    ...deliverySchema.properties,
                    payload: { type: 'object', additionalProperties: true },
                  },
                },
              },
            },
          },
          ...errors,
        },
      },
    },
    async (request) => service.delivery(request.actor, request.params.id),
  );
  app.post<{ Params: { id: string } }>(
    '/webhook-delivery/:id/redeliver',
    {
      schema: {
        tags,
        summary: 'Sends a delivery’s body again, as a new delivery due now',
        params: idParams,
        response: {
          200: {
            type: 'object',
            properties: { _id: { type: 'string' }, data: { type: 'array', items: deliverySchema } },
          },
          ...errors,
        },
      },
    },
    async (request) => service.redeliver(request.actor, request.params.id),
  );
}
