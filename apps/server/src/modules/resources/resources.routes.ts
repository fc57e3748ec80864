// The generic resource API of CONTRACT.md: list, count, get, create, replace, patch, delete for
// every registered resource. Handlers parse, call the service and answer; nothing more.
import { parseQuery } from '@tabayyun/query';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { validationFailed } from '../../errors.ts';
import type { ResourceService } from './resources.service.ts';

const listAnswer = {
  type: 'object',
  properties: {
    data: { type: 'array', items: { type: 'object', additionalProperties: true } },
    total: { type: 'integer' },
  },
} as const;
const writeAnswer = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    document: { type: 'object', additionalProperties: true },
    // Set when a fact-check was made from a feed item: the link the feed item now holds.
    result: { type: 'object', properties: { _id: { type: 'string' }, title: { type: 'string' } } },
  },
} as const;
const errorAnswer = { $ref: 'error#' } as const;
const idParam = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } as const;

/** The raw query string, so repeated keys and their order survive (the language needs both). */
export const queryOf = (request: FastifyRequest) =>
  parseQuery(new URLSearchParams(request.url.split('?')[1] ?? ''));

// Bodies are validated by the service (after read-only fields are stripped), so the route
// schemas document the API without a second, stricter validation in front of it.
const acceptAnyBody = () => (data: unknown) => ({ value: data });

export function registerResourceRoutes(
  app: FastifyInstance,
  service: ResourceService,
  names: readonly string[],
) {
  for (const name of names) {
    const def = service.definition(name);
    const body = z.toJSONSchema(def.input, { unrepresentable: 'any', io: 'input' }) as Record<
      string,
      unknown
    >;
    delete body.$schema;
    const tags = [name];
    const base = `/${name}`;

    app.get(
      base,
      { schema: { tags, summary: `List ${name}`, response: { 200: listAnswer, 400: errorAnswer } } },
      async (request) => service.list({ actor: request.actor, resource: name, query: queryOf(request) }),
    );
    app.get(
      `${base}/count`,
      {
        schema: {
          tags,
          summary: `Count ${name}`,
          response: { 200: { type: 'object', properties: { data: { type: 'integer' } } } },
        },
      },
      async (request) => ({
        data: await service.count({ actor: request.actor, resource: name, query: queryOf(request) }),
      }),
    );
    app.get<{ Params: { id: string } }>(
      `${base}/:id`,
      {
        schema: {
          tags,
          summary: `Get one ${name}`,
          params: idParam,
          response: { 200: listAnswer, 404: errorAnswer },
        },
      },
      async (request) => ({
        data: [
          await service.get({
            actor: request.actor,
            resource: name,
            id: request.params.id,
            query: queryOf(request),
          }),
        ],
      }),
    );
    app.post(
      base,
      {
        schema: { tags, summary: `Create ${name}`, body, response: { 200: writeAnswer } },
        validatorCompiler: acceptAnyBody,
      },
      async (request) => {
        const created = await service.create({ actor: request.actor, resource: name, input: request.body });
        // A fact-check made from a feed item answers the link the feed now holds (CONTRACT.md).
        return typeof created.document.newsFeed === 'string'
          ? { ...created, result: { _id: created._id, title: created.document.title } }
          : created;
      },
    );
    app.put<{ Params: { id: string } }>(
      `${base}/:id`,
      {
        schema: { tags, summary: `Replace ${name}`, params: idParam, body, response: { 200: writeAnswer } },
        validatorCompiler: acceptAnyBody,
      },
      async (request) =>
        service.replace({ actor: request.actor, resource: name, id: request.params.id, input: request.body }),
    );
    app.put(
      base,
      {
        schema: {
          tags,
          summary: `Replace ${name} (the body carries _id)`,
          body,
          response: { 200: writeAnswer },
        },
        validatorCompiler: acceptAnyBody,
      },
      async (request) => {
        const id = (request.body as { _id?: unknown } | null)?._id;
        if (typeof id !== 'string' || !id) {
          throw validationFailed({ _id: 'PUT without an id in the path needs _id in the body' });
        }
        return service.replace({ actor: request.actor, resource: name, id, input: request.body });
      },
    );
    app.patch<{ Params: { id: string } }>(
      `${base}/:id`,
      {
        schema: {
          tags,
          summary: `Patch ${name} (RFC 6902)`,
          params: idParam,
          body: {
            type: 'array',
            items: {
              type: 'object',
              properties: { op: { type: 'string' }, path: { type: 'string' }, value: {} },
            },
          },
          response: { 200: writeAnswer },
        },
        validatorCompiler: acceptAnyBody,
      },
      async (request) =>
        service.patch({
          actor: request.actor,
          resource: name,
          id: request.params.id,
          operations: request.body,
        }),
    );
    app.delete<{ Params: { id: string } }>(
      `${base}/:id`,
      { schema: { tags, summary: `Delete ${name}`, params: idParam, response: { 200: writeAnswer } } },
      async (request) => service.remove({ actor: request.actor, resource: name, id: request.params.id }),
    );
  }
}
