// RFC 6238 Appendix B test vectors (8 digits, the three HMACs), and the verification window.
import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUrl, totp } from './totp.ts';

const SHA1_KEY = Buffer.from('12345678901234567890');
const SHA256_KEY = Buffer.from('12345678901234567890123456789012');
const SHA512_KEY = Buffer.from('1234567890123456789012345678901234567890123456789012345678901234');

const VECTORS: [number, string, string, string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('at %i s: SHA1 %s, SHA256 %s, SHA512 %s', (seconds, sha1, sha256, sha512) => {
    const at = seconds * 1000;
    expect(totp(SHA1_KEY, at, { digits: 8 })).toBe(sha1);
    expect(totp(SHA256_KEY, at, { digits: 8, algorithm: 'sha256' })).toBe(sha256);
    expect(totp(SHA512_KEY, at, { digits: 8, algorithm: 'sha512' })).toBe(sha512);
  });

  it('HOTP matches RFC 4226 Appendix D', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(SHA1_KEY, counter))).toEqual(expected);
  });

  it('accepts one step of drift either side and tells the step; refuses two', () => {
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(matchTotp(SHA1_KEY, totp(SHA1_KEY, now), now)).toBe(step);
    expect(matchTotp(SHA1_KEY, totp(SHA1_KEY, now - 30_000), now)).toBe(step - 1);
    expect(matchTotp(SHA1_KEY, totp(SHA1_KEY, now + 30_000), now)).toBe(step + 1);
    expect(matchTotp(SHA1_KEY, totp(SHA1_KEY, now - 60_000), now)).toBeUndefined();
    expect(matchTotp(SHA1_KEY, totp(SHA1_KEY, now + 60_000), now)).toBeUndefined();
    expect(matchTotp(SHA1_KEY, '12345', now)).toBeUndefined();
    expect(matchTotp(SHA1_KEY, 'abcdef', now)).toBeUndefined();
  });

  it('base32 round-trips (RFC 4648 vectors) and the otpauth URL names issuer and account', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    expect(base32Decode('mzxw 6ytb oi======').toString()).toBe('foobar');
    const url = new URL(
      otpauthUrl({ issuer: 'Tabayyun', account: 'rania@example.org', secret: 'MZXW6YTBOI' }),
    );
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Tabayyun:rania@example.org');
    expect(url.searchParams.get('secret')).toBe('MZXW6YTBOI');
    expect(url.searchParams.get('issuer')).toBe('Tabayyun');
    expect(url.searchParams.get('period')).toBe('30');
  });
});
