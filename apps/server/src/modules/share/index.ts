// Share images of published fact-checks (issue 36 §2, ADR 054): drawn on the server with the site's
// typeface, kept by what they show, served at /share/factcheck/<slug>.png and used as the page's
// og:image when the item has no image of its own.
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context.ts';
import { registerShareRoutes } from './share.routes.ts';
import { createShareService } from './share.service.ts';

export async function registerShare(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const share = createShareService({ services: ctx.services, host: new URL(ctx.config.PUBLIC_URL).host });
  registerShareRoutes(app, share);
}
