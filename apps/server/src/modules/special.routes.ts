// The special endpoints of CONTRACT.md under the API base: stats, counts, reads, the contact form
// (spelled `contract`, as the spec's clients call it) and feed actions by name.
import type { Actor } from '@tabayyun/permissions';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import type { AccessGuard } from '../plugins/access.ts';
import { SYSTEM_ACTOR } from '../plugins/actor.ts';
import { dataList } from '../plugins/response-schemas.ts';
import { DRAFT_LINK_TTL_MS, type DraftsService } from './drafts/drafts.service.ts';
import type { createFeedService } from './feed/feed.service.ts';
import type { createReadsService } from './reads/reads.service.ts';
import type { PublicReads } from './resources/public-reads.ts';
import { publicReadGate, queryOf } from './resources/resources.routes.ts';
import type { ResourceService } from './resources/resources.service.ts';
import type { createStatsService } from './stats/stats.service.ts';

export interface SpecialDeps {
  config: Config;
  guard: AccessGuard;
  resources: ResourceService;
  stats: ReturnType<typeof createStatsService>;
  reads: ReturnType<typeof createReadsService>;
  feeds: ReturnType<typeof createFeedService>;
  drafts: DraftsService;
  /** Public readers' budget and fields (issue 34): the stats and counts are reads too. */
  publicReads: PublicReads;
}

/** The public address of a fact-check or article page in its language (Arabic has no prefix). */
export function publicPathOf(resource: 'factcheck' | 'article', doc: Record<string, unknown>): string {
  const language = doc.language === 'en' || doc.language === 'tr' ? `/${doc.language}` : '';
  return `${language}/${resource}/${encodeURIComponent(String(doc.slug ?? ''))}`;
}

const rateLimitAnswer = (_req: unknown, ctx: { after: string }) =>
  new AppError('RATE_LIMITED', `Too many requests; try again in ${ctx.after}`);

export function registerSpecialRoutes(app: FastifyInstance, deps: SpecialDeps): void {
  const { config } = deps;

  app.get<{ Querystring: { by?: string } }>(
    '/stats/factcheck',
    {
      schema: {
        tags: ['stats'],
        summary: 'Published fact-checks grouped by category, topic, author, mediaSource or country',
        response: {
          200: dataList({
            _id: { type: 'string', nullable: true },
            details: { type: 'object', properties: { name: { type: 'string', nullable: true } } },
            count: { type: 'integer' },
          }),
        },
      },
    },
    async (request, reply) => {
      const query = queryOf(request);
      // `by` names the grouping; it is not a filter of the fact-check list.
      query.where = query.where.filter((c) => !(c.any.length === 1 && c.any[0]!.field === 'by'));
      const by = new URLSearchParams(request.url.split('?')[1] ?? '').get('by') ?? undefined;
      // Should the public ever be granted the stats, it filters on public fields only.
      const def = deps.resources.definition('factcheck');
      const publicQuery = await publicReadGate(deps.publicReads, request, reply, def, query);
      return {
        data: await deps.stats.factcheckStats({ actor: request.actor, by, query: publicQuery ?? query }),
      };
    },
  );

  app.get<{ Querystring: { language?: string } }>(
    '/count/category',
    {
      schema: {
        tags: ['stats'],
        summary: 'Published fact-checks per criteria category',
        response: {
          200: dataList({
            _id: { type: 'string' },
            name: { type: 'string' },
            nameEn: { type: 'string', nullable: true },
            nameTr: { type: 'string', nullable: true },
            slug: { type: 'string' },
            color: { type: 'string', nullable: true },
            count: { type: 'integer' },
          }),
        },
      },
    },
    async (request, reply) => {
      // One read of a public client's budget; the answer is category fields the public reads anyway.
      await publicReadGate(deps.publicReads, request, reply, deps.resources.definition('category'), {
        where: [],
      });
      return {
        data: await deps.stats.countByCategory({ actor: request.actor, language: request.query.language }),
      };
    },
  );

  app.post(
    '/count/read',
    {
      schema: {
        tags: ['reads'],
        summary: 'Count one read of a published fact-check or article',
        response: {
          200: {
            type: 'object',
            properties: { data: { type: 'object', properties: { counted: { type: 'boolean' } } } },
          },
        },
      },
      config: {
        rateLimit: { max: config.READ_RATE_MAX, timeWindow: 60_000, errorResponseBuilder: rateLimitAnswer },
      },
    },
    async (request) => ({ data: await deps.reads.countRead({ actor: request.actor, input: request.body }) }),
  );

  app.post(
    '/contract',
    {
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the team (anonymous)',
        response: {
          200: { type: 'object', properties: { _id: { type: 'string' }, data: { type: 'boolean' } } },
        },
      },
      config: {
        rateLimit: {
          max: config.CONTACT_RATE_MAX,
          timeWindow: config.CONTACT_RATE_WINDOW_MS,
          errorResponseBuilder: rateLimitAnswer,
        },
      },
    },
    async (request) => {
      deps.guard.require(request.actor, `${config.API_BASE}/contract`, 'Create');
      const body = (request.body ?? {}) as Record<string, unknown>;
      const input = { name: body.name, email: body.email, subject: body.subject };
      // The visitor may post here but not write the contact resource itself.
      const actor: Actor = SYSTEM_ACTOR;
      const saved = await deps.resources.create({ actor, resource: 'contact', input });
      return { _id: saved._id, data: true };
    },
  );

  // The back office's "preview" (beyond the spec): a signed draft link to the item's public page,
  // for whoever may read the item; valid 6 hours, for that item only.
  for (const resource of ['factcheck', 'article'] as const) {
    app.get<{ Params: { id: string } }>(
      `/${resource}/:id/preview-link`,
      {
        schema: {
          tags: [resource],
          summary: 'A signed draft link to the public page of this item (6 hours)',
          response: {
            200: {
              type: 'object',
              properties: {
                data: {
                  type: 'object',
                  properties: { url: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' } },
                },
              },
            },
          },
        },
      },
      async (request) => {
        // A link outlives the state it was made in (an item unpublished within the 6 hours shows
        // its new draft through it): only staff readers get one, never the public (issue 34).
        if (deps.publicReads.view.isPublic(request.actor, resource)) {
          if (request.actor.anonymous) throw new AppError('UNAUTHORIZED', 'Sign in to preview');
          throw new AppError('FORBIDDEN', `You may not preview ${resource}`);
        }
        const doc = await deps.resources.get({ actor: request.actor, resource, id: request.params.id });
        const now = Date.now();
        const token = deps.drafts.sign(String(doc._id), now);
        return {
          data: {
            url: `${publicPathOf(resource, doc)}?draft=${token}`,
            expiresAt: new Date(now + DRAFT_LINK_TTL_MS).toISOString(),
          },
        };
      },
    );
  }

  app.post<{ Params: { id: string; action: string } }>(
    '/feed/:id/:action',
    {
      schema: { tags: ['feed'], summary: 'Apply a news feed action by name: archive, review or investigate' },
    },
    async (request) =>
      deps.feeds.applyFeedAction({
        actor: request.actor,
        id: request.params.id,
        action: request.params.action,
      }),
  );
}
