// A real SMTP server on 127.0.0.1 for the mail tests: it keeps every delivered mail in `inbox`
// (a test may take mails out by assigning a filtered copy), and decodes the mailer's
// quoted-printable bodies to text.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface TestSmtp {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  inbox: ReceivedMail[];
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        smtp.inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const smtp: TestSmtp = {
    url: `smtp://127.0.0.1:${port}`,
    inbox: [],
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
  return smtp;
}

/** Quoted-printable bodies (the mailer always uses it) decoded to text. */
export function decodeQp(raw: string): string {
  const soft = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}
