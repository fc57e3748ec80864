// /api/role: the generic operations, with role creation and edits audited (deletes are audited
// by the resource service itself).
import type { AuditLog } from '../audit/audit.service.ts';
import type { ResourceService } from '../resources/resources.service.ts';

export function createRolesService(deps: { resources: ResourceService; audit: AuditLog }): ResourceService {
  const { resources, audit } = deps;
  return {
    ...resources,
    async create(args) {
      const result = await resources.create(args);
      audit.record({ type: 'role-create', actor: args.actor, target: result._id, targetType: 'role' });
      return result;
    },
    async replace(args) {
      const result = await resources.replace(args);
      audit.record({ type: 'role-update', actor: args.actor, target: result._id, targetType: 'role' });
      return result;
    },
    async patch(args) {
      const result = await resources.patch(args);
      audit.record({ type: 'role-update', actor: args.actor, target: result._id, targetType: 'role' });
      return result;
    },
  };
}
