// Notes on drafts (issue 35 §2, ADR 051): the service lives in services.ts; this registers /api/note.
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context.ts';
import { registerNoteRoutes } from './notes.routes.ts';

export async function registerNotes(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await app.register(async (api) => registerNoteRoutes(api, ctx.services.notes), {
    prefix: ctx.config.API_BASE,
  });
}
