// Seals the TOTP secrets at rest (ADR 042): AES-256-GCM with a key derived from APP_SECRET by
// HKDF-SHA256, the user id as associated data (a sealed secret copied to another user's row does
// not open). A database dump alone does not give anyone the codes of the newsroom's accounts.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export type SecretBox = ReturnType<typeof createSecretBox>;

export function createSecretBox(appSecret: string, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'tabayyun', `${purpose}:${VERSION}`, 32));
  return {
    seal(plain: Uint8Array, associated: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(associated));
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    /** Throws when the box was tampered with, sealed for another user or with another APP_SECRET. */
    open(sealed: string, associated: string): Buffer {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('unknown sealed format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(associated));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
    },
  };
}
