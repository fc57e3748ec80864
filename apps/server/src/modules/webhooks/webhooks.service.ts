// Partners' webhooks (issue 36 §3, ADR 053). Administrators register endpoints for events; a
// committed write that is one of those events (webhook-events.ts) becomes one delivery per active
// webhook, stored with the exact JSON body, on the instance that made the write. Every instance
// runs the deliverer (periodicJob): it claims due deliveries with FOR UPDATE SKIP LOCKED, moving
// `next_attempt_at` forward as a lease, so each attempt runs on one instance; it POSTs the body
// through the safe fetcher (FETCH_ALLOW_HOSTS), signed (signature.ts). A failed attempt is
// retried after WEBHOOK_RETRY_BASE_MS, doubling each time, until 24 hours after the event; then the
// delivery is `failed`. "Redeliver" sends a delivery's body again as a new delivery.
import {
  and,
  arrayContains,
  article as articleTable,
  category,
  count,
  type Db,
  desc,
  eq,
  factcheck,
  feed,
  newId,
  sql,
  webhook,
  webhookDelivery,
} from '@tabayyun/db';
import type { Actor } from '@tabayyun/permissions';
import { AppError, notFound, validationFailed } from '../../errors.ts';
import type { AccessGuard } from '../../plugins/access.ts';
import type { SecretBox } from '../auth/two-factor/secret-box.ts';
import { FetchError, type SafeFetch } from '../monitoring/safe-fetch.ts';
import { applyJsonPatch } from '../resources/json-patch.ts';
import { periodicJob } from '../scheduling/periodic-job.ts';
import { type PublicSite, publicAddressOf } from '../workflow/gate-context.ts';
import { SIGNATURE_HEADER, signatureHeader } from './signature.ts';
import { eventOf, isWebhookEvent, WEBHOOK_EVENTS, type WebhookEvent } from './webhook-events.ts';
import type { WrittenRecords } from './write-hooks.ts';

/** Deliveries are retried until this long after the event. */
export const RETRY_WINDOW_MS = 24 * 60 * 60_000;
/** Deliveries claimed per tick and instance. */
const DELIVERIES_PER_TICK_MAX = 20;
const URL_MAX = 2048;
const SECRET_MIN = 16;
const SECRET_MAX = 256;
const ERROR_MAX = 500;
/** The deliverer forgets old finished deliveries at most this often, and this many per statement. */
const PRUNE_EVERY_MS = 60 * 60_000;
const PRUNE_BATCH = 1000;

export interface WebhookView {
  _id: string;
  url: string;
  events: string[];
  active: boolean;
  description: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface DeliveryView {
  _id: string;
  webhook: string;
  event: string;
  status: string;
  attempts: number;
  responseStatus: number | null;
  error: string | null;
  nextAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  deliveredAt: Date | null;
  redeliveryOf: string | null;
  createdAt: Date;
  payload?: unknown;
}

const webhookColumns = {
  _id: webhook._id,
  url: webhook.url,
  events: webhook.events,
  active: webhook.active,
  description: webhook.description,
  createdAt: webhook.createdAt,
  updatedAt: webhook.updatedAt,
};

const deliveryColumns = {
  _id: webhookDelivery._id,
  webhook: webhookDelivery.webhook,
  event: webhookDelivery.event,
  status: webhookDelivery.status,
  attempts: webhookDelivery.attempts,
  responseStatus: webhookDelivery.responseStatus,
  error: webhookDelivery.error,
  nextAttemptAt: webhookDelivery.nextAttemptAt,
  lastAttemptAt: webhookDelivery.lastAttemptAt,
  deliveredAt: webhookDelivery.deliveredAt,
  redeliveryOf: webhookDelivery.redeliveryOf,
  createdAt: webhookDelivery.createdAt,
};

interface WebhookInput {
  url?: string;
  events?: WebhookEvent[];
  secret?: string;
  active?: boolean;
  description?: string | null;
}

/**
 * Checks a body; `partial` for a PATCH (absent fields stay as they are). The secret may be left
 * out of any change (it is never read back, so a form cannot send it again): it stays as it is.
 */
function parseInput(body: unknown, partial: boolean, secretRequired = !partial): WebhookInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError('VALIDATION_FAILED', 'The body must be a JSON object');
  }
  const raw = body as Record<string, unknown>;
  const problems: Record<string, string> = {};
  const out: WebhookInput = {};
  const known = new Set(['url', 'events', 'secret', 'active', 'description']);
  for (const key of Object.keys(raw)) {
    if (!known.has(key) && !key.startsWith('_')) problems[key] = 'is not a field of a webhook';
  }
  if (raw.url !== undefined || !partial) {
    let ok = false;
    if (typeof raw.url === 'string' && raw.url.length <= URL_MAX) {
      try {
        const u = new URL(raw.url);
        ok = (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
      } catch {
        ok = false;
      }
    }
    if (ok) out.url = raw.url as string;
    else
      problems.url = `must be an http or https address of at most ${URL_MAX} characters, without credentials`;
  }
  if (raw.events !== undefined || !partial) {
    const events = raw.events;
    if (Array.isArray(events) && events.length > 0 && events.every(isWebhookEvent)) {
      out.events = [...new Set(events)];
    } else {
      problems.events = `must list one or more of ${WEBHOOK_EVENTS.join(', ')}`;
    }
  }
  if (raw.secret !== undefined || secretRequired) {
    const s = raw.secret;
    if (typeof s === 'string' && s.length >= SECRET_MIN && s.length <= SECRET_MAX) out.secret = s;
    else problems.secret = `must be a text of ${SECRET_MIN} to ${SECRET_MAX} characters`;
  }
  if (raw.active !== undefined) {
    if (typeof raw.active === 'boolean') out.active = raw.active;
    else problems.active = 'must be true or false';
  }
  if (raw.description !== undefined) {
    if (raw.description === null || (typeof raw.description === 'string' && raw.description.length <= 500)) {
      out.description = raw.description as string | null;
    } else problems.description = 'must be a text of at most 500 characters';
  }
  if (Object.keys(problems).length > 0) throw validationFailed(problems, 'The webhook is not valid');
  return out;
}

const pick = (doc: Record<string, unknown> | undefined, keys: readonly string[]) =>
  Object.fromEntries(keys.filter((k) => doc?.[k] !== undefined).map((k) => [k, doc![k]]));

const ITEM_FIELDS = [
  '_id',
  'title',
  'slug',
  'language',
  'status',
  'category',
  'claimSummary',
  'description',
  'publishedAt',
  'updatedAt',
] as const;

export function createWebhooksService(deps: {
  db: Db;
  guard: AccessGuard;
  apiBase: string;
  fetcher: SafeFetch;
  site: PublicSite;
  retryBaseMs: number;
  /** Finished deliveries older than this many days are deleted (WEBHOOK_LOG_DAYS). */
  logDays: number;
  /** Seals the secrets at rest (APP_SECRET; the webhook's id as associated data). */
  box: SecretBox;
  tickMs: number;
  log?: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}) {
  const { db } = deps;
  const hookPath = `${deps.apiBase}/webhook`;
  const deliveryPath = `${deps.apiBase}/webhook-delivery`;
  /** A claimed attempt is retried by another instance after this long (its fetch has timed out). */
  const leaseMs = deps.fetcher.options.timeoutMs + 60_000;

  async function one(id: string): Promise<WebhookView> {
    const [row] = await db.select(webhookColumns).from(webhook).where(eq(webhook._id, id)).limit(1);
    if (!row) throw notFound(`Webhook ${id}`);
    return row;
  }

  async function verdictOf(id: unknown) {
    if (typeof id !== 'string' || !id) return undefined;
    const [row] = await db
      .select({ _id: category._id, name: category.name, nameEn: category.nameEn, nameTr: category.nameTr })
      .from(category)
      .where(eq(category._id, id))
      .limit(1);
    return row;
  }

  async function itemData(resource: string, doc: { _id: string } & Record<string, unknown>) {
    const data: Record<string, unknown> = { resource, ...pick(doc, ITEM_FIELDS) };
    data.url = publicAddressOf(deps.site, resource, doc);
    if (resource === 'factcheck') {
      const verdict = await verdictOf(doc.category);
      if (verdict) data.verdict = verdict;
    }
    return data;
  }

  async function storedItem(
    type: string,
    id: string,
  ): Promise<({ _id: string } & Record<string, unknown>) | undefined> {
    const columns = (t: typeof factcheck | typeof articleTable) => ({
      _id: t._id,
      title: t.title,
      slug: t.slug,
      language: t.language,
      status: t.status,
    });
    if (type === 'article') {
      const [row] = await db
        .select(columns(articleTable))
        .from(articleTable)
        .where(eq(articleTable._id, id))
        .limit(1);
      return row;
    }
    const [row] = await db
      .select({ ...columns(factcheck), category: factcheck.category })
      .from(factcheck)
      .where(eq(factcheck._id, id))
      .limit(1);
    return row;
  }

  /** The `data` of an event's body. */
  async function dataOf(event: WebhookEvent, resource: string, id: string, records: WrittenRecords) {
    if (event === 'feed.created') {
      const [row] = await db
        .select({
          _id: feed._id,
          title: feed.title,
          description: feed.description,
          link: feed.link,
          status: feed.status,
          mediaSource: feed.mediaSource,
          publishedDate: feed.publishedDate,
          createdAt: feed.createdAt,
        })
        .from(feed)
        .where(eq(feed._id, id))
        .limit(1);
      return { resource: 'feed', ...(row ?? { _id: id }) };
    }
    if (event === 'corrected') {
      const c = records.after ?? {};
      const item = await storedItem(String(c.itemType), String(c.item));
      return {
        resource: 'correction',
        ...pick(c, ['_id', 'type', 'note', 'language', 'fromCategory', 'toCategory', 'createdAt']),
        item: item ? await itemData(String(c.itemType), item) : { _id: c.item },
      };
    }
    const doc = (event === 'withdrawn' ? (records.after ?? records.before) : records.after) ?? {};
    return itemData(resource, { ...doc, _id: id });
  }

  /** One delivery per active webhook that listens to `event`; answers their ids. */
  async function enqueue(event: WebhookEvent, data: Record<string, unknown>, now = new Date()) {
    const hooks = await db
      .select({ _id: webhook._id })
      .from(webhook)
      .where(and(eq(webhook.active, true), arrayContains(webhook.events, [event])));
    if (hooks.length === 0) return [];
    const eventId = newId(now);
    const rows = hooks.map((h) => {
      const _id = newId(now);
      const body = JSON.stringify({ id: eventId, delivery: _id, event, createdAt: now.toISOString(), data });
      return {
        _id,
        webhook: h._id,
        event,
        payload: body,
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      };
    });
    await db.insert(webhookDelivery).values(rows);
    return rows.map((r) => r._id);
  }

  let onEnqueued: (() => void) | undefined;

  /** Claims due deliveries (their lease starts now). */
  async function claim(now: Date, limit: number) {
    const lease = new Date(now.getTime() + leaseMs);
    const result = await db.execute<{ _id: string }>(sql`
      update ${webhookDelivery}
         set status = 'delivering', next_attempt_at = ${lease}::timestamptz, updated_at = ${now}::timestamptz
       where _id in (
         select _id from ${webhookDelivery}
          where status in ('pending', 'delivering') and next_attempt_at <= ${now}::timestamptz
          order by next_attempt_at, _id
          limit ${limit}
          for update skip locked
       )
         and status in ('pending', 'delivering')
         and next_attempt_at <= ${now}::timestamptz
      returning _id`);
    return result.rows.map((r) => r._id);
  }

  async function attempt(id: string): Promise<void> {
    const [row] = await db
      .select({
        _id: webhookDelivery._id,
        payload: webhookDelivery.payload,
        event: webhookDelivery.event,
        attempts: webhookDelivery.attempts,
        createdAt: webhookDelivery.createdAt,
        webhook: webhook._id,
        url: webhook.url,
        secret: webhook.secret,
        active: webhook.active,
      })
      .from(webhookDelivery)
      .innerJoin(webhook, eq(webhook._id, webhookDelivery.webhook))
      .where(eq(webhookDelivery._id, id))
      .limit(1);
    if (!row) return;
    const started = new Date();
    if (!row.active) {
      await db
        .update(webhookDelivery)
        .set({
          status: 'failed',
          error: 'The webhook is switched off',
          nextAttemptAt: null,
          updatedAt: started,
        })
        .where(eq(webhookDelivery._id, id));
      return;
    }
    let responseStatus: number | null = null;
    let error: string | null = null;
    try {
      // Sealed at rest: a database dump alone does not let anyone sign deliveries.
      let secret: string;
      try {
        secret = deps.box.open(row.secret, row.webhook).toString('utf8');
      } catch {
        throw new Error('The secret cannot be opened (was APP_SECRET changed?): save a new secret');
      }
      const res = await deps.fetcher.fetch(row.url, {
        accept: 'application/json, */*',
        maxBytes: 64 * 1024,
        post: {
          body: row.payload,
          headers: {
            'content-type': 'application/json',
            [SIGNATURE_HEADER]: signatureHeader(secret, row.payload, started),
            'X-Tabayyun-Event': row.event,
            'X-Tabayyun-Delivery': row._id,
          },
        },
      });
      responseStatus = res.status;
    } catch (err) {
      responseStatus = err instanceof FetchError ? (err.status ?? null) : null;
      error = (err instanceof Error ? err.message : String(err)).slice(0, ERROR_MAX);
    }
    const attempts = row.attempts + 1;
    const finished = new Date();
    if (error === null) {
      await db
        .update(webhookDelivery)
        .set({
          status: 'delivered',
          attempts,
          responseStatus,
          error: null,
          nextAttemptAt: null,
          lastAttemptAt: started,
          deliveredAt: finished,
          updatedAt: finished,
        })
        .where(eq(webhookDelivery._id, id));
      return;
    }
    const next = new Date(finished.getTime() + deps.retryBaseMs * 2 ** (attempts - 1));
    const giveUp = next.getTime() > row.createdAt.getTime() + RETRY_WINDOW_MS;
    await db
      .update(webhookDelivery)
      .set({
        status: giveUp ? 'failed' : 'pending',
        attempts,
        responseStatus,
        error,
        nextAttemptAt: giveUp ? null : next,
        lastAttemptAt: started,
        updatedAt: finished,
      })
      .where(eq(webhookDelivery._id, id));
  }

  /**
   * Deletes delivered and failed deliveries older than the log's retention, in batches, and answers
   * how many. Those still due (pending, delivering) are kept whatever their age.
   */
  async function prune(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - deps.logDays * 24 * 60 * 60_000);
    let total = 0;
    for (;;) {
      const result = await db.execute<{ _id: string }>(sql`
        delete from ${webhookDelivery}
         where _id in (
           select _id from ${webhookDelivery}
            where status in ('delivered', 'failed') and created_at < ${cutoff}::timestamptz
            limit ${PRUNE_BATCH}
         )
        returning _id`);
      total += result.rows.length;
      if (result.rows.length < PRUNE_BATCH) return total;
    }
  }
  let prunedAt = 0;

  const deliverer = periodicJob({
    tickMs: deps.tickMs,
    name: 'webhook deliverer',
    log: deps.log,
    async run(stopped) {
      if (Date.now() - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = Date.now();
        await prune(new Date());
      }
      const done: string[] = [];
      while (!stopped()) {
        const ids = await claim(new Date(), DELIVERIES_PER_TICK_MAX);
        if (ids.length === 0) break;
        await Promise.all(ids.map((id) => attempt(id)));
        done.push(...ids);
        if (ids.length < DELIVERIES_PER_TICK_MAX) break;
      }
      return done;
    },
  });

  const publicDelivery = (row: DeliveryView): DeliveryView => row;

  return {
    deliverer,
    prune,
    /** Called when deliveries were enqueued (the module starts a tick at once). */
    set onEnqueued(fn: (() => void) | undefined) {
      onEnqueued = fn;
    },

    /** A committed write: enqueue its event, if it is one. Never throws. */
    async handleWrite(resource: string, id: string, records: WrittenRecords): Promise<string[]> {
      const event = eventOf(resource, records);
      if (!event) return [];
      try {
        const ids = await enqueue(event, await dataOf(event, resource, id, records));
        if (ids.length > 0) onEnqueued?.();
        return ids;
      } catch (err) {
        deps.log?.error({ err, resource, id, event }, 'webhook deliveries not enqueued');
        return [];
      }
    },

    async list(actor: Actor) {
      deps.guard.require(actor, hookPath, 'Read');
      const data = await db.select(webhookColumns).from(webhook).orderBy(desc(webhook.createdAt));
      return { data, total: data.length };
    },
    async get(actor: Actor, id: string) {
      deps.guard.require(actor, hookPath, 'Read');
      return { data: [await one(id)] };
    },
    async create(actor: Actor, body: unknown) {
      deps.guard.require(actor, hookPath, 'Create');
      const input = parseInput(body, false);
      const _id = newId();
      await db.insert(webhook).values({
        _id,
        url: input.url!,
        events: input.events!,
        secret: deps.box.seal(Buffer.from(input.secret!, 'utf8'), _id),
        active: input.active ?? true,
        description: input.description ?? null,
        updatedBy: actor.sub ?? null,
      });
      return { _id, document: await one(_id) };
    },
    /** PUT replaces every field but the secret (kept unless given); PATCH takes a JSON Patch list or an object of fields. */
    async update(actor: Actor, id: string, body: unknown, mode: 'put' | 'patch') {
      deps.guard.require(actor, hookPath, mode === 'put' ? 'Update' : 'Patch');
      const current = await one(id);
      const input = Array.isArray(body)
        ? parseInput(
            applyJsonPatch(
              {
                url: current.url,
                events: current.events,
                active: current.active,
                description: current.description,
              },
              body,
            ),
            true,
          )
        : parseInput(body, mode === 'patch', false);
      await db
        .update(webhook)
        .set({
          ...input,
          ...(input.secret ? { secret: deps.box.seal(Buffer.from(input.secret, 'utf8'), id) } : {}),
          updatedAt: new Date(),
          updatedBy: actor.sub ?? null,
          version: sql`version + 1`,
        })
        .where(eq(webhook._id, id));
      return { _id: id, document: await one(id) };
    },
    async remove(actor: Actor, id: string) {
      deps.guard.require(actor, hookPath, 'Delete');
      const deleted = await db.delete(webhook).where(eq(webhook._id, id)).returning({ _id: webhook._id });
      if (deleted.length === 0) throw notFound(`Webhook ${id}`);
      return { _id: id };
    },

    async deliveries(
      actor: Actor,
      query: { webhook?: string | undefined; status?: string | undefined; page?: number; perPage?: number },
    ) {
      deps.guard.require(actor, deliveryPath, 'Read');
      const perPage = Math.min(Math.max(query.perPage ?? 20, 1), 100);
      const page = Math.max(query.page ?? 1, 1);
      const where = and(
        query.webhook ? eq(webhookDelivery.webhook, query.webhook) : undefined,
        query.status ? eq(webhookDelivery.status, query.status as 'pending') : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select(deliveryColumns)
          .from(webhookDelivery)
          .where(where)
          .orderBy(desc(webhookDelivery.createdAt), desc(webhookDelivery._id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(webhookDelivery).where(where),
      ]);
      return { data: rows.map(publicDelivery), total: Number(total?.n ?? 0) };
    },
    async delivery(actor: Actor, id: string) {
      deps.guard.require(actor, deliveryPath, 'Read');
      const [row] = await db
        .select({ ...deliveryColumns, payload: webhookDelivery.payload })
        .from(webhookDelivery)
        .where(eq(webhookDelivery._id, id))
        .limit(1);
      if (!row) throw notFound(`Webhook delivery ${id}`);
      return { data: [{ ...row, payload: JSON.parse(row.payload) as unknown }] };
    },
    /** Sends a delivery's body again, as a new delivery due now. */
    async redeliver(actor: Actor, id: string) {
      deps.guard.require(actor, deliveryPath, 'Create');
      const [row] = await db.select().from(webhookDelivery).where(eq(webhookDelivery._id, id)).limit(1);
      if (!row) throw notFound(`Webhook delivery ${id}`);
      const now = new Date();
      const _id = newId(now);
      await db.insert(webhookDelivery).values({
        _id,
        webhook: row.webhook,
        event: row.event,
        payload: row.payload,
        nextAttemptAt: now,
        redeliveryOf: row._id,
        createdAt: now,
        updatedAt: now,
      });
      onEnqueued?.();
      const [created] = await db
        .select(deliveryColumns)
        .from(webhookDelivery)
        .where(eq(webhookDelivery._id, _id))
        .limit(1);
      return { _id, data: [created!] };
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
