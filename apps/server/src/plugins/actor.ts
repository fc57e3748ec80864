// Who is calling. Until sign-in lands (issue 3) every HTTP caller is anonymous; tests inject an
// actor through buildApp's resolveActor, never through a header the production app would trust.
import { type Actor, ANONYMOUS_ACTOR } from '@tabayyun/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export type ActorResolver = (request: FastifyRequest) => Actor | Promise<Actor>;

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
  }
}

export function registerActor(app: FastifyInstance, resolve: ActorResolver | undefined): void {
  app.decorateRequest('actor', null as unknown as Actor);
  app.addHook('onRequest', async (request) => {
    request.actor = resolve ? await resolve(request) : ANONYMOUS_ACTOR;
  });
}

/** The actor of seeding and internal jobs: passes every guard, never reachable over HTTP. */
export const SYSTEM_ACTOR: Actor = { sub: 'system', roles: ['super-admin'], anonymous: false };
