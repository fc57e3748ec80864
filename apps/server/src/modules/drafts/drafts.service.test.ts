import { describe, expect, it } from 'vitest';
import { createDraftsService, DRAFT_LINK_TTL_MS } from './drafts.service.ts';

const drafts = createDraftsService('a-secret-of-at-least-thirty-two-chars');
const id = '0e0000000000000000000001';

describe('draft preview tokens', () => {
  it('accepts a fresh token for its own item only', () => {
    const token = drafts.sign(id);
    expect(drafts.verify(token, id)).toBe(true);
    expect(drafts.verify(token, '0e0000000000000000000002')).toBe(false);
  });

  it('accepts a token whose signature contains "--" (about 1 token in 100 does)', () => {
    // The signature is base64url, whose alphabet has "-": the token's separator can appear in it.
    const hasDashesInSignature = (token: string) =>
      Buffer.from(token, 'base64url').toString().split('--').length > 2;
    let now = 1_790_000_000_000;
    while (!hasDashesInSignature(drafts.sign(id, now))) now++;
    expect(drafts.verify(drafts.sign(id, now), id, now)).toBe(true);
    expect(drafts.verify(drafts.sign(id, now), '0e0000000000000000000002', now)).toBe(false);
  });

  it('accepts a link signed by an instance whose clock runs a little ahead (skew), not a far-future one', () => {
    const now = Date.now();
    const token = drafts.sign(id, now + 1_000);
    expect(drafts.verify(token, id, now)).toBe(true);
    expect(drafts.verify(drafts.sign(id, now + 10 * 60_000), id, now)).toBe(false);
  });

  it('expires after 6 hours', () => {
    const now = Date.now();
    const token = drafts.sign(id, now);
    expect(drafts.verify(token, id, now + DRAFT_LINK_TTL_MS - 1)).toBe(true);
    expect(drafts.verify(token, id, now + DRAFT_LINK_TTL_MS + 1)).toBe(false);
  });

  it('refuses forged, tampered, foreign-secret and malformed tokens', () => {
    const token = drafts.sign(id);
    const [expiry, sig] = Buffer.from(token, 'base64url').toString().split('--');
    const later = Buffer.from(`${Number(expiry) + 60_000}--${sig}`).toString('base64url');
    expect(drafts.verify(later, id)).toBe(false);
    // The spec's original format: any future timestamp before "--".
    expect(drafts.verify(Buffer.from(`${Date.now() + 1000}--anything`).toString('base64url'), id)).toBe(
      false,
    );
    expect(createDraftsService('another-secret-of-thirty-two-characters').verify(token, id)).toBe(false);
    for (const bad of ['', 'x', '----', 'not base64 !!', undefined, null, 'a'.repeat(500)]) {
      expect(drafts.verify(bad, id)).toBe(false);
    }
  });
});
