import { describe, expect, it } from 'vitest';
import { hashPassword, parsePasswordClasses, passwordProblem, verifyPassword } from './password.ts';

const policy = {
  minLength: 8,
  maxLength: 128,
  classes: parsePasswordClasses('lower:1,upper:1,digit:1,special:1'),
};

describe('password policy', () => {
  it('words each problem as the spec does', () => {
    expect(passwordProblem('Aa1!aaaa', policy)).toBeUndefined();
    expect(passwordProblem('Aa1!', policy)).toBe('Password should have at least 8 characters');
    expect(passwordProblem('aaaaaaa1!', policy)).toBe('Password should have at least 1 upper');
    expect(passwordProblem('كلمةسرAa1!', policy)).toBeUndefined();
    expect(passwordProblem('Aa!aaaaaa', { ...policy, classes: parsePasswordClasses('digit:2') })).toBe(
      'Password should have at least 2 digit',
    );
    expect(
      passwordProblem('a'.repeat(8), { ...policy, classes: parsePasswordClasses('upper:0') }),
    ).toBeUndefined();
  });

  it('refuses an unknown class in the configuration', () => {
    expect(() => parsePasswordClasses('emoji:1')).toThrow(/PASSWORD_CLASSES/);
  });

  it('hashes with argon2id and verifies', async () => {
    const hash = await hashPassword('Aa1!aaaa');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, 'Aa1!aaaa')).toBe(true);
    expect(await verifyPassword(hash, 'Aa1!aaab')).toBe(false);
    expect(await verifyPassword(null, 'Aa1!aaaa')).toBe(false);
  });
});
