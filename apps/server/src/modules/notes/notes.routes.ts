// /api/note: notes on drafts with the item's staff Read right (ADR 051).
import type { FastifyInstance } from 'fastify';
import { peopleList } from '../../plugins/response-schemas.ts';
import type { NotesService } from './notes.service.ts';

const errorAnswer = { $ref: 'error#' } as const;
const errors = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer, 404: errorAnswer } as const;
const noteSchema = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    item: { type: 'string' },
    itemType: { type: 'string', enum: ['factcheck', 'article'] },
    field: { type: ['string', 'null'] },
    body: { type: 'string' },
    mentions: { type: 'array', items: { type: 'string' } },
    parent: { type: ['string', 'null'] },
    resolved: { type: 'boolean' },
    resolvedBy: { type: ['string', 'null'] },
    resolvedAt: { type: ['string', 'null'], format: 'date-time' },
    createdBy: { type: ['string', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
} as const;
const listAnswer = {
  type: 'object',
  properties: { data: { type: 'array', items: noteSchema }, total: { type: 'integer' } },
} as const;
const writeAnswer = {
  type: 'object',
  properties: { _id: { type: 'string' }, document: noteSchema },
} as const;
const idParam = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } as const;
// The service validates, so a bad input is one catalogue 400 naming the field.
const acceptAny = () => (data: unknown) => ({ value: data });

export function registerNoteRoutes(app: FastifyInstance, notes: NotesService): void {
  const tags = ['desk'];
  app.get(
    '/note',
    {
      schema: {
        tags,
        summary:
          'The notes of one fact-check or article (?item=…&itemType=…[&resolved=true|false]), oldest first',
        querystring: {
          type: 'object',
          properties: {
            item: { type: 'string' },
            itemType: { type: 'string' },
            resolved: { type: 'string' },
          },
        },
        response: { 200: listAnswer, ...errors },
      },
      validatorCompiler: acceptAny,
    },
    async (request) => notes.list({ actor: request.actor, query: request.query as Record<string, unknown> }),
  );
  app.get(
    '/note/mentionable',
    {
      schema: {
        tags,
        summary: 'Colleagues who may be @mentioned on an item (?item=…&itemType=…)',
        querystring: {
          type: 'object',
          properties: { item: { type: 'string' }, itemType: { type: 'string' } },
        },
        response: {
          200: peopleList,
          ...errors,
        },
      },
      validatorCompiler: acceptAny,
    },
    async (request) =>
      notes.mentionable({ actor: request.actor, query: request.query as Record<string, unknown> }),
  );
  app.get(
    '/note/:id',
    { schema: { tags, summary: 'One note', params: idParam, response: { 200: listAnswer, ...errors } } },
    async (request) => notes.get({ actor: request.actor, id: (request.params as { id: string }).id }),
  );
  app.post(
    '/note',
    {
      schema: {
        tags,
        summary: 'Adds a note (or a reply: parent) to a fact-check or article; mentions are notified',
        body: {
          type: 'object',
          properties: {
            item: { type: 'string' },
            itemType: { type: 'string', enum: ['factcheck', 'article'] },
            field: { type: ['string', 'null'] },
            body: { type: 'string' },
            mentions: { type: 'array', items: { type: 'string' } },
            parent: { type: ['string', 'null'] },
          },
          required: ['item', 'itemType', 'body'],
        },
        response: { 200: writeAnswer, ...errors },
      },
      validatorCompiler: acceptAny,
    },
    async (request) => notes.create({ actor: request.actor, body: request.body }),
  );
  app.patch(
    '/note/:id',
    {
      schema: {
        tags,
        summary: 'Resolves or reopens a thread ({ resolved }), or corrects one’s own note ({ body })',
        params: idParam,
        body: { type: 'object', properties: { body: { type: 'string' }, resolved: { type: 'boolean' } } },
        response: { 200: writeAnswer, ...errors },
      },
      validatorCompiler: acceptAny,
    },
    async (request) =>
      notes.update({ actor: request.actor, id: (request.params as { id: string }).id, body: request.body }),
  );
}
