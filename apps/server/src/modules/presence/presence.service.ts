// Who else has a record open (issue 12): heartbeats in PostgreSQL, so every instance sees every
// editor (ARCHITECTURE §1). Only signed-in users who may read the record take part.
import type { Db } from '@tabayyun/db';
import type { Actor } from '@tabayyun/permissions';
import { type PresenceEntry, presenceInput } from '@tabayyun/schemas';
import { AppError, validationFailed } from '../../errors.ts';
import type { ResourceService } from '../resources/resources.service.ts';
import { deletePresence, deleteStalePresence, listPresence, upsertPresence } from './presence.repo.ts';

export interface PresenceServiceDeps {
  db: Db;
  resources: ResourceService;
  ttlMs: number;
  /** The clock (tests move it). */
  now?: () => Date;
}

export type PresenceService = ReturnType<typeof createPresenceService>;

export function createPresenceService(deps: PresenceServiceDeps) {
  const { db, resources } = deps;
  const now = deps.now ?? (() => new Date());

  const signedIn = (actor: Actor): string => {
    if (actor.anonymous || !actor.sub) throw new AppError('UNAUTHORIZED', 'Sign in to share presence');
    return actor.sub;
  };

  /** The record named by the input, which the actor must be able to read (else 404). */
  async function readableRecord(actor: Actor, input: unknown) {
    const user = signedIn(actor);
    const parsed = presenceInput.safeParse(input);
    if (!parsed.success) {
      const details: Record<string, string> = {};
      for (const issue of parsed.error.issues) details[issue.path.join('.')] ??= issue.message;
      throw validationFailed(details);
    }
    const { resource, id } = parsed.data;
    try {
      resources.definition(resource);
    } catch {
      throw validationFailed({ resource: `Unknown resource '${resource}'` });
    }
    await resources.get({
      actor,
      resource,
      id,
      query: { where: [], select: { mode: 'include', fields: [] } },
    });
    return { resource, recordId: id, user };
  }

  async function others(key: { resource: string; recordId: string; user: string }): Promise<PresenceEntry[]> {
    const staleBefore = new Date(now().getTime() - deps.ttlMs);
    const rows = await listPresence(db, { ...key, exceptUser: key.user, staleBefore });
    return rows.map((r) => ({
      user: r.user,
      name: r.name,
      since: r.since.toISOString(),
      lastSeen: r.lastSeen.toISOString(),
    }));
  }

  return {
    /** A heartbeat; answers the other editors, so one call both reports and asks. */
    async beat(args: { actor: Actor; input: unknown }): Promise<PresenceEntry[]> {
      const key = await readableRecord(args.actor, args.input);
      const at = now();
      const staleBefore = new Date(at.getTime() - deps.ttlMs);
      await upsertPresence(db, key, at, staleBefore);
      await deleteStalePresence(db, staleBefore);
      return others(key);
    },
    async list(args: { actor: Actor; input: unknown }): Promise<PresenceEntry[]> {
      return others(await readableRecord(args.actor, args.input));
    },
    async leave(args: { actor: Actor; input: unknown }): Promise<void> {
      const user = signedIn(args.actor);
      const parsed = presenceInput.safeParse(args.input);
      if (!parsed.success) throw validationFailed({ '': 'resource and id are required' });
      await deletePresence(db, { resource: parsed.data.resource, recordId: parsed.data.id, user });
    },
  };
}
