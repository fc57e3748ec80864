// GET /share/factcheck/<slug>.png (1200×630) and /share/factcheck/<slug>-square.png (1080×1080):
// a published fact-check's share image (issue 36 §2). 404 for anything not published.
import type { FastifyInstance } from 'fastify';
import { ShareBusyError, type ShareService } from './share.service.ts';

/** Social networks fetch the image again now and then; a changed verdict shows within this. */
const MAX_AGE_S = 600;

export function registerShareRoutes(app: FastifyInstance, share: ShareService): void {
  app.get<{ Params: { file: string } }>('/share/factcheck/:file', async (request, reply) => {
    const match = /^(.+?)(-square)?\.png$/.exec(request.params.file);
    if (!match) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found\n');
    const [, base, square] = match as unknown as [string, string, string | undefined];
    try {
      // A slug that itself ends in "-square" is the wide image of that slug.
      let found = await share.image(base, square ? 'square' : 'wide');
      if (!found && square) found = await share.image(`${base}-square`, 'wide');
      if (!found) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found\n');
      reply
        .header('cache-control', `public, max-age=${MAX_AGE_S}`)
        .header('etag', found.etag)
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === found.etag) return reply.code(304).send();
      return reply.type('image/png').send(found.png);
    } catch (error) {
      if (error instanceof ShareBusyError) {
        return reply.code(503).header('retry-after', '5').type('text/plain; charset=utf-8').send('Busy\n');
      }
      throw error;
    }
  });
}
