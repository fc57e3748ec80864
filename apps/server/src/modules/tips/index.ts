// Readers' "Is this true?" (issue 36 §1, ADR 055): matches as they type, submissions into the news
// feed, and one answer mail per submitter when the linked fact-check is published (a periodic
// round on every instance; each tip is claimed by exactly one).
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createMailer } from '../mail/mail.service.ts';
import type { ModuleContext } from '../module-context.ts';
import { periodicJob } from '../scheduling/periodic-job.ts';
import { registerTipRoutes } from './tips.routes.ts';

export async function registerTips(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const { config, services } = ctx;
  const tips = services.tips;
  await app.register(
    async (api) =>
      registerTipRoutes(api, {
        tips,
        files: app.hasDecorator('files') ? app.files.service : undefined,
        config,
      }),
    { prefix: config.API_BASE },
  );
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: join(config.dataDir, 'outbox'),
    log: (fields, message) => app.log.info(fields, message),
  });
  const answers = periodicJob({
    tickMs: config.TIP_ANSWER_TICK_MS,
    name: 'reader tip answers',
    log: app.log,
    run: () => tips.answerRound({ mailer, log: app.log }),
  });
  app.decorate('tipAnswers', answers);
  if (config.TIP_ANSWERS ?? config.NODE_ENV !== 'test') {
    app.addHook('onReady', async () => answers.start());
  }
  app.addHook('onClose', async () => {
    await answers.stop();
    mailer.close();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    tipAnswers: { tick(): Promise<{ sent: number; failed: number; forgotten: number }> };
  }
}
