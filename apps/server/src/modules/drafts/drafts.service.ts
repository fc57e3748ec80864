// Draft preview links (CONTRACT.md, beyond the spec's forgeable format): `?draft=<token>` where
// the token is base64url of `<expiryMs>--<signature>` and the signature is an HMAC-SHA256 over
// the item id and the expiry with the server secret. Valid for 6 hours, for one item only.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const DRAFT_LINK_TTL_MS = 6 * 60 * 60 * 1000;
/** How far another instance's clock may run ahead of ours. */
export const DRAFT_CLOCK_SKEW_MS = 60_000;

export function createDraftsService(secret: string) {
  const signature = (id: string, expiry: number) =>
    createHmac('sha256', secret).update(`${id}\n${expiry}`).digest('base64url');

  return {
    /** A token previewing `id` until now + 6 hours. */
    sign(id: string, now = Date.now()): string {
      const expiry = now + DRAFT_LINK_TTL_MS;
      return Buffer.from(`${expiry}--${signature(id, expiry)}`).toString('base64url');
    },
    /** True only for an unexpired token signed for this item; anything malformed is false. */
    verify(token: string | null | undefined, id: string, now = Date.now()): boolean {
      if (!token || token.length > 200) return false;
      const decoded = Buffer.from(token, 'base64url').toString('utf8');
      // The first "--" ends the expiry: the signature is base64url and may hold "--" itself.
      const separator = decoded.indexOf('--');
      if (separator < 0) return false;
      const expiryText = decoded.slice(0, separator);
      const given = decoded.slice(separator + 2);
      if (!given || !/^\d{13}$/.test(expiryText)) return false;
      const expiry = Number(expiryText);
      // A link from an instance whose clock runs ahead (or this clock stepping back) is still
      // fresh; a far-future expiry is not.
      if (expiry < now || expiry > now + DRAFT_LINK_TTL_MS + DRAFT_CLOCK_SKEW_MS) return false;
      const expected = Buffer.from(signature(id, expiry));
      const actual = Buffer.from(given);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}

export type DraftsService = ReturnType<typeof createDraftsService>;
