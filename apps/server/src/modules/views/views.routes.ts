// /api/view: the caller's saved views and those shared with their roles (issue 35 §4, ADR 052).
// Handlers parse and answer; views.service.ts decides who reads and changes what.
import type { FastifyInstance } from 'fastify';
import type { SavedView, ViewsService } from './views.service.ts';

const viewSchema = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    name: { type: 'string' },
    resource: { type: 'string' },
    path: { type: 'string' },
    query: { type: 'string' },
    sharedWith: { type: 'array', items: { type: 'string' } },
    owner: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
} as const;
const listAnswer = {
  type: 'object',
  properties: { data: { type: 'array', items: viewSchema }, total: { type: 'integer' } },
} as const;
const oneAnswer = { type: 'object', properties: { data: { type: 'array', items: viewSchema } } } as const;
const writeAnswer = {
  type: 'object',
  properties: { _id: { type: 'string' }, document: viewSchema },
} as const;
const errorAnswer = { $ref: 'error#' } as const;
const errors = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer, 404: errorAnswer } as const;
const idParam = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } as const;
const acceptAnyBody = () => (data: unknown) => ({ value: data });
const written = (view: SavedView) => ({ _id: view._id, document: view });

export function registerViewRoutes(app: FastifyInstance, views: ViewsService): void {
  const tags = ['view'];
  app.get<{ Querystring: { resource?: string } }>(
    '/view',
    {
      schema: {
        tags,
        summary: "The caller's saved views and those shared with their roles (`resource` narrows)",
        querystring: { type: 'object', properties: { resource: { type: 'string' } } },
        response: { 200: listAnswer, ...errors },
      },
    },
    async (request) => {
      const data = await views.list({ actor: request.actor, resource: request.query.resource });
      return { data, total: data.length };
    },
  );
  app.get<{ Params: { id: string } }>(
    '/view/:id',
    { schema: { tags, summary: 'One saved view', params: idParam, response: { 200: oneAnswer, ...errors } } },
    async (request) => ({ data: [await views.get({ actor: request.actor, id: request.params.id })] }),
  );
  app.post(
    '/view',
    {
      schema: {
        tags,
        summary: 'Save a view: { name, resource, path, query, sharedWith }',
        response: { 200: writeAnswer, ...errors },
      },
      validatorCompiler: acceptAnyBody,
    },
    async (request) => written(await views.create({ actor: request.actor, input: request.body })),
  );
  for (const method of ['put', 'patch'] as const) {
    app[method]<{ Params: { id: string } }>(
      '/view/:id',
      {
        schema: {
          tags,
          summary: 'Rename, re-share or change one of your views (fields to change)',
          params: idParam,
          response: { 200: writeAnswer, ...errors },
        },
        validatorCompiler: acceptAnyBody,
      },
      async (request) =>
        written(await views.update({ actor: request.actor, id: request.params.id, input: request.body })),
    );
  }
  app.delete<{ Params: { id: string } }>(
    '/view/:id',
    {
      schema: {
        tags,
        summary: 'Delete one of your views',
        params: idParam,
        response: { 200: writeAnswer, ...errors },
      },
    },
    async (request) => written(await views.remove({ actor: request.actor, id: request.params.id })),
  );
}
