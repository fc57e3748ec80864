// Files (issue 4) register here: uploads, serving, listing, image variants.
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context.ts';

export async function registerFiles(_app: FastifyInstance, _ctx: ModuleContext): Promise<void> {}
