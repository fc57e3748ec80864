// The signature of a webhook delivery (issue 36 §3, docs/webhooks.md): the header
// `X-Tabayyun-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the secret>`.
// The timestamp is signed with the body, so a receiver refuses replays older than it allows.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Tabayyun-Signature';

export function signatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The header's value for `body` sent at `now`. */
export function signatureHeader(secret: string, body: string, now = new Date()): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${signatureOf(secret, t, body)}`;
}

/**
 * What a receiver does (docs/webhooks.md has the same in a snippet): true when `header` signs
 * `body` with `secret` and its time is within `toleranceS` of now.
 */
export function verifySignature(
  secret: string,
  header: string | undefined,
  body: string,
  opts: { toleranceS?: number; now?: Date } = {},
): boolean {
  if (!header) return false;
  const parts = new Map(
    header.split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(v1)) return false;
  const now = Math.floor((opts.now ?? new Date()).getTime() / 1000);
  if (Math.abs(now - t) > (opts.toleranceS ?? 300)) return false;
  const expected = Buffer.from(signatureOf(secret, t, body), 'hex');
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}
