// The partners' feeds (feeds.service.ts). Registered by the app whether or not it serves the site,
// so /api/docs documents them; once the site plugin starts, it hands over its page delivery
// (`app.feeds.attachDelivery`), and the feeds are then answered like the sitemaps and RSS
// (seo.routes.ts): cached, tagged with what they read, dropped when it changes (ADR 016).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RenderedPage } from '../site/page-cache.ts';
import type { PageDelivery } from '../site/page-delivery.ts';
import { PUBLIC_PAGE_CACHE } from '../site/page-response.ts';
import { localePath, SITE_LANGUAGES } from '../site/site-urls.ts';
import type { FeedsService } from './feeds.service.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
const JSON_FEED = 'application/feed+json; charset=utf-8';
const RSS = 'application/rss+xml; charset=utf-8';

const ok = (contentType: string, text: string): RenderedPage => ({
  status: 200,
  headers: {
    'content-type': contentType,
    'x-content-type-options': 'nosniff',
    // Aggregators and partners' pages read them from scripts too.
    'access-control-allow-origin': '*',
  },
  body: Buffer.from(text, 'utf8'),
});

const ANSWER_SHAPES: Record<string, Record<string, unknown>> = {
  [JSON_TYPE]: {
    type: 'object',
    description: 'schema.org DataFeed: dataFeedElement[].item[0] is a ClaimReview',
    additionalProperties: true,
    properties: {
      '@context': { type: 'string' },
      '@type': { type: 'string', enum: ['DataFeed'] },
      dateModified: { type: 'string', format: 'date-time' },
      dataFeedElement: {
        type: 'array',
        items: { type: 'object', additionalProperties: true },
      },
    },
  },
  [JSON_FEED]: {
    type: 'object',
    description: 'JSON Feed 1.1; each item has tags: [verdict] and _verdict',
    additionalProperties: true,
    properties: {
      version: { type: 'string' },
      title: { type: 'string' },
      language: { type: 'string' },
      items: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: true,
          properties: {
            id: { type: 'string' },
            url: { type: 'string' },
            title: { type: 'string' },
            content_text: { type: 'string' },
            tags: { type: 'array', items: { type: 'string' } },
            _verdict: { type: 'object', nullable: true, additionalProperties: true },
          },
        },
      },
    },
  },
  [RSS]: { type: 'string', description: 'RSS 2.0; the verdict prefixes each title and is its category' },
};

/** Every feed address. */
export function feedPaths(): { path: string; kind: 'claimreview' | 'json' | 'rss'; language?: string }[] {
  return [
    { path: '/feeds/claimreview.json', kind: 'claimreview' },
    ...SITE_LANGUAGES.flatMap((language) => [
      { path: localePath(language, '/feeds/factchecks.json'), kind: 'json' as const, language },
      { path: localePath(language, '/feeds/factchecks.xml'), kind: 'rss' as const, language },
    ]),
  ];
}

export function registerFeedRoutes(
  app: FastifyInstance,
  deps: { feeds: FeedsService; delivery: () => PageDelivery | undefined },
): void {
  const serve =
    (render: () => Promise<RenderedPage>) => async (request: FastifyRequest, reply: FastifyReply) => {
      const delivery = deps.delivery();
      if (delivery) {
        // One entry per path, whatever the query string (issue 34).
        return delivery.deliver(request, reply, { key: request.url.split('?', 1)[0]!, shared: true, render });
      }
      // An app without the site (API only): the same answer, uncached here.
      const page = await render();
      for (const [name, value] of Object.entries(page.headers)) reply.header(name, value);
      reply.header('cache-control', PUBLIC_PAGE_CACHE);
      return reply.code(page.status).send(page.body);
    };
  // The answer's media type and shape, for the API document (the body is sent as built).
  const schema = (summary: string, type: string) => ({
    tags: ['feeds'],
    summary,
    response: {
      200: {
        description: summary,
        content: { [type.split(';')[0]!]: { schema: ANSWER_SHAPES[type] ?? { type: 'string' } } },
      },
    },
  });
  app.get(
    '/feeds/claimreview.json',
    {
      schema: schema(
        'schema.org DataFeed of the ClaimReview of every published fact-check (fact-check aggregators)',
        JSON_TYPE,
      ),
    },
    serve(async () => ok(JSON_TYPE, JSON.stringify(await deps.feeds.claimReviewFeed()))),
  );
  for (const language of SITE_LANGUAGES) {
    app.get(
      localePath(language, '/feeds/factchecks.json'),
      {
        schema: schema(
          `JSON Feed 1.1 of the published fact-checks in ${language}, with each verdict`,
          JSON_FEED,
        ),
      },
      serve(async () => ok(JSON_FEED, JSON.stringify(await deps.feeds.jsonFeed(language)))),
    );
    app.get(
      localePath(language, '/feeds/factchecks.xml'),
      { schema: schema(`RSS 2.0 of the published fact-checks in ${language}, with each verdict`, RSS) },
      serve(async () => ok(RSS, await deps.feeds.rssFeed(language))),
    );
  }
}
