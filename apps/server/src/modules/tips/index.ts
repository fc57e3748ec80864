// Readers' "Is this true?" (issue 36 §1, ADR 055): matches as they type, submissions into the news
// feed, and one answer mail per submitter when the linked fact-check is published (a periodic
// round on every instance; each tip is claimed by exactly one).
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SYSTEM_ACTOR } from '../../plugins/actor.ts';
import { createMailer } from '../mail/mail.service.ts';
import type { ModuleContext } from '../module-context.ts';
import { periodicJob } from '../scheduling/periodic-job.ts';
import { registerTipRoutes } from './tips.routes.ts';
import type { StoredImage } from './tips.service.ts';

/** Readers' screenshots: images only, staff only (files/file-policy.ts). */
export const TIP_FOLDER = 'reader-tips';

export async function registerTips(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const { config, services } = ctx;
  const tips = services.tips;
  if (app.hasDecorator('files')) {
    const files = app.files.service;
    tips.setImageStore(
      async (images) =>
        (await files.upload({
          actor: SYSTEM_ACTOR,
          folder: TIP_FOLDER,
          overwrite: false,
          parts: () =>
            (async function* () {
              for (const [i, image] of images.entries()) {
                yield {
                  type: 'file' as const,
                  fieldname: 'images',
                  filename: `screenshot-${i + 1}.${image.ext}`,
                  encoding: '7bit',
                  content: (async function* () {
                    yield new Uint8Array(image.data);
                  })(),
                };
              }
            })(),
        })) as unknown as StoredImage[],
    );
  }
  await app.register(async (api) => registerTipRoutes(api, { tips, config }), { prefix: config.API_BASE });
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
