// The append-only security log (ARCHITECTURE.md §5, beyond the spec): sign-in, failed sign-in,
// lockout, impersonation and its end, role and permission changes, password resets, bans,
// deletes and publishes, each with actor, impersonator, target, time and client.
// Writes are fire-and-forget so a slow log never slows a sign-in; `flush` awaits them (on close).
import type { Db } from '@tabayyun/db';
import type { Actor } from '@tabayyun/permissions';
import { AppError } from '../../errors.ts';
import { currentClient, type RequestClient } from '../../plugins/actor.ts';
import type { ContentAuditEvent, ResourceService } from '../resources/resources.service.ts';
import { insertAuditEvent } from './audit.repo.ts';

export const AUDIT_TYPES = [
  'sign-in',
  'sign-in-failed',
  'lockout',
  'refresh-reuse',
  'sessions-ended',
  'account-attacked',
  'impersonate',
  'unimpersonate',
  'signup',
  'user-change',
  'role-change',
  'role-create',
  'role-update',
  'role-delete',
  'permission-change',
  'password-reset',
  'ban',
  'unban',
  'delete',
  'publish',
  // The editorial workflow (issue 33, ADR 039): details name from, to, rule and reason.
  'unpublish',
  'status-change',
  'scheduled-publish-failed',
  'workflow-settings-change',
  'correction',
  'second-factor-change',
] as const;
export type AuditType = (typeof AUDIT_TYPES)[number];

export interface AuditInput {
  type: AuditType;
  /** Who did it; for a failed sign-in, absent. */
  actor?: Actor | undefined;
  /** The id of what it was done to (a user, a role, a fact-check). */
  target?: string | undefined;
  targetType?: string | undefined;
  details?: Record<string, unknown> | undefined;
  /** Defaults to the client of the current HTTP request. */
  client?: RequestClient | undefined;
}

/** What the resource service reports (resources.service.ts `onAudit`). */
export type { ContentAuditEvent };

export type AuditLog = ReturnType<typeof createAuditLog>;

export function createAuditLog(deps: { db: Db; onError?: (error: unknown) => void }) {
  const pending = new Set<Promise<void>>();
  const record = (input: AuditInput): void => {
    const client = input.client ?? currentClient();
    const imps = input.actor?.claims?.imps;
    const write = insertAuditEvent(deps.db, {
      type: input.type,
      actor: input.actor?.anonymous === false ? (input.actor.sub ?? null) : null,
      impersonator: typeof imps === 'string' ? imps : null,
      target: input.target ?? null,
      targetType: input.targetType ?? null,
      ip: client.ip ?? null,
      userAgent: client.userAgent ?? null,
      details: input.details ?? null,
    })
      .catch((error: unknown) => deps.onError?.(error))
      .finally(() => pending.delete(write));
    pending.add(write);
  };
  return {
    record,
    /** Content deletes and publishes; seeding (the system actor) is not a security event. */
    recordContent(event: ContentAuditEvent): void {
      if (event.actor.sub === 'system') return;
      record({
        type: event.type,
        actor: event.actor,
        target: event.id,
        targetType: event.resource,
        details: event.details,
      });
    },
    async flush(): Promise<void> {
      await Promise.all([...pending]);
    },
  };
}

/** GET /api/audit: the generic reads; every write answers 405, whoever asks (append-only). */
export function createAuditReadApi(resources: ResourceService): ResourceService {
  const refuse = async (): Promise<never> => {
    throw new AppError('METHOD_NOT_ALLOWED', 'The audit log is append-only');
  };
  return { ...resources, create: refuse, replace: refuse, patch: refuse, remove: refuse };
}
