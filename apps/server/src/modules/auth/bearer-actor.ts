// Bearer token → actor. A request without a token is anonymous; a token that is present but
// invalid, expired, tampered, of the wrong type or of a disabled or deleted user is 401, never a
// silent fall back to anonymous. Roles and addresses come from the user's current row (cached,
// evicted on change), so a ban or a role change applies to tokens already issued.
import type { Actor } from '@tabayyun/permissions';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import type { TokenService } from './token.service.ts';
import type { UserStateCache } from './user-state.ts';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The session (refresh-token family) of each request's access token, read by the devices calls. */
const sessions = new WeakMap<FastifyRequest, string>();

/** The caller's session id (the token's `sid`), when its access token carries one. */
export const sessionIdOf = (request: FastifyRequest): string | undefined => sessions.get(request);

/**
 * Files are fetched with `?access_token=` when the browser cannot send a header (spec §6). Only
 * there (GET/HEAD under the files base): a token in other URLs would leak into logs and Referer.
 */
function tokenOf(request: FastifyRequest, allowQueryToken: boolean): string | undefined {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = BEARER.exec(header);
    if (!match) throw new AppError('UNAUTHORIZED', 'The Authorization header must be "Bearer <token>"');
    return match[1];
  }
  if (!allowQueryToken) return undefined;
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.access_token === 'string' && query.access_token ? query.access_token : undefined;
}

export function createBearerActorResolver(deps: {
  tokens: TokenService;
  users: UserStateCache;
  /** The API's base paths; pages of the site render for the anonymous reader whatever is sent. */
  prefixes: readonly string[];
  /** The files base, the one place `?access_token=` is read. */
  filesBase: string;
}) {
  const under = (url: string, p: string) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`);
  return async (request: FastifyRequest): Promise<Actor | undefined> => {
    if (!deps.prefixes.some((p) => under(request.url, p))) return undefined;
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    const token = tokenOf(request, isRead && under(request.url, deps.filesBase));
    if (token === undefined) return undefined;
    let claims: Awaited<ReturnType<TokenService['verifyAccess']>>;
    try {
      claims = await deps.tokens.verifyAccess(token);
    } catch {
      throw new AppError('UNAUTHORIZED', 'The access token is invalid or expired');
    }
    const state = await deps.users.get(claims.sub);
    if (!state || state.disabled)
      throw new AppError('UNAUTHORIZED', 'This account is disabled or no longer exists');
    if (typeof claims.sid === 'string') sessions.set(request, claims.sid);
    return {
      sub: claims.sub,
      roles: state.roles,
      email: state.email,
      ...(state.phone ? { phone: state.phone } : {}),
      emv: state.emv,
      phv: state.phv,
      claims: claims.claims ?? {},
      anonymous: false,
    };
  };
}
