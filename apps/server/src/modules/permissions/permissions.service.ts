// Permission rules in the database, merged over the built-in defaults (ADR 006). Any change
// reloads this instance's guard at once and NOTIFYs the others, which reload too.
import type { Database } from '@tabayyun/db';
import type { Rule } from '@tabayyun/permissions';
import type { AccessGuard } from '../../plugins/access.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import type { ResourceService, WriteResult } from '../resources/resources.service.ts';
import { listPermissionRows, type PermissionRow } from './permissions.repo.ts';

export const PERMISSIONS_CHANNEL = 'permissions_changed';

export function ruleOfRow(row: PermissionRow): Rule {
  return {
    name: row.name,
    path: row.path,
    actions: row.actions as Rule['actions'],
    ruleSource: row.ruleSource ?? 'database',
    ...(row.fallbackAuthorization === 'grant' || row.fallbackAuthorization === 'deny'
      ? { fallbackAuthorization: row.fallbackAuthorization }
      : {}),
  };
}

export function createPermissionsService(deps: {
  database: Database;
  guard: AccessGuard;
  resources: ResourceService;
  audit: AuditLog;
  onReloadError: (error: unknown) => void;
}) {
  const { database, guard, resources, audit } = deps;

  async function reload(): Promise<void> {
    guard.reload((await listPermissionRows(database.db)).map(ruleOfRow));
  }

  async function changed(
    result: WriteResult,
    args: { actor: Parameters<ResourceService['create']>[0]['actor'] },
    change: string,
  ) {
    await reload();
    await database.notify(PERMISSIONS_CHANNEL, result._id);
    audit.record({
      type: 'permission-change',
      actor: args.actor,
      target: result._id,
      targetType: 'permission',
      details: { change, path: result.document.path },
    });
    return result;
  }

  const api: ResourceService = {
    ...resources,
    create: async (args) => changed(await resources.create(args), args, 'create'),
    replace: async (args) => changed(await resources.replace(args), args, 'update'),
    patch: async (args) => changed(await resources.patch(args), args, 'update'),
    remove: async (args) => changed(await resources.remove(args), args, 'delete'),
  };

  return {
    api,
    reload,
    /** Loads the stored rules and follows changes made by other instances. */
    async start(): Promise<() => Promise<void>> {
      await reload();
      return database.listen(PERMISSIONS_CHANNEL, () => {
        reload().catch(deps.onReloadError);
      });
    },
  };
}
