// Outgoing mail: through SMTP_URL (nodemailer), or, when none is configured, written as .eml
// files to DATA_DIR/outbox with a log line, so a fresh install can still reset a password.
// nodemailer (~4 MB of live heap) is loaded with the first mail, not at start (ADR 025).
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { RenderedMail } from './mail-templates.ts';

export interface MailMessage extends RenderedMail {
  to: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerDeps {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  log: (fields: Record<string, unknown>, message: string) => void;
}

/** A transport made on first use; `close` closes it if it was made. */
function lazyTransport(make: (nodemailer: typeof import('nodemailer')) => Transporter) {
  let made: Promise<Transporter> | undefined;
  let transport: Transporter | undefined;
  return {
    get: () => {
      made ??= import('nodemailer').then((nodemailer) => {
        transport = make(nodemailer);
        return transport;
      });
      return made;
    },
    close: () => transport?.close(),
  };
}

export function createMailer(deps: MailerDeps): Mailer {
  if (deps.smtpUrl) {
    const smtpUrl = deps.smtpUrl;
    const transport = lazyTransport((nodemailer) => nodemailer.createTransport(smtpUrl));
    return {
      async send(message) {
        await (await transport.get()).sendMail({
          from: deps.from,
          textEncoding: 'quoted-printable',
          ...message,
        });
        deps.log({ to: message.to, subject: message.subject }, 'mail sent');
      },
      close: transport.close,
    };
  }
  const composer = lazyTransport((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(message) {
      const info = (await (
        await composer.get()
      ).sendMail({
        from: deps.from,
        textEncoding: 'quoted-printable',
        ...message,
      })) as { message: Buffer };
      await mkdir(deps.outboxDir, { recursive: true });
      const file = join(deps.outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message, { mode: 0o600 });
      deps.log({ to: message.to, subject: message.subject, file }, 'no SMTP_URL: mail written to the outbox');
    },
    close: composer.close,
  };
}
