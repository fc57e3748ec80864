// Monitoring's HTTP surface under the API base. Handlers authenticate (the actor), authorise with
// the one guard, validate, call a service and answer; errors come from the catalogue.

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, validationFailed } from '../../errors.ts';
import type { AccessGuard } from '../../plugins/access.ts';
import type { StorageDriver } from '../files/storage-driver.ts';
import type { ResourceService } from '../resources/resources.service.ts';
import { type EvidenceService, extractUrls } from './evidence.service.ts';
import type { FeedLinkService } from './feed-link.service.ts';
import type { IngestService } from './ingest.service.ts';

export interface MonitoringRouteDeps {
  apiBase: string;
  feedLinks: FeedLinkService;
  guard: AccessGuard;
  resources: ResourceService;
  ingest: IngestService;
  evidence: EvidenceService;
  driver: StorageDriver;
}

const idParam = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
  required: ['id'],
} as const;

const linkBody = z.strictObject({ factcheck: z.string().trim().min(1).max(64) });

export function registerMonitoringRoutes(api: FastifyInstance, deps: MonitoringRouteDeps): void {
  const { apiBase, guard, resources } = deps;

  api.post<{ Params: { id: string } }>(
    '/media-source/:id/run',
    {
      schema: {
        tags: ['monitoring'],
        summary: 'Runs a media source now (all its feeds) and answers the closed run record',
        params: idParam,
      },
    },
    async (request) => {
      guard.require(request.actor, `${apiBase}/media-source`, 'Update');
      // Read through the resource service: selectors of the caller's grant apply, 404 when hidden.
      await resources.get({ actor: request.actor, resource: 'media-source', id: request.params.id });
      const run = await deps.ingest.runSource(request.params.id);
      return { _id: run._id, document: run };
    },
  );

  api.post<{ Params: { id: string }; Body: unknown }>(
    '/feed/:id/link',
    {
      schema: {
        tags: ['monitoring'],
        summary: 'Links a news feed item to an existing fact-check instead of investigating a new one',
        params: idParam,
      },
    },
    async (request) => {
      guard.require(request.actor, `${apiBase}/feed`, 'Patch');
      const parsed = linkBody.safeParse(request.body ?? {});
      if (!parsed.success) {
        throw validationFailed(
          Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.') || 'factcheck', i.message])),
        );
      }
      await resources.get({ actor: request.actor, resource: 'feed', id: request.params.id });
      const target = await resources.get({
        actor: request.actor,
        resource: 'factcheck',
        id: parsed.data.factcheck,
      });
      const link = { _id: target._id, title: String(target.title ?? '') };
      await deps.feedLinks.linkFeedItem({ actor: request.actor, feedId: request.params.id, link });
      const document = await resources.get({ actor: request.actor, resource: 'feed', id: request.params.id });
      return { _id: document._id, document, result: link };
    },
  );

  api.get<{ Params: { id: string } }>(
    '/factcheck/:id/evidence',
    {
      schema: {
        tags: ['monitoring'],
        summary: 'The evidence snapshots of the addresses a fact-check cites',
        params: idParam,
      },
    },
    async (request) => {
      guard.require(request.actor, `${apiBase}/factcheck`, 'Update');
      const doc = await resources.get({ actor: request.actor, resource: 'factcheck', id: request.params.id });
      const urls = extractUrls(doc.references as string | null, doc.sources as string | null);
      const rows = await deps.evidence.snapshotsOf(urls);
      const byUrl = new Map(rows.map((r) => [r.url, r]));
      return {
        data: urls.map((url) => {
          const r = byUrl.get(url);
          return {
            url,
            snapshot: r
              ? {
                  _id: r._id,
                  status: r.status,
                  finalUrl: r.finalUrl,
                  httpStatus: r.httpStatus,
                  contentType: r.contentType,
                  size: r.size,
                  sha256: r.sha256,
                  error: r.error,
                  fetchedAt: r.fetchedAt,
                  content: r.status === 'done' ? `${apiBase}/evidence/${r._id}` : null,
                }
              : null,
          };
        }),
      };
    },
  );

  api.get<{ Params: { id: string } }>(
    '/evidence/:id',
    {
      schema: {
        tags: ['monitoring'],
        summary: 'The stored copy of one evidence snapshot (back office only)',
        params: idParam,
      },
    },
    async (request, reply) => {
      // Back office only: readers of the public site may read published fact-checks, not the archive.
      guard.require(request.actor, `${apiBase}/factcheck`, 'Update');
      const row = await deps.evidence.findSnapshot(request.params.id);
      if (row?.status !== 'done' || !row.path) {
        throw new AppError('NOT_FOUND', `Evidence snapshot '${request.params.id}' not found`);
      }
      const stream = await deps.driver.get(row.path);
      if (!stream) throw new AppError('NOT_FOUND', `Evidence snapshot '${request.params.id}' not found`);
      // A stored page is someone else's HTML: never run it on our origin.
      reply
        .header('content-type', row.contentType || 'application/octet-stream')
        .header('content-security-policy', 'sandbox')
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-disposition',
          `attachment; filename="${row._id}${row.path.slice(row.path.lastIndexOf('.'))}"`,
        )
        .header('x-evidence-sha256', row.sha256 ?? '');
      return reply.send(stream);
    },
  );
}
