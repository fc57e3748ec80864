// Notes on drafts (issue 35 §2, ADR 051): threads on a fact-check or article, optionally about one
// of its fields, with @mentions and resolve/reopen. A note is read and written with its item's
// staff Read right: public readers (anonymous, or signed in without a staff role) never reach one,
// and no public route (site, public API, RSS, JSON-LD) reads this table.
import { type Db, newId } from '@tabayyun/db';
import type { Actor } from '@tabayyun/permissions';
import { parseQuery } from '@tabayyun/query';
import { z } from 'zod';
import { AppError, invalidQuery, notFound, validationFailed } from '../../errors.ts';
import type { AccessGuard } from '../../plugins/access.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { readsAsPublic } from '../resources/public-fields.ts';
import type { Registry } from '../resources/resource-types.ts';
import type { ResourceService } from '../resources/resources.service.ts';
import { activeStaff, findNote, insertNote, type NoteRow, notesOf, updateNote } from './notes.repo.ts';

export const NOTE_ITEM_TYPES = ['factcheck', 'article'] as const;
const MENTIONS_MAX = 20;

const noteInput = z.strictObject({
  item: z.string().trim().min(1).max(64),
  itemType: z.enum(NOTE_ITEM_TYPES, { error: 'factcheck or article' }),
  field: z.string().trim().min(1).max(100).nullable().optional(),
  body: z.string({ error: 'Required' }).trim().min(1, { error: 'Required' }).max(10_000),
  mentions: z.array(z.string().trim().min(1).max(64)).max(MENTIONS_MAX).default([]),
  parent: z.string().trim().min(1).max(64).nullable().optional(),
});
const notePatch = z.strictObject({
  body: z.string().trim().min(1, { error: 'Required' }).max(10_000).optional(),
  resolved: z.boolean().optional(),
});

function zodDetails(error: z.ZodError): Record<string, string> {
  const details: Record<string, string> = {};
  for (const issue of error.issues) details[issue.path.join('.') || 'body'] ??= issue.message;
  return details;
}

export type NoteDocument = Omit<NoteRow, 'updatedAt'> & { updatedAt: Date };
const present = (row: NoteRow): NoteDocument => ({ ...row });

export type NotesService = ReturnType<typeof createNotesService>;

export function createNotesService(deps: {
  db: Db;
  resources: ResourceService;
  guard: AccessGuard;
  registry: Registry;
  apiBase: string;
  notifications: NotificationsService;
}) {
  const { db, resources, guard, registry, apiBase, notifications } = deps;
  const pathOf = (itemType: string) => `${apiBase}/${itemType}`;
  const isStaffReader = (actor: Actor, itemType: string) =>
    !actor.anonymous && !readsAsPublic(guard, actor, pathOf(itemType));

  /** The item, as the caller may read it with a staff right; 401 / 403 / 404 otherwise. */
  async function requireItem(actor: Actor, itemType: string, item: string) {
    if (actor.anonymous || !actor.sub) throw new AppError('UNAUTHORIZED', 'Sign in to read notes');
    if (!(NOTE_ITEM_TYPES as readonly string[]).includes(itemType))
      throw validationFailed({ itemType: 'factcheck or article' });
    if (!isStaffReader(actor, itemType)) throw new AppError('FORBIDDEN', 'Notes are for the newsroom');
    return resources.get({
      actor,
      resource: itemType,
      id: item,
      query: parseQuery(new URLSearchParams({ select: '_id,title' })),
    });
  }

  /** Users who may read the item's notes: active, with a staff Read right on its resource. */
  async function mentionable(itemType: string, ids?: readonly string[]) {
    const users = await activeStaff(db, ids);
    return users.filter((u) =>
      isStaffReader({ sub: u._id, roles: u.roles, email: u.email, anonymous: false }, itemType),
    );
  }

  return {
    async list(args: { actor: Actor; query: Record<string, unknown> }) {
      const { actor, query } = args;
      for (const key of Object.keys(query)) {
        if (!['item', 'itemType', 'resolved'].includes(key)) throw invalidQuery(key, 'unknown key');
      }
      if (typeof query.item !== 'string' || !query.item) throw invalidQuery('item', 'required');
      if (typeof query.itemType !== 'string') throw invalidQuery('itemType', 'required');
      let resolved: boolean | undefined;
      if (query.resolved !== undefined) {
        if (query.resolved !== 'true' && query.resolved !== 'false')
          throw invalidQuery('resolved', 'true or false');
        resolved = query.resolved === 'true';
      }
      await requireItem(actor, query.itemType, query.item);
      const rows = await notesOf(db, query.itemType, query.item, resolved);
      return { data: rows.map(present), total: rows.length };
    },

    async get(args: { actor: Actor; id: string }) {
      if (args.actor.anonymous) throw new AppError('UNAUTHORIZED', 'Sign in to read notes');
      const row = await findNote(db, args.id);
      if (!row) throw notFound(`note '${args.id}'`);
      await requireItem(args.actor, row.itemType, row.item);
      return { data: [present(row)] };
    },

    async create(args: { actor: Actor; body: unknown }) {
      const parsed = noteInput.safeParse(args.body);
      if (!parsed.success) throw validationFailed(zodDetails(parsed.error));
      const input = parsed.data;
      const item = await requireItem(args.actor, input.itemType, input.item);
      let parent: NoteRow | undefined;
      if (input.parent) {
        parent = await findNote(db, input.parent);
        if (!parent || parent.item !== input.item || parent.itemType !== input.itemType)
          throw validationFailed({ parent: 'No note of this item with this id' });
        // Threads are one level deep: a reply to a reply joins the thread.
        if (parent.parent) parent = (await findNote(db, parent.parent)) ?? parent;
      }
      const field = parent ? parent.field : (input.field ?? null);
      if (field !== null && !parent) {
        const def = registry.get(input.itemType)!;
        if (!def.fields[field] || def.fields[field]!.output === false)
          throw validationFailed({ field: `'${field}' is not a field of a ${input.itemType}` });
      }
      const mentions = [...new Set(input.mentions)];
      if (mentions.length > 0) {
        const allowed = new Set((await mentionable(input.itemType, mentions)).map((u) => u._id));
        const refused = mentions.filter((m) => !allowed.has(m));
        if (refused.length > 0)
          throw validationFailed({
            mentions: `Not a colleague with access to this item: ${refused.join(', ')}`,
          });
      }
      const now = new Date();
      const row = await insertNote(db, {
        item: input.item,
        itemType: input.itemType,
        field,
        body: input.body,
        mentions,
        parent: parent?._id ?? null,
        createdBy: args.actor.sub ?? null,
        createdAt: now,
        updatedAt: now,
        _id: newId(now),
      });
      if (mentions.length > 0) {
        await notifications.notify({
          kind: 'mentioned',
          recipients: mentions,
          item: input.item,
          itemType: input.itemType,
          actor: args.actor.sub ?? null,
          details: {
            title: String(item.title ?? ''),
            note: row._id,
            excerpt: input.body.length > 140 ? `${input.body.slice(0, 139)}…` : input.body,
          },
        });
      }
      return { _id: row._id, document: present(row) };
    },

    async update(args: { actor: Actor; id: string; body: unknown }) {
      const parsed = notePatch.safeParse(args.body);
      if (!parsed.success) throw validationFailed(zodDetails(parsed.error));
      const row = await findNote(db, args.id);
      if (!row) throw notFound(`note '${args.id}'`);
      await requireItem(args.actor, row.itemType, row.item);
      const set: Parameters<typeof updateNote>[2] = { updatedAt: new Date() };
      if (parsed.data.body !== undefined) {
        if (row.createdBy !== args.actor.sub) throw new AppError('FORBIDDEN', 'Only its author edits a note');
        set.body = parsed.data.body;
      }
      if (parsed.data.resolved !== undefined) {
        if (row.parent) throw validationFailed({ resolved: 'A thread is resolved on its first note' });
        set.resolved = parsed.data.resolved;
        set.resolvedBy = parsed.data.resolved ? (args.actor.sub ?? null) : null;
        set.resolvedAt = parsed.data.resolved ? set.updatedAt! : null;
      }
      const updated = await updateNote(db, row._id, set);
      return { _id: row._id, document: present(updated!) };
    },

    /** Colleagues to @mention on an item: active users with a staff Read right on its resource. */
    async mentionable(args: { actor: Actor; query: Record<string, unknown> }) {
      const { item, itemType } = args.query;
      if (typeof item !== 'string' || !item) throw invalidQuery('item', 'required');
      if (typeof itemType !== 'string') throw invalidQuery('itemType', 'required');
      await requireItem(args.actor, itemType, item);
      const users = await mentionable(itemType);
      return { data: users.map((u) => ({ _id: u._id, name: u.name || u.email })) };
    },
  };
}
