// sitemap.xml (index) and the sitemaps of each language (its first, then pages of its items),
// robots.txt, and RSS per language, per category and of the corrections. Registered before the
// site's catch-all; answered through the page cache like pages.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RenderedPage } from './page-cache.ts';
import type { PageDelivery } from './page-delivery.ts';
import type { SeoResource, SeoService } from './seo.service.ts';
import { localePath, SITE_LANGUAGES } from './site-urls.ts';

const XML = 'application/xml; charset=utf-8';
const RSS = 'application/rss+xml; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';

const ok = (contentType: string, text: string): RenderedPage => ({
  status: 200,
  headers: { 'content-type': contentType, 'x-content-type-options': 'nosniff' },
  body: Buffer.from(text, 'utf8'),
});

const notFound = (): RenderedPage => ({
  status: 404,
  headers: { 'content-type': TEXT },
  body: Buffer.from('Not Found\n', 'utf8'),
});

export function registerSeoRoutes(
  app: FastifyInstance,
  deps: { seo: SeoService; delivery: PageDelivery; isTaken?: (path: string) => boolean },
): void {
  const isTaken = deps.isTaken ?? (() => false);
  const serve =
    (render: (request: FastifyRequest) => Promise<RenderedPage>) =>
    (request: FastifyRequest, reply: FastifyReply) =>
      deps.delivery.deliver(request, reply, {
        // The documents read no query parameter: one entry per path, whatever the query (issue 34).
        key: request.url.split('?', 1)[0]!,
        // The documents depend on the address only: always shareable.
        shared: true,
        render: () => render(request),
      });

  const get = (path: string, render: (request: FastifyRequest) => Promise<RenderedPage>) => {
    if (isTaken(path)) {
      app.log.warn(
        { path },
        'A file of the web build has this address; the generated document is not served',
      );
      return;
    }
    app.get(path, serve(render));
  };

  get('/robots.txt', async () => ok(TEXT, deps.seo.robots()));
  get('/sitemap.xml', async () => ok(XML, await deps.seo.sitemapIndex()));
  for (const language of SITE_LANGUAGES) {
    get(`/sitemap-${language}.xml`, async () => ok(XML, await deps.seo.sitemap(language)));
    // A later page of the language's items (the index lists them): `factcheck-<id>` or `article-<id>`.
    get(`/sitemap-${language}-:page.xml`, async (request) => {
      const match = /^(factcheck|article)-(.+)$/.exec((request.params as { page: string }).page);
      const page = match
        ? await deps.seo.sitemapPage(language, match[1] as SeoResource, match[2]!)
        : undefined;
      return page === undefined ? notFound() : ok(XML, page);
    });
    get(localePath(language, '/rss.xml'), async () => ok(RSS, await deps.seo.languageFeed(language)));
    get(localePath(language, '/corrections/rss.xml'), async () =>
      ok(RSS, await deps.seo.correctionsFeed(language)),
    );
    get(localePath(language, '/category/:id/rss.xml'), async (request) => {
      const { id } = request.params as { id: string };
      const feed = await deps.seo.categoryFeed(language, id);
      return feed === undefined ? notFound() : ok(RSS, feed);
    });
  }
}
