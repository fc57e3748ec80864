// /api/presence: heartbeats of the editors who have a record open (issue 12).
import type { FastifyInstance } from 'fastify';
import type { PresenceService } from './presence.service.ts';

const recordBody = {
  type: 'object',
  properties: { resource: { type: 'string' }, id: { type: 'string' } },
  required: ['resource', 'id'],
} as const;
const presenceAnswer = {
  type: 'object',
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          user: { type: 'string' },
          name: { type: ['string', 'null'] },
          since: { type: 'string', format: 'date-time' },
          lastSeen: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
} as const;
const errorAnswer = { $ref: 'error#' } as const;
const errors = { 400: errorAnswer, 401: errorAnswer, 404: errorAnswer } as const;
// The service validates bodies (with the shared zod schema), so bad input is one catalogue 400.
const acceptAnyBody = () => (data: unknown) => ({ value: data });

export function registerPresenceRoutes(app: FastifyInstance, presence: PresenceService): void {
  const tags = ['presence'];
  app.post(
    '/presence',
    {
      schema: {
        tags,
        summary: 'Heartbeat: I have this record open (needs Read on it); answers the other editors',
        body: recordBody,
        response: { 200: presenceAnswer, ...errors },
      },
      validatorCompiler: acceptAnyBody,
    },
    async (request) => ({ data: await presence.beat({ actor: request.actor, input: request.body }) }),
  );
  app.get<{ Querystring: { resource?: string; id?: string } }>(
    '/presence',
    {
      schema: {
        tags,
        summary: 'The other signed-in users whose heartbeat on this record is fresh',
        querystring: recordBody,
        response: { 200: presenceAnswer, ...errors },
      },
      validatorCompiler: acceptAnyBody,
    },
    async (request) => ({
      data: await presence.list({
        actor: request.actor,
        input: { resource: request.query.resource, id: request.query.id },
      }),
    }),
  );
  app.delete(
    '/presence',
    {
      schema: {
        tags,
        summary: 'I closed the editor of this record',
        body: recordBody,
        response: { 200: { type: 'object', properties: { data: { type: 'boolean' } } }, ...errors },
      },
      validatorCompiler: acceptAnyBody,
    },
    async (request) => {
      await presence.leave({ actor: request.actor, input: request.body });
      return { data: true };
    },
  );
}
