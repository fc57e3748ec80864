// The permission matrix of a role (beyond the spec): what a user holding only that role may do on
// each resource, read from the effective rule tree (GET {permissions}/rules, the defaults with the
// stored rules merged over them) through the same `authorize` the server runs; and the stored rule
// rows that make a changed matrix true. A stored row replaces, per action it names, the whole
// permission list of the merged rule at its path (rule-tree.ts), so a write carries the full list:
// the merged one with this role's own grant added or taken out.
import {
  ACTIONS,
  type Actor,
  authorize,
  type Permission,
  type Rule,
  type RuleBranch,
} from '@tabayyun/permissions';
import { SUPER_ADMIN } from './role-names.ts';

export const MATRIX_RESOURCES = [
  'factcheck',
  'article',
  'feed',
  'category',
  'author',
  'media-source',
  'media-source-run',
  'scraping-report',
  'contact',
  'storage',
  'user',
  'role',
  'permission',
  'audit',
] as const;
export type MatrixResource = (typeof MATRIX_RESOURCES)[number];
export const MATRIX_ACTIONS = ACTIONS;
export type MatrixAction = (typeof ACTIONS)[number];
/** Resources whose writes a role may be kept from publishing. */
export const PUBLISH_RESOURCES: readonly MatrixResource[] = ['factcheck', 'article'];
export const WRITE_ACTIONS: readonly MatrixAction[] = ['Create', 'Update', 'Patch'];
/** Without "may publish", writes may set only these statuses (as the fact-checker's defaults). */
export const UNPUBLISHED_STATUSES = ['draft', 'review'];

export type CellKey = `${MatrixResource}:${MatrixAction}`;
export const cellKey = (resource: MatrixResource, action: MatrixAction): CellKey => `${resource}:${action}`;

/** A user who holds this role only (and is signed in), as the server would see them. */
export function roleActor(roleId: string): Actor {
  return {
    sub: `role-preview:${roleId}`,
    roles: [roleId],
    claims: {},
    emv: false,
    phv: false,
    anonymous: false,
  };
}

export interface CellState {
  granted: boolean;
  /** Granted by a permission naming this role (so the matrix can take it away). */
  own: boolean;
  /** Granted to everyone or every signed-in user: not this role's to change. */
  shared: boolean;
}

export interface RoleMatrix {
  cells: Record<CellKey, CellState>;
  /** factcheck/article: whether the role's writes may set status published. */
  publish: Partial<Record<MatrixResource, boolean>>;
}

const isRoleGrant = (p: Permission, roleId: string) => p.by === 'role' && p.value === roleId;

/** The matrix as the rules stand. */
export function readMatrix(
  tree: RuleBranch,
  roleId: string,
  pathOf: (r: MatrixResource) => string,
): RoleMatrix {
  const actor = roleActor(roleId);
  const cells = {} as Record<CellKey, CellState>;
  const publish: RoleMatrix['publish'] = {};
  for (const resource of MATRIX_RESOURCES) {
    for (const action of MATRIX_ACTIONS) {
      const decision = authorize(tree, actor, pathOf(resource), action);
      const own =
        decision.granted &&
        (roleId === SUPER_ADMIN ||
          (decision.permission !== undefined && isRoleGrant(decision.permission, roleId)));
      cells[cellKey(resource, action)] = { granted: decision.granted, own, shared: decision.granted && !own };
    }
    if (PUBLISH_RESOURCES.includes(resource)) {
      const writes = WRITE_ACTIONS.map((action) => authorize(tree, actor, pathOf(resource), action)).filter(
        (d) => d.granted,
      );
      publish[resource] =
        writes.length > 0 &&
        writes.every((d) =>
          d.selectors.payload.every(
            (allowed) => !('status' in allowed) || allowed.status!.includes('published'),
          ),
        );
    }
  }
  return { cells, publish };
}

/** The merged rule standing exactly at `path` (not a parent's). */
export function ruleAt(tree: RuleBranch, path: string): Rule | null {
  let branch: RuleBranch | undefined = tree;
  for (const segment of path.split('/')) {
    if (!segment) continue;
    branch = branch?.children[segment];
    if (!branch) return null;
  }
  return branch.item;
}

function withPublish(permission: Permission, publish: boolean): Permission {
  const payload = { ...(permission.selectors?.payload ?? {}) };
  if (publish) delete payload.status;
  else payload.status = [...UNPUBLISHED_STATUSES];
  const selectors = { ...permission.selectors };
  if (Object.keys(payload).length > 0) selectors.payload = payload;
  else delete selectors.payload;
  const { selectors: _old, ...rest } = permission;
  return Object.keys(selectors).length > 0 ? { ...rest, selectors } : rest;
}

/**
 * The action lists a stored row at this resource's path needs so the role gets `wanted` (cells and
 * publish); only actions that change are returned. The role's own grant goes first: the first
 * matching grant's selectors apply, so it must come before a public `status=published` grant.
 */
export function actionsToWrite(opts: {
  tree: RuleBranch;
  roleId: string;
  resource: MatrixResource;
  path: string;
  current: RoleMatrix;
  wanted: RoleMatrix;
}): Record<string, Permission[]> {
  const { tree, roleId, resource, path, current, wanted } = opts;
  const rule = ruleAt(tree, path);
  const changed: Record<string, Permission[]> = {};
  const publishChanged =
    PUBLISH_RESOURCES.includes(resource) && current.publish[resource] !== wanted.publish[resource];
  for (const action of MATRIX_ACTIONS) {
    const key = cellKey(resource, action);
    const was = current.cells[key];
    const want = wanted.cells[key];
    const grantChanged = was.granted !== want.granted && !was.shared;
    const touchesPublish = publishChanged && WRITE_ACTIONS.includes(action) && want.granted;
    if (!grantChanged && !touchesPublish) continue;
    const list = [...(rule?.actions[action] ?? [])];
    const existing = list.find((p) => isRoleGrant(p, roleId) && p.access === 'grant');
    let next = list.filter((p) => !(isRoleGrant(p, roleId) && p.access === 'grant'));
    if (want.granted) {
      let grant: Permission = existing ?? { by: 'role', value: roleId, access: 'grant' };
      if (PUBLISH_RESOURCES.includes(resource) && WRITE_ACTIONS.includes(action)) {
        grant = withPublish(grant, wanted.publish[resource] ?? false);
      }
      next = [grant, ...next];
    }
    changed[action] = next;
  }
  return changed;
}

/** Resources whose stored row must change between two matrices. */
export function changedResources(current: RoleMatrix, wanted: RoleMatrix): MatrixResource[] {
  return MATRIX_RESOURCES.filter(
    (resource) =>
      MATRIX_ACTIONS.some((action) => {
        const key = cellKey(resource, action);
        return current.cells[key].granted !== wanted.cells[key].granted && !current.cells[key].shared;
      }) ||
      (PUBLISH_RESOURCES.includes(resource) && current.publish[resource] !== wanted.publish[resource]),
  );
}
