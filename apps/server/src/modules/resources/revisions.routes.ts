// GET /api/<resource>/:id/revisions, GET …/revisions/:n, POST …/revisions/:n/restore for the
// resources that keep revisions (fact-checks and articles).
import type { Actor } from '@tabayyun/permissions';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import type { PublicReads } from './public-reads.ts';
import { ifMatchHeaders, ifMatchOf, sendVersion } from './resources.routes.ts';
import { type RevisionsService, revisionNumberOf } from './revisions.service.ts';

const errorAnswer = { $ref: 'error#' } as const;
const errors = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer, 404: errorAnswer } as const;
const summary = {
  type: 'object',
  properties: {
    number: { type: 'integer' },
    _version: { type: 'string' },
    action: { type: 'string', enum: ['create', 'update', 'restore'] },
    restoredFrom: { type: ['integer', 'null'] },
    user: {
      type: ['object', 'null'],
      properties: { _id: { type: 'string' }, name: { type: ['string', 'null'] } },
    },
    createdAt: { type: 'string', format: 'date-time' },
    changed: { type: 'array', items: { type: 'string' } },
  },
} as const;
const params = {
  type: 'object',
  properties: { id: { type: 'string' }, n: { type: 'string' } },
  required: ['id'],
} as const;

/**
 * History holds pre-publication drafts: reading it takes the record's Read right (the service
 * checks it, selectors included) from a staff grant. Whoever reads the resource through the
 * public grant only (anonymous, or signed in without a staff role) sees no history (issue 34).
 */
function requireStaffReader(reads: PublicReads, actor: Actor, resource: string): void {
  if (!reads.view.isPublic(actor, resource)) return;
  if (actor.anonymous) throw new AppError('UNAUTHORIZED', 'Sign in to read revisions');
  throw new AppError('FORBIDDEN', `You may not read the revisions of ${resource}`);
}

export function registerRevisionRoutes(
  app: FastifyInstance,
  revisions: RevisionsService,
  names: readonly string[],
  reads: PublicReads,
): void {
  for (const name of names) {
    const tags = [name];
    const preHandler = async (request: { actor: Actor }) => requireStaffReader(reads, request.actor, name);
    app.get<{ Params: { id: string }; Querystring: { page?: string; per_page?: string } }>(
      `/${name}/:id/revisions`,
      {
        schema: {
          tags,
          summary: `Revisions of one ${name}, newest first (page, per_page ≤ 100)`,
          params,
          querystring: {
            type: 'object',
            properties: { page: { type: 'string' }, per_page: { type: 'string' } },
          },
          response: {
            200: {
              type: 'object',
              properties: { data: { type: 'array', items: summary }, total: { type: 'integer' } },
            },
            ...errors,
          },
        },
        preHandler,
      },
      async (request) =>
        revisions.list({
          actor: request.actor,
          resource: name,
          id: request.params.id,
          page: request.query.page,
          perPage: request.query.per_page,
        }),
    );
    app.get<{ Params: { id: string; n: string } }>(
      `/${name}/:id/revisions/:n`,
      {
        schema: {
          tags,
          summary: `One revision of a ${name}, with the whole document as it was saved`,
          params,
          response: {
            200: {
              type: 'object',
              properties: {
                data: {
                  type: 'array',
                  items: {
                    ...summary,
                    properties: {
                      ...summary.properties,
                      document: { type: 'object', additionalProperties: true },
                    },
                  },
                },
              },
            },
            ...errors,
          },
        },
        preHandler,
      },
      async (request) => ({
        data: [
          await revisions.get({
            actor: request.actor,
            resource: name,
            id: request.params.id,
            number: revisionNumberOf(request.params.n),
          }),
        ],
      }),
    );
    app.post<{ Params: { id: string; n: string } }>(
      `/${name}/:id/revisions/:n/restore`,
      {
        schema: {
          tags,
          summary: `Save revision n of a ${name} again as its newest version (answers like PUT)`,
          params,
          headers: ifMatchHeaders,
          response: {
            200: {
              type: 'object',
              properties: {
                _id: { type: 'string' },
                document: { type: 'object', additionalProperties: true },
              },
            },
            409: errorAnswer,
            ...errors,
          },
        },
        preHandler,
      },
      async (request, reply) =>
        sendVersion(
          reply,
          await revisions.restore({
            actor: request.actor,
            resource: name,
            id: request.params.id,
            number: revisionNumberOf(request.params.n),
            ifMatch: ifMatchOf(request),
          }),
        ),
    );
  }
}
