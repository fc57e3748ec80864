// The generic resource API of CONTRACT.md: list, count, get, create, replace, patch, delete for
// every registered resource. Handlers parse, call the service and answer; nothing more.

import type { SwaggerTransform } from '@fastify/swagger';
import { parseQuery, type Query } from '@tabayyun/query';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, validationFailed } from '../../errors.ts';
import type { PublicReads } from './public-reads.ts';
import type { ResourceDefinition } from './resource-types.ts';
import type { ResourceService, WriteResult } from './resources.service.ts';
import { etagHeader, parseIfMatch } from './versions.ts';

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
/** Optimistic concurrency (ADR 013): the `_version` the client loaded, as an ETag. */
export const ifMatchHeaders = {
  type: 'object',
  properties: {
    'if-match': {
      type: 'string',
      description:
        'The ETag (or `_version`, quotes optional) the client loaded; a newer stored version answers 409 EDIT_CONFLICT. Absent: no check.',
    },
  },
} as const;
const etagAnswerHeaders = {
  ETag: { type: 'string', description: 'The stored version, also in the document as `_version`' },
} as const;

/** The If-Match of a write, for the service. */
export const ifMatchOf = (request: FastifyRequest) => parseIfMatch(request.headers['if-match']);

/** Answers a document's version as its ETag. */
export function sendVersion<T extends WriteResult>(reply: FastifyReply, result: T): T {
  if (typeof result.document._version === 'string')
    reply.header('etag', etagHeader(result.document._version));
  return result;
}

/** The raw query string, so repeated keys and their order survive (the language needs both). */
export const queryOf = (request: FastifyRequest) =>
  parseQuery(new URLSearchParams(request.url.split('?')[1] ?? ''));

// Bodies are validated by the service (after read-only fields are stripped), so the route
// schemas document the API without a second, stricter validation in front of it.
const acceptAnyBody = () => (data: unknown) => ({ value: data });

/**
 * The OpenAPI document shows a resource's input schema as the body of its create and replace
 * routes. It is made from the zod schema when the document is first asked for, not for every
 * resource at each start (~25 ms of a restart; ADR 030).
 */
function documentedInput(input: z.ZodType): SwaggerTransform {
  let body: Record<string, unknown> | undefined;
  return ({ schema, url }) => {
    if (body === undefined) {
      const { $schema: _, ...rest } = z.toJSONSchema(input, { unrepresentable: 'any', io: 'input' });
      body = rest;
    }
    return { schema: { ...schema, body }, url };
  };
}

/**
 * The gate of a public reader's request (issue 34, ADR 045): one read of the client's budget, then
 * the page-size ceiling and the public fields of filters, sorts, selects and lookups. Answers the
 * query to run (the resource's public conditions ANDed in), or undefined for a staff reader.
 */
export async function publicReadGate(
  reads: PublicReads | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
  def: ResourceDefinition,
  query: Query,
): Promise<Query | undefined> {
  if (!reads?.view.isPublic(request.actor, def.name)) return undefined;
  try {
    await reads.consume(request);
  } catch (error) {
    if (error instanceof AppError && typeof error.details?.retryAfter === 'number') {
      reply.header('retry-after', String(error.details.retryAfter));
    }
    throw error;
  }
  reads.checkPage(query);
  reads.view.checkQuery(def, query);
  return reads.view.restrict(def, query);
}

export function registerResourceRoutes(
  app: FastifyInstance,
  service: ResourceService,
  names: readonly string[],
  /** The public readers' limits and fields; absent for resources the public never reads (users). */
  reads?: PublicReads,
) {
  for (const name of names) {
    const def = service.definition(name);
    const swaggerTransform = documentedInput(def.input);
    const tags = [name];
    const base = `/${name}`;

    app.get(
      base,
      {
        schema: {
          tags,
          summary: `List ${name}`,
          response: { 200: listAnswer, 400: errorAnswer, 429: errorAnswer, 503: errorAnswer },
        },
      },
      async (request, reply) => {
        const query = queryOf(request);
        const publicQuery = await publicReadGate(reads, request, reply, def, query);
        const result = await service.list({
          actor: request.actor,
          resource: name,
          query: publicQuery ?? query,
        });
        if (!publicQuery || !reads) return result;
        const lookups = query.lookup ?? [];
        return { data: result.data.map((doc) => reads.view.project(def, doc, lookups)), total: result.total };
      },
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
      async (request, reply) => {
        const query = queryOf(request);
        const publicQuery = await publicReadGate(reads, request, reply, def, query);
        return {
          data: await service.count({ actor: request.actor, resource: name, query: publicQuery ?? query }),
        };
      },
    );
    app.get<{ Params: { id: string } }>(
      `${base}/:id`,
      {
        schema: {
          tags,
          summary: `Get one ${name}`,
          description: 'Answers the ETag of the stored version (also `_version` in the document).',
          params: idParam,
          response: { 200: { ...listAnswer, headers: etagAnswerHeaders }, 404: errorAnswer },
        },
      },
      async (request, reply) => {
        const query = queryOf(request);
        const publicQuery = await publicReadGate(reads, request, reply, def, query);
        const doc = await service.get({
          actor: request.actor,
          resource: name,
          id: request.params.id,
          query: publicQuery ?? query,
        });
        // The public sees neither `_version` nor the ETag made of it.
        if (publicQuery && reads) return { data: [reads.view.project(def, doc, query.lookup ?? [])] };
        if (typeof doc._version === 'string') reply.header('etag', etagHeader(doc._version));
        return { data: [doc] };
      },
    );
    app.post(
      base,
      {
        schema: { tags, summary: `Create ${name}`, response: { 200: writeAnswer } },
        validatorCompiler: acceptAnyBody,
        config: { swaggerTransform },
      },
      async (request, reply) => {
        const created = sendVersion(
          reply,
          await service.create({ actor: request.actor, resource: name, input: request.body }),
        );
        // A fact-check made from a feed item answers the link the feed now holds (CONTRACT.md).
        return typeof created.document.newsFeed === 'string'
          ? { ...created, result: { _id: created._id, title: created.document.title } }
          : created;
      },
    );
    app.put<{ Params: { id: string } }>(
      `${base}/:id`,
      {
        schema: {
          tags,
          summary: `Replace ${name}`,
          params: idParam,
          headers: ifMatchHeaders,
          response: { 200: { ...writeAnswer, headers: etagAnswerHeaders }, 409: errorAnswer },
        },
        validatorCompiler: acceptAnyBody,
        config: { swaggerTransform },
      },
      async (request, reply) =>
        sendVersion(
          reply,
          await service.replace({
            actor: request.actor,
            resource: name,
            id: request.params.id,
            input: request.body,
            ifMatch: ifMatchOf(request),
          }),
        ),
    );
    app.put(
      base,
      {
        schema: {
          tags,
          summary: `Replace ${name} (the body carries _id)`,
          headers: ifMatchHeaders,
          response: { 200: { ...writeAnswer, headers: etagAnswerHeaders }, 409: errorAnswer },
        },
        validatorCompiler: acceptAnyBody,
        config: { swaggerTransform },
      },
      async (request, reply) => {
        const id = (request.body as { _id?: unknown } | null)?._id;
        if (typeof id !== 'string' || !id) {
          throw validationFailed({ _id: 'PUT without an id in the path needs _id in the body' });
        }
        return sendVersion(
          reply,
          await service.replace({
            actor: request.actor,
            resource: name,
            id,
            input: request.body,
            ifMatch: ifMatchOf(request),
          }),
        );
      },
    );
    app.patch<{ Params: { id: string } }>(
      `${base}/:id`,
      {
        schema: {
          tags,
          summary: `Patch ${name} (RFC 6902)`,
          params: idParam,
          headers: ifMatchHeaders,
          body: {
            type: 'array',
            items: {
              type: 'object',
              properties: { op: { type: 'string' }, path: { type: 'string' }, value: {} },
            },
          },
          response: { 200: { ...writeAnswer, headers: etagAnswerHeaders }, 409: errorAnswer },
        },
        validatorCompiler: acceptAnyBody,
      },
      async (request, reply) =>
        sendVersion(
          reply,
          await service.patch({
            actor: request.actor,
            resource: name,
            id: request.params.id,
            operations: request.body,
            ifMatch: ifMatchOf(request),
          }),
        ),
    );
    app.delete<{ Params: { id: string } }>(
      `${base}/:id`,
      {
        schema: {
          tags,
          summary: `Delete ${name}`,
          params: idParam,
          headers: ifMatchHeaders,
          response: { 200: writeAnswer, 409: errorAnswer },
        },
      },
      async (request) =>
        service.remove({
          actor: request.actor,
          resource: name,
          id: request.params.id,
          ifMatch: ifMatchOf(request),
        }),
    );
  }
}
