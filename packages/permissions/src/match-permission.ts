import { evaluateCondition } from './condition.ts';
import type { Actor, ClaimPermissionValue, Permission } from './types.ts';

/**
 * Whether a permission applies to an actor, by its `by` kind. Only `anonymous` matches a
 * signed-out actor: claims, roles and addresses come from an access token. An unknown `by`
 * matches nobody; a claim with an unknown operator throws (a broken deny must not fail open).
 */
export function matchesPermission(permission: Permission, actor: Actor): boolean {
  if (permission.by === 'anonymous') return true;
  if (actor.anonymous) return false;
  const value = permission.value;
  switch (permission.by) {
    case 'user':
      return value === undefined || value === null || value === '' || value === actor.sub;
    case 'emv':
      return actor.emv === true;
    case 'phv':
      return actor.phv === true;
    case 'role':
      return typeof value === 'string' && actor.roles.includes(value);
    case 'email':
      return (
        typeof value === 'string' &&
        typeof actor.email === 'string' &&
        value.length === actor.email.length &&
        value.toLowerCase() === actor.email.toLowerCase()
      );
    case 'phone':
      return typeof value === 'string' && value === actor.phone;
    case 'claim':
      return isClaimValue(value) && matchesClaim(value, actor);
    default:
      return false;
  }
}

function isClaimValue(value: unknown): value is ClaimPermissionValue {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ClaimPermissionValue).claimFieldPath === 'string'
  );
}

function matchesClaim(claim: ClaimPermissionValue, actor: Actor): boolean {
  return evaluateCondition(
    { op: claim.operator ?? 'eq', left: { path: claim.claimFieldPath }, right: { value: claim.claimValue } },
    actor.claims ?? {},
  );
}
