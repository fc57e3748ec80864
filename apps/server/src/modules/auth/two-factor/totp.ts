// TOTP (RFC 6238) over HOTP (RFC 4226) with node:crypto: the 30-second step, six digits and
// HMAC-SHA1 every authenticator app uses by default. Verification looks one step either side
// (clock drift) and tells which step matched, so the caller can refuse a code used before.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOTP_STEP_S = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of the current one. */
export const TOTP_DRIFT_STEPS = 1;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation). */
export const newTotpSecret = (): Buffer => randomBytes(20);

export type HmacAlgorithm = 'sha1' | 'sha256' | 'sha512';

/** HOTP: the `digits`-long code of counter `counter`. */
export function hotp(
  secret: Uint8Array,
  counter: number,
  digits = TOTP_DIGITS,
  algorithm: HmacAlgorithm = 'sha1',
) {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, secret).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary =
    ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export const totpStep = (timeMs: number, stepS = TOTP_STEP_S) => Math.floor(timeMs / 1000 / stepS);

/** The code of the step containing `timeMs`. */
export function totp(
  secret: Uint8Array,
  timeMs: number,
  opts: { digits?: number; algorithm?: HmacAlgorithm; stepS?: number } = {},
): string {
  return hotp(secret, totpStep(timeMs, opts.stepS), opts.digits, opts.algorithm);
}

/** The step whose code `code` is (current ± drift), or undefined. Compares in constant time. */
export function matchTotp(secret: Uint8Array, code: string, timeMs: number): number | undefined {
  const given = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(given)) return undefined;
  const now = totpStep(timeMs);
  let found: number | undefined;
  for (let step = now - TOTP_DRIFT_STEPS; step <= now + TOTP_DRIFT_STEPS; step++) {
    const expected = Buffer.from(hotp(secret, step));
    if (timingSafeEqual(expected, Buffer.from(given)) && found === undefined) found = step;
  }
  return found;
}

/** The `otpauth://` URL an authenticator app reads from the QR code (Key Uri Format). */
export function otpauthUrl(args: { issuer: string; account: string; secret: string }): string {
  const label = `${encodeURIComponent(args.issuer)}:${encodeURIComponent(args.account)}`;
  const params = new URLSearchParams({
    secret: args.secret,
    issuer: args.issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_S),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
