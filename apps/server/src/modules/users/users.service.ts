// /api/user as the back office calls it: the generic resource operations over the user table,
// plus what users need beyond them: creating goes through sign-up (a password, the policy, an
// admin token), reading one user obeys the `/api/user/:id` rule (everyone reads their own record),
// role changes are audited and reach every instance at once, and deletes end the user's sessions.
import type { Db } from '@tabayyun/db';
import type { Actor } from '@tabayyun/permissions';
import type { AccessGuard } from '../../plugins/access.ts';
import { currentClient } from '../../plugins/actor.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { deleteUserSessions } from '../auth/sessions.repo.ts';
import { deleteAllSecondFactors } from '../auth/two-factor/two-factor.repo.ts';
import type { ResourceService } from '../resources/resources.service.ts';

export interface UsersServiceDeps {
  db: Db;
  guard: AccessGuard;
  apiBase: string;
  resources: ResourceService;
  /** A resource service whose guard checks a fixed path (built per call, it is only closures). */
  resourcesAt: (path: string) => ResourceService;
  auth: AuthService;
  audit: AuditLog;
  userChanged: (sub: string) => void;
}

const sameRoles = (a: unknown, b: unknown) =>
  JSON.stringify([...((a as string[]) ?? [])].sort()) === JSON.stringify([...((b as string[]) ?? [])].sort());

export function createUsersService(deps: UsersServiceDeps): ResourceService {
  const { resources } = deps;
  const afterWrite = (
    actor: Actor,
    id: string,
    before: Record<string, unknown>,
    after: Record<string, unknown>,
  ) => {
    deps.userChanged(id);
    if (!sameRoles(before.roles, after.roles)) {
      deps.audit.record({
        type: 'role-change',
        actor,
        target: id,
        targetType: 'user',
        details: { from: before.roles, to: after.roles },
      });
    }
  };
  const current = (actor: Actor, id: string) =>
    resources.get({ actor, resource: 'user', id }).catch(() => ({}) as Record<string, unknown>);
  return {
    ...resources,
    get(args) {
      return deps.resourcesAt(`${deps.apiBase}/user/${args.id}`).get(args);
    },
    async create(args) {
      deps.guard.require(args.actor, `${deps.apiBase}/user`, 'Create');
      const document = await deps.auth.signUp({
        actor: args.actor,
        input: args.input,
        client: currentClient(),
      });
      return { _id: document._id, document };
    },
    async replace(args) {
      const before = await current(args.actor, args.id);
      const result = await resources.replace(args);
      afterWrite(args.actor, args.id, before, result.document);
      return result;
    },
    async patch(args) {
      const before = await current(args.actor, args.id);
      const result = await resources.patch(args);
      afterWrite(args.actor, args.id, before, result.document);
      return result;
    },
    async remove(args) {
      const result = await resources.remove(args);
      await deleteUserSessions(deps.db, result._id);
      await deleteAllSecondFactors(deps.db, result._id);
      deps.userChanged(result._id);
      return result;
    },
  };
}
