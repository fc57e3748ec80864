// Notifications (issue 35 §3, ADR 051): one row per recipient and event, written after the event's
// own write has committed; never to the user whose action it was. Each is mailed at once, kept for
// the recipient's daily digest, or not mailed, by their choice per kind (profile settings).
import { join } from 'node:path';
import { type Db, type DbExecutor, newId } from '@tabayyun/db';
import type { Actor } from '@tabayyun/permissions';
import type { Config } from '../../config.ts';
import { AppError, invalidQuery, notFound, validationFailed } from '../../errors.ts';
import { createMailer, type Mailer } from '../mail/mail.service.ts';
import type { ApiDocument } from '../resources/resource-types.ts';
import {
  MAIL_MODES,
  type MailMode,
  mailModesOf,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from './notification-kinds.ts';
import { digestMail, immediateMail, type MailedNotification } from './notification-mails.ts';
import {
  activeUsers,
  claimDueDigest,
  factcheckOwners,
  insertNotifications,
  itemSummary,
  listNotifications,
  mailSettingsOf,
  markMailed,
  type NotificationRow,
  readMailSettings,
  setAllRead,
  setRead,
  startDigestClocks,
  userNames,
  writeMailSettings,
} from './notifications.repo.ts';

const DAY_MS = 24 * 3_600_000;
const PER_PAGE_DEFAULT = 20;
const PER_PAGE_MAX = 100;
/** Digests one tick sends at most (per instance); the next tick goes on. */
const DIGESTS_PER_TICK_MAX = 50;

export interface NotifyInput {
  kind: NotificationKind;
  /** Who should hear of it; duplicates, nulls and the actor are dropped. */
  recipients: readonly (string | null | undefined)[];
  item: string | null;
  itemType: string | null;
  /** The user whose action it was; null for the system (scheduler, monitoring). */
  actor: string | null;
  details: Record<string, unknown>;
}

type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

export interface NotificationDocument {
  _id: string;
  kind: string;
  item: string | null;
  itemType: string | null;
  actor: string | null;
  details: Record<string, unknown>;
  read: boolean;
  createdAt: Date;
}

const present = (row: NotificationRow): NotificationDocument => ({
  _id: row._id,
  kind: row.kind,
  item: row.item,
  itemType: row.itemType,
  actor: row.actor,
  details: row.details,
  read: row.read,
  createdAt: row.createdAt,
});

const signedIn = (actor: Actor): string => {
  if (actor.anonymous || !actor.sub) throw new AppError('UNAUTHORIZED', 'Sign in to read your notifications');
  return actor.sub;
};

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export type NotificationsService = ReturnType<typeof createNotificationsService>;

export function createNotificationsService(deps: {
  db: Db;
  config: Pick<Config, 'PUBLIC_URL' | 'PRODUCT_NAME' | 'SMTP_URL' | 'MAIL_FROM' | 'dataDir'>;
}) {
  const { db, config } = deps;
  let log: Log | undefined;
  let mailer: Mailer | undefined;
  const mailerOf = () => {
    mailer ??= createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: join(config.dataDir, 'outbox'),
      log: (fields, message) => log?.info(fields, message),
    });
    return mailer;
  };
  /** Work started by events (content changes) and not finished yet. */
  const pending = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const p = work
      .catch((err: unknown) => log?.error({ err }, 'notification failed'))
      .finally(() => pending.delete(p));
    pending.add(p);
  };
  const idle = async () => {
    while (pending.size > 0) await Promise.all([...pending]);
  };

  async function mailed(rows: NotificationRow[], executor: DbExecutor = db): Promise<MailedNotification[]> {
    const names = await userNames(executor, [
      ...new Set(rows.map((r) => r.actor).filter((a): a is string => !!a)),
    ]);
    return rows.map((r) => ({
      kind: r.kind,
      item: r.item,
      itemType: r.itemType,
      actorName: r.actor ? (names.get(r.actor) ?? null) : null,
      details: r.details,
      createdAt: r.createdAt,
    }));
  }

  async function notify(input: NotifyInput): Promise<NotificationDocument[]> {
    const wanted = [...new Set(input.recipients.filter((r): r is string => !!r && r !== input.actor))];
    const users = await activeUsers(db, wanted);
    if (users.length === 0) return [];
    const settings = await mailSettingsOf(
      db,
      users.map((u) => u._id),
    );
    const now = new Date();
    const modeOf = (id: string): MailMode => mailModesOf(settings.get(id))[input.kind];
    await startDigestClocks(
      db,
      users.filter((u) => modeOf(u._id) === 'digest' && !settings.has(u._id)).map((u) => u._id),
      now,
    );
    const rows = await insertNotifications(
      db,
      users.map((u) => ({
        _id: newId(now),
        recipient: u._id,
        kind: input.kind,
        item: input.item,
        itemType: input.itemType,
        actor: input.actor,
        details: input.details,
        mail: modeOf(u._id) === 'digest' ? ('digest' as const) : ('none' as const),
        createdAt: now,
      })),
    );
    const immediate = rows.filter((r) => modeOf(r.recipient) === 'immediate');
    if (immediate.length > 0) {
      const byId = new Map(users.map((u) => [u._id, u]));
      const texts = await mailed(immediate);
      for (const [i, row] of immediate.entries()) {
        const to = byId.get(row.recipient)!.email;
        await mailerOf().send({
          to,
          ...immediateMail({
            product: config.PRODUCT_NAME,
            publicUrl: config.PUBLIC_URL,
            notification: texts[i]!,
          }),
        });
        await markMailed(db, [row._id]);
      }
    }
    return rows.map(present);
  }

  /** The desk's events in a committed write of a fact-check, article or feed item. */
  function eventsOf(
    resource: string,
    id: string,
    records: { before?: ApiDocument | undefined; after?: ApiDocument | undefined },
  ): NotifyInput[] {
    const { before, after } = records;
    if (!after || !['factcheck', 'article', 'feed'].includes(resource)) return [];
    const actor = str(after.updatedBy);
    const base = { item: id, itemType: resource, actor, details: { title: String(after.title ?? '') } };
    const events: NotifyInput[] = [];
    const assignee = str(after.assignee);
    if (assignee && assignee !== str(before?.assignee)) {
      events.push({ ...base, kind: 'assigned', recipients: [assignee] });
    }
    if (resource !== 'feed') {
      // A send-back carries its reason; an author recalling their own submission does not.
      if (before?.status === 'review' && after.status === 'draft' && str(after.statusReason)) {
        events.push({
          ...base,
          kind: 'sent-back',
          recipients: [assignee ?? str(before.lastEditedBy)],
          details: { ...base.details, reason: str(after.statusReason) },
        });
      }
      if (before?.status !== 'published' && after.status === 'published') {
        events.push({ ...base, kind: 'published', recipients: [assignee, str(after.lastEditedBy)] });
      }
    }
    return events;
  }

  return {
    setLog(next: Log) {
      log = next;
    },
    /** Waits for the notifications of events already told (tests; graceful stop). */
    idle,
    notify,
    /** Told of every committed content write (services.ts): assigned, sent back, published. */
    onContentChange(
      resource: string,
      id: string,
      records: { before?: ApiDocument | undefined; after?: ApiDocument | undefined },
    ): void {
      const events = eventsOf(resource, id, records);
      if (events.length > 0) track(Promise.all(events.map(notify)));
    },
    /** The scheduled publisher gave up on an item: its scheduler (and assignee) hear of it. */
    scheduledPublishFailed(args: {
      resource: string;
      id: string;
      scheduledBy: string | null;
      code: string;
      message: string;
    }): void {
      track(
        (async () => {
          const item = await itemSummary(db, args.resource, args.id);
          await notify({
            kind: 'scheduled-publish-failed',
            recipients: [args.scheduledBy, item?.assignee],
            item: args.id,
            itemType: args.resource,
            actor: null,
            details: { title: item?.title ?? '', code: args.code, message: args.message },
          });
        })(),
      );
    },
    /** Monitoring stored new feed items that match published fact-checks: their owners hear of it. */
    feedItemsMatched(
      items: { _id: string; title: string; matches: { _id: string; score?: number }[] }[],
    ): void {
      if (items.length === 0) return;
      track(
        (async () => {
          const owners = new Map(
            (await factcheckOwners(db, [...new Set(items.flatMap((i) => i.matches.map((m) => m._id)))])).map(
              (o) => [o._id, o],
            ),
          );
          for (const item of items) {
            for (const match of item.matches) {
              const owner = owners.get(match._id);
              if (!owner?.owner) continue;
              await notify({
                kind: 'feed-match',
                recipients: [owner.owner],
                item: item._id,
                itemType: 'feed',
                actor: null,
                details: {
                  title: item.title,
                  factcheck: owner._id,
                  factcheckTitle: owner.title,
                  ...(match.score === undefined ? {} : { score: match.score }),
                },
              });
            }
          }
        })(),
      );
    },

    async list(args: { actor: Actor; read?: string; page?: number; perPage?: number }) {
      const me = signedIn(args.actor);
      await idle();
      let read: boolean | undefined;
      if (args.read !== undefined) {
        if (args.read !== 'true' && args.read !== 'false') throw invalidQuery('read', 'true or false');
        read = args.read === 'true';
      }
      const perPage = args.perPage ?? PER_PAGE_DEFAULT;
      if (!Number.isInteger(perPage) || perPage < 1 || perPage > PER_PAGE_MAX)
        throw invalidQuery('per_page', `a whole number from 1 to ${PER_PAGE_MAX}`);
      const page = args.page ?? 1;
      if (!Number.isInteger(page) || page < 1) throw invalidQuery('page', 'a whole number from 1');
      const { rows, total, unread } = await listNotifications(db, me, {
        read,
        limit: perPage,
        offset: (page - 1) * perPage,
      });
      return { data: rows.map(present), total, unread };
    },

    async markRead(args: { actor: Actor; id: string; read?: unknown }) {
      const me = signedIn(args.actor);
      if (args.read !== undefined && typeof args.read !== 'boolean')
        throw validationFailed({ read: 'true or false' });
      const row = await setRead(db, me, args.id, args.read ?? true);
      // Another user's notification is as absent as a missing one.
      if (!row) throw notFound(`notification '${args.id}'`);
      return { data: [present(row)] };
    },

    async markAllRead(args: { actor: Actor }) {
      const me = signedIn(args.actor);
      await idle();
      return { data: { updated: await setAllRead(db, me) } };
    },

    async readSettings(args: { actor: Actor }) {
      const me = signedIn(args.actor);
      return { email: mailModesOf(await readMailSettings(db, me)) };
    },

    async writeSettings(args: { actor: Actor; body: unknown }) {
      const me = signedIn(args.actor);
      const email = (args.body as { email?: unknown } | null)?.email;
      if (typeof email !== 'object' || email === null || Array.isArray(email))
        throw validationFailed({ email: 'An object of kind → off | immediate | digest' });
      const errors: Record<string, string> = {};
      for (const [kind, mode] of Object.entries(email)) {
        if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind))
          errors[`email.${kind}`] = 'Unknown kind';
        else if (!(MAIL_MODES as readonly string[]).includes(String(mode)))
          errors[`email.${kind}`] = 'off, immediate or digest';
      }
      if (Object.keys(errors).length > 0) throw validationFailed(errors);
      const merged = {
        ...mailModesOf(await readMailSettings(db, me)),
        ...(email as Record<string, MailMode>),
      };
      await writeMailSettings(db, me, merged, new Date());
      return { email: merged };
    },

    /** Sends the digests that are due (one per user and day); answers how many were sent. */
    async sendDueDigests(opts: { now?: Date; stopped?: () => boolean } = {}): Promise<number> {
      const now = opts.now ?? new Date();
      let sent = 0;
      while (sent < DIGESTS_PER_TICK_MAX && !opts.stopped?.()) {
        const done = await db.transaction(async (tx) => {
          const claim = await claimDueDigest(tx, now, DAY_MS);
          if (!claim) return false;
          const [recipient] = await activeUsers(tx, [claim.user]);
          if (recipient && claim.rows.length > 0) {
            await mailerOf().send({
              to: recipient.email,
              ...digestMail({
                product: config.PRODUCT_NAME,
                publicUrl: config.PUBLIC_URL,
                notifications: await mailed(claim.rows, tx),
              }),
            });
          }
          return true;
        });
        if (!done) break;
        sent++;
      }
      return sent;
    },
    close() {
      mailer?.close();
    },
  };
}
