// Notifications (issue 35 §3, ADR 051): the service lives in services.ts (content writes, notes,
// the scheduled publisher and monitoring tell it of events); this registers its routes and the
// daily digest job on the scheduling module's timer.
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context.ts';
import { createDigestJob } from './digest.ts';
import { registerNotificationRoutes } from './notifications.routes.ts';

export async function registerNotifications(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const { config, services } = ctx;
  const { notifications } = services;
  notifications.setLog(app.log);
  await app.register(async (api) => registerNotificationRoutes(api, notifications), {
    prefix: config.API_BASE,
  });
  const digest = createDigestJob({ notifications, tickMs: config.NOTIFICATION_TICK_MS, log: app.log });
  if (config.NOTIFICATION_DIGEST ?? config.NODE_ENV !== 'test') {
    app.addHook('onReady', async () => digest.start());
  }
  app.addHook('onClose', async () => {
    await digest.stop();
    await notifications.idle();
    notifications.close();
  });
}
