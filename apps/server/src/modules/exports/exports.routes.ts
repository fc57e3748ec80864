// GET /api/<resource>/export.csv and export.json (issue 35 §4, ADR 052): the list's query string,
// every matching row the caller may read, streamed a batch at a time. Static paths, so they win
// over the resource's `/:id` route.
import { Readable } from 'node:stream';
import { parseQuery } from '@tabayyun/query';
import type { FastifyInstance } from 'fastify';
import type { ExportService } from './export.service.ts';
import { csvChunks, jsonChunks } from './export-format.ts';

const errorAnswer = { $ref: 'error#' } as const;
const errors = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer } as const;

const TYPES = { csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8' } as const;

/** `factcheck-2026-11-28.csv`: the list and the day, for the person's downloads folder. */
const fileName = (resource: string, extension: string) =>
  `${resource}-${new Date().toISOString().slice(0, 10)}.${extension}`;

export function registerExportRoutes(app: FastifyInstance, exports: ExportService): void {
  for (const resource of exports.names()) {
    for (const extension of ['csv', 'json'] as const) {
      app.get(
        `/${resource}/export.${extension}`,
        {
          schema: {
            tags: [resource],
            summary: `Export every ${resource} the list's query matches, as ${extension.toUpperCase()}`,
            description:
              "Takes the list's query string (filters, sort, select, lookup; page and per_page are ignored; `columns` names the columns, in order, from the fields the list answers) and streams every matching row the caller may read. CSV is UTF-8 with a byte-order mark; cells starting with = + - @ are prefixed with an apostrophe. Needs a staff grant.",
            response: errors,
          },
        },
        async (request, reply) => {
          // `columns` (export only): the list's visible columns, in its order; the rest is the list's query.
          const params = new URLSearchParams(request.url.split('?')[1] ?? '');
          const columns = params.get('columns');
          params.delete('columns');
          const plan = exports.plan({
            actor: request.actor,
            resource,
            query: parseQuery(params),
            ...(columns ? { columns: columns.split(',') } : {}),
          });
          const chunks =
            extension === 'csv' ? csvChunks(plan.columns, plan.batches) : jsonChunks(plan.batches);
          // Pulled a batch at a time as the socket drains (Readable.from's backpressure).
          const stream = Readable.from(chunks, { objectMode: false });
          stream.on('error', (err) => request.log.error({ err }, 'export failed while streaming'));
          return reply
            .type(TYPES[extension])
            .header('content-disposition', `attachment; filename="${fileName(resource, extension)}"`)
            .header('cache-control', 'private, no-store')
            .header('x-content-type-options', 'nosniff')
            .send(stream);
        },
      );
    }
  }
}
