import { describe, expect, it } from 'vitest';
import { matchesPermission } from './match-permission.ts';
import type { Actor, ClaimPermissionValue, Permission } from './types.ts';
import { ANONYMOUS_ACTOR } from './types.ts';

const buildActor = (overrides: Partial<Actor> = {}): Actor => ({
  sub: 'u1',
  roles: ['fact-checker'],
  email: 'Amal@Example.org',
  phone: '+96512345678',
  emv: true,
  phv: false,
  claims: { org: { id: 'o1', plan: 'pro' }, level: 3, tags: ['ar', 'en'] },
  anonymous: false,
  ...overrides,
});

const grant = (by: Permission['by'], value?: Permission['value']): Permission => ({
  by,
  value,
  access: 'grant',
});
const claim = (value: ClaimPermissionValue) => grant('claim', value);

describe('matchesPermission', () => {
  it('anonymous matches everyone, signed out or in', () => {
    expect(matchesPermission(grant('anonymous'), ANONYMOUS_ACTOR)).toBe(true);
    expect(matchesPermission(grant('anonymous'), buildActor())).toBe(true);
  });

  it('user matches a signed-in actor, or one specific sub', () => {
    expect(matchesPermission(grant('user'), buildActor())).toBe(true);
    expect(matchesPermission(grant('user'), ANONYMOUS_ACTOR)).toBe(false);
    expect(matchesPermission(grant('user', 'u1'), buildActor())).toBe(true);
    expect(matchesPermission(grant('user', 'u2'), buildActor())).toBe(false);
  });

  it('emv and phv match verified addresses only', () => {
    expect(matchesPermission(grant('emv'), buildActor())).toBe(true);
    expect(matchesPermission(grant('phv'), buildActor())).toBe(false);
    expect(matchesPermission(grant('phv'), buildActor({ phv: true }))).toBe(true);
    expect(matchesPermission(grant('emv'), buildActor({ emv: undefined }))).toBe(false);
  });

  it('role matches an actor holding the role id', () => {
    expect(matchesPermission(grant('role', 'fact-checker'), buildActor())).toBe(true);
    expect(matchesPermission(grant('role', 'editor'), buildActor())).toBe(false);
    expect(matchesPermission(grant('role'), buildActor())).toBe(false);
  });

  it('email matches case-insensitively, phone exactly', () => {
    expect(matchesPermission(grant('email', 'amal@example.ORG'), buildActor())).toBe(true);
    expect(matchesPermission(grant('email', 'amal@example.com'), buildActor())).toBe(false);
    expect(matchesPermission(grant('email', 'amal@example.org'), buildActor({ email: undefined }))).toBe(
      false,
    );
    expect(matchesPermission(grant('phone', '+96512345678'), buildActor())).toBe(true);
    expect(matchesPermission(grant('phone', '+96500000000'), buildActor())).toBe(false);
  });

  it('a signed-out actor matches no kind but anonymous', () => {
    const signedOutWithData = { ...buildActor(), anonymous: true };
    for (const by of ['user', 'emv', 'role', 'email', 'phone'] as const) {
      expect(
        matchesPermission(grant(by, by === 'role' ? 'fact-checker' : undefined), signedOutWithData),
      ).toBe(false);
    }
    expect(
      matchesPermission(
        claim({ claimFieldPath: 'org.plan', claimValue: 'x', operator: 'ne' }),
        ANONYMOUS_ACTOR,
      ),
    ).toBe(false);
  });

  it('an unknown kind matches nobody', () => {
    expect(matchesPermission(grant('group' as never, 'x'), buildActor())).toBe(false);
  });
});

describe('matchesPermission by claim', () => {
  it('defaults to eq on a dotted path', () => {
    expect(matchesPermission(claim({ claimFieldPath: 'org.plan', claimValue: 'pro' }), buildActor())).toBe(
      true,
    );
    expect(matchesPermission(claim({ claimFieldPath: 'org.plan', claimValue: 'free' }), buildActor())).toBe(
      false,
    );
    expect(matchesPermission(claim({ claimFieldPath: 'org.missing', claimValue: 'pro' }), buildActor())).toBe(
      false,
    );
  });

  it.each<[ClaimPermissionValue, boolean]>([
    [{ claimFieldPath: 'level', claimValue: 2, operator: 'gt' }, true],
    [{ claimFieldPath: 'level', claimValue: 3, operator: 'gte' }, true],
    [{ claimFieldPath: 'level', claimValue: 3, operator: 'lt' }, false],
    [{ claimFieldPath: 'org.plan', claimValue: 'free', operator: 'ne' }, true],
    [{ claimFieldPath: 'tags', claimValue: 'ar', operator: 'indexOf' }, true],
    [{ claimFieldPath: 'org.plan', claimValue: 'PRO', operator: 'equalsIgnoreCase' }, true],
    [{ claimFieldPath: 'org.id', claimValue: 'o', operator: 'startsWith' }, true],
    [{ claimFieldPath: 'org.id', claimValue: undefined, operator: 'exists' }, true],
  ])('%o → %s', (value, expected) => {
    expect(matchesPermission(claim(value), buildActor())).toBe(expected);
  });

  it('a claim value shaped like a path is a literal', () => {
    expect(
      matchesPermission(
        claim({ claimFieldPath: 'org.plan', claimValue: { path: 'org.plan' } }),
        buildActor(),
      ),
    ).toBe(false);
  });

  it('an unknown claim operator throws rather than failing open', () => {
    const broken = claim({ claimFieldPath: 'level', claimValue: 1, operator: 'near' as never });
    expect(() => matchesPermission(broken, buildActor())).toThrowError(
      /NOT_SUPPORTED_EXPRESSION_OPERATOR: near/,
    );
  });

  it('a malformed claim value matches nobody', () => {
    expect(matchesPermission(grant('claim', 'org.plan'), buildActor())).toBe(false);
  });
});
