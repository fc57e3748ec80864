// Ten single-use recovery codes, shown once; stored as HMAC-SHA256 under a key derived from
// APP_SECRET, so a stolen table cannot be brute-forced offline (each code has 50 random bits).
import { createHmac, hkdfSync, randomInt } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
// No 0/O, 1/I/L: codes are read off paper.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `xxxxx-xxxxx`: ten characters of a 31-letter alphabet. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const one = () => Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: count }, () => {
    const code = one();
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** Case, spaces and dashes do not matter to the person typing it. */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

export const looksLikeRecoveryCode = (code: string) => /^[a-z0-9]{10}$/.test(normaliseRecoveryCode(code));

export function createRecoveryCodeHasher(appSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'tabayyun', 'recovery-codes:v1', 32));
  return (code: string) => createHmac('sha256', key).update(normaliseRecoveryCode(code)).digest('base64url');
}
