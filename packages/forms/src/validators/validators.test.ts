import { describe, expect, it } from 'vitest';
import { checkPasswordStrength, generatePassword } from './password-strength.ts';
import { createValidator, isEmptyValue, runValidators } from './validators.ts';

const check = (name: string, value: unknown, args?: unknown) =>
  createValidator({ name, ...(args === undefined ? {} : { arguments: args }) })(value);

describe('validators by name', () => {
  it('required fails on empty, null, undefined and an empty list only', () => {
    for (const empty of ['', null, undefined, []])
      expect(check('required', empty)).toEqual({ key: 'required' });
    for (const filled of ['x', 0, false, ['a'], ' ']) expect(check('required', filled)).toBeNull();
    expect(isEmptyValue({})).toBe(false);
  });

  it('requiredTrue needs exactly true', () => {
    expect(check('requiredTrue', true)).toBeNull();
    expect(check('requiredTrue', false)).toEqual({ key: 'required' });
    expect(check('requiredTrue', 'true')).toEqual({ key: 'required' });
  });

  it('pattern matches the whole value', () => {
    expect(check('pattern', 'abc', '[a-c]+')).toBeNull();
    expect(check('pattern', 'abcd', '[a-c]+')).toEqual({ key: 'pattern' });
    expect(check('pattern', 'x1', /\d/)).toBeNull();
  });

  it('min, max, greaterThan and lessThan compare numbers; empty passes', () => {
    expect(check('min', 3, 5)).toEqual({ key: 'min' });
    expect(check('min', 5, 5)).toBeNull();
    expect(check('max', 6, 5)).toEqual({ key: 'max' });
    expect(check('max', '5', 5)).toBeNull();
    expect(check('greaterThan', 5, 5)).toEqual({ key: 'greaterThan' });
    expect(check('greaterThan', 6, 5)).toBeNull();
    expect(check('lessThan', 5, 5)).toEqual({ key: 'lessThan' });
    expect(check('lessThan', 4, 5)).toBeNull();
    expect(check('min', null, 5)).toBeNull();
    expect(check('max', '', 5)).toBeNull();
  });

  it('maxLength, minLength and length count characters or items', () => {
    expect(check('maxLength', 'abcd', 3)).toEqual({ key: 'maxLength' });
    expect(check('maxLength', ['a', 'b'], 3)).toBeNull();
    expect(check('minLength', 'ab', 3)).toEqual({ key: 'minLength' });
    expect(check('length', 'abc', 3)).toBeNull();
    expect(check('length', 'abcd', 3)).toEqual({ key: 'length' });
  });

  it('latin allows letters, digits, caret and space only', () => {
    expect(check('latin', 'Abc 12^')).toBeNull();
    expect(check('latin', 'abc-1')).toEqual({ key: 'latin' });
    expect(check('latin', 'مرحبا')).toEqual({ key: 'latin' });
  });

  it('email needs text@domain with a final part of 2 to 20 letters, dots or hyphens', () => {
    expect(check('email', 'a@example.org')).toBeNull();
    expect(check('email', 'a.b@mail.example.co.uk')).toBeNull();
    expect(check('email', 'a@b')).toEqual({ key: 'email' });
    expect(check('email', 'a@b.c')).toEqual({ key: 'email' });
    expect(check('email', 'a@b.c0m')).toEqual({ key: 'email' });
    expect(check('email', `a@b.${'x'.repeat(21)}`)).toEqual({ key: 'email' });
    expect(check('email', 'no at.com')).toEqual({ key: 'email' });
  });

  it('startsWith, endsWith and includes check text', () => {
    expect(check('startsWith', 'https://x', 'https://')).toBeNull();
    expect(check('startsWith', 'http://x', 'https://')).toEqual({ key: 'startsWith' });
    expect(check('endsWith', 'file.pdf', '.pdf')).toBeNull();
    expect(check('endsWith', 'file.doc', '.pdf')).toEqual({ key: 'endsWith' });
    expect(check('includes', 'fact-check', 'check')).toBeNull();
    expect(check('includes', 'fact', 'check')).toEqual({ key: 'includes' });
  });

  it('after and before compare dates', () => {
    expect(check('after', '2026-02-01', '2026-01-01')).toBeNull();
    expect(check('after', '2025-12-31', '2026-01-01')).toEqual({ key: 'after' });
    expect(check('before', new Date('2025-12-31'), '2026-01-01')).toBeNull();
    expect(check('before', '2026-01-02', '2026-01-01')).toEqual({ key: 'before' });
    expect(check('after', '2000-01-01', 'now')).toEqual({ key: 'after' });
  });

  it('an unknown validator name is an error naming it', () => {
    expect(() => createValidator({ name: 'isPrime' })).toThrow(/isPrime/);
  });

  it('carries the definition message and keeps every failure in order', () => {
    const validators = [
      createValidator({ name: 'minLength', arguments: 5, message: 'Too short' }),
      createValidator({ name: 'latin' }),
    ];
    expect(runValidators('ab-', validators)).toEqual([
      { key: 'minLength', message: 'Too short' },
      { key: 'latin' },
    ]);
  });
});

describe('password strength', () => {
  it('reports the first unmet minimum or maximum', () => {
    const strength = { upper: 2, digit: [1, 2] };
    expect(checkPasswordStrength('Abc1', strength)).toEqual({
      key: 'passwordAtLeast',
      params: { count: 2, class: 'upper' },
    });
    expect(checkPasswordStrength('ABc123', strength)).toEqual({
      key: 'passwordAtMost',
      params: { count: 2, class: 'digit' },
    });
    expect(checkPasswordStrength('ABc12!', strength)).toBeNull();
    expect(() => checkPasswordStrength('x', { emoji: 1 })).toThrow(/emoji/);
  });

  it('generates passwords that meet the rules', () => {
    const strength = {
      lower: 3,
      upper: [1, 2] as [number, number],
      digit: 2,
      special: [1, 1] as [number, number],
    };
    for (let i = 0; i < 50; i++) {
      const password = generatePassword(strength);
      expect(checkPasswordStrength(password, strength)).toBeNull();
      expect(password.length).toBe(16);
    }
  });
});
