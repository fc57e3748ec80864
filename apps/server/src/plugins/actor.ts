// Who is calling. The identity module installs the bearer-token resolver (modules/auth); until it
// does, or without an Authorization header, the caller is anonymous. A test override may decide
// first: it returns an actor, or undefined to fall through to the bearer token, so integration
// tests can mix injected actors with real tokens. Production never installs an override.
import { AsyncLocalStorage } from 'node:async_hooks';
import { type Actor, ANONYMOUS_ACTOR } from '@tabayyun/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Decides the actor of a request; undefined means "no opinion": the next resolver decides. */
export type ActorResolver = (request: FastifyRequest) => Actor | undefined | Promise<Actor | undefined>;

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
  }
  interface FastifyInstance {
    /** Installs the resolver of bearer tokens (identity module); one per app. */
    setTokenActorResolver(resolve: ActorResolver): void;
  }
}

export function registerActor(app: FastifyInstance, override: ActorResolver | undefined): void {
  let fromToken: ActorResolver | undefined;
  app.decorate('setTokenActorResolver', (resolve: ActorResolver) => {
    fromToken = resolve;
  });
  app.decorateRequest('actor', null as unknown as Actor);
  // Callback style on purpose: `run(…, done)` keeps the request's client in async context for
  // everything after this hook (the audit log of the resource service reads it).
  app.addHook('onRequest', (request, _reply, done) => {
    resolveActor(request).then(
      (actor) => {
        request.actor = actor;
        // Every log line of a request made while impersonating names both people.
        if (!actor.anonymous) {
          const imps = actor.claims?.imps;
          request.log = request.log.child(
            typeof imps === 'string' ? { sub: actor.sub, imps } : { sub: actor.sub },
          );
        }
        const ua = request.headers['user-agent'];
        clientStorage.run({ ip: request.ip, userAgent: typeof ua === 'string' ? ua : undefined }, done);
      },
      (error: Error) => done(error),
    );
  });
  async function resolveActor(request: FastifyRequest): Promise<Actor> {
    const actor =
      (override ? await override(request) : undefined) ?? (fromToken ? await fromToken(request) : undefined);
    return actor ?? ANONYMOUS_ACTOR;
  }
}

/** Where a request comes from: recorded with audit events. */
export interface RequestClient {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

const clientStorage = new AsyncLocalStorage<RequestClient>();

/** The client of the HTTP request being handled, if any (services stay transport-agnostic). */
export const currentClient = (): RequestClient => clientStorage.getStore() ?? {};

/** The actor of seeding and internal jobs: passes every guard, never reachable over HTTP. */
export const SYSTEM_ACTOR: Actor = { sub: 'system', roles: ['super-admin'], anonymous: false };
