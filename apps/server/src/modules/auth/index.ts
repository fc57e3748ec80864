// Identity and access (issue 3) registers here: sign-in, tokens, users, roles, permissions, audit.
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context.ts';

export async function registerIdentity(_app: FastifyInstance, _ctx: ModuleContext): Promise<void> {}
