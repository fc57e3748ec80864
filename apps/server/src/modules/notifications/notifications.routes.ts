// /api/notification: the caller's own notifications only; mark one or all read; mail settings.
import type { FastifyInstance } from 'fastify';
import { invalidQuery } from '../../errors.ts';
import { MAIL_MODES, NOTIFICATION_KINDS } from './notification-kinds.ts';
import type { NotificationsService } from './notifications.service.ts';

const errorAnswer = { $ref: 'error#' } as const;
const errors = { 400: errorAnswer, 401: errorAnswer, 404: errorAnswer } as const;
const notificationSchema = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    kind: { type: 'string', enum: [...NOTIFICATION_KINDS] },
    item: { type: ['string', 'null'] },
    itemType: { type: ['string', 'null'] },
    actor: { type: ['string', 'null'] },
    details: { type: 'object', additionalProperties: true },
    read: { type: 'boolean' },
    createdAt: { type: 'string', format: 'date-time' },
  },
} as const;
const settingsSchema = {
  type: 'object',
  properties: {
    email: {
      type: 'object',
      properties: Object.fromEntries(
        NOTIFICATION_KINDS.map((k) => [k, { type: 'string', enum: [...MAIL_MODES] }]),
      ),
    },
  },
} as const;
const idParam = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } as const;
// The service validates, so a bad input is one catalogue 400 naming the key.
const acceptAny = () => (data: unknown) => ({ value: data });

const wholeNumber = (key: string, raw: unknown): number | undefined => {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^\d{1,6}$/.test(raw)) throw invalidQuery(key, 'a whole number');
  return Number(raw);
};

export function registerNotificationRoutes(app: FastifyInstance, notifications: NotificationsService): void {
  const tags = ['desk'];
  app.get(
    '/notification',
    {
      schema: {
        tags,
        summary: "The caller's notifications, newest first, with the unread count",
        querystring: {
          type: 'object',
          properties: { read: { type: 'string' }, page: { type: 'string' }, per_page: { type: 'string' } },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              data: { type: 'array', items: notificationSchema },
              total: { type: 'integer' },
              unread: { type: 'integer' },
            },
          },
          ...errors,
        },
      },
      validatorCompiler: acceptAny,
    },
    async (request) => {
      const q = request.query as Record<string, unknown>;
      for (const key of Object.keys(q)) {
        if (!['read', 'page', 'per_page'].includes(key)) throw invalidQuery(key, 'unknown key');
      }
      return notifications.list({
        actor: request.actor,
        read: typeof q.read === 'string' ? q.read : undefined,
        page: wholeNumber('page', q.page),
        perPage: wholeNumber('per_page', q.per_page),
      });
    },
  );
  app.post(
    '/notification/read-all',
    {
      schema: {
        tags,
        summary: "Marks every one of the caller's notifications read",
        response: {
          200: {
            type: 'object',
            properties: { data: { type: 'object', properties: { updated: { type: 'integer' } } } },
          },
          ...errors,
        },
      },
    },
    async (request) => notifications.markAllRead({ actor: request.actor }),
  );
  app.get(
    '/notification/settings',
    {
      schema: {
        tags,
        summary: 'The caller’s mail choice per notification kind: off, immediate or in the daily digest',
        response: { 200: settingsSchema, ...errors },
      },
    },
    async (request) => notifications.readSettings({ actor: request.actor }),
  );
  app.put(
    '/notification/settings',
    {
      schema: {
        tags,
        summary: 'Changes the caller’s mail choices (the kinds given; the others keep theirs)',
        body: settingsSchema,
        response: { 200: settingsSchema, ...errors },
      },
      validatorCompiler: acceptAny,
    },
    async (request) => notifications.writeSettings({ actor: request.actor, body: request.body }),
  );
  app.post(
    '/notification/:id/read',
    {
      schema: {
        tags,
        summary: 'Marks one of the caller’s notifications read',
        params: idParam,
        response: {
          200: { type: 'object', properties: { data: { type: 'array', items: notificationSchema } } },
          ...errors,
        },
      },
    },
    async (request) =>
      notifications.markRead({ actor: request.actor, id: (request.params as { id: string }).id }),
  );
  app.patch(
    '/notification/:id',
    {
      schema: {
        tags,
        summary: 'Marks one of the caller’s notifications read or unread: { "read": true | false }',
        params: idParam,
        body: { type: 'object', properties: { read: { type: 'boolean' } } },
        response: {
          200: { type: 'object', properties: { data: { type: 'array', items: notificationSchema } } },
          ...errors,
        },
      },
      validatorCompiler: acceptAny,
    },
    async (request) =>
      notifications.markRead({
        actor: request.actor,
        id: (request.params as { id: string }).id,
        read: (request.body as { read?: unknown } | undefined)?.read,
      }),
  );
}
