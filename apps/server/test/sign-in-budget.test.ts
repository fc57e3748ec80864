// Issue 14: the per-account sign-in budget counts failures; successes have their own, generous
// ceiling, so an editor on several devices or a script signing in per job is not locked out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, request, signIn, TEST_PASSWORD, type TestApp } from './build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    // Per client (IP) stays generous here: every request of this file comes from one address.
    env: { AUTH_RATE_MAX: '1000', AUTH_ACCOUNT_RATE_MAX: '3', AUTH_ACCOUNT_SIGNIN_MAX: '15' },
  });
});
afterAll(() => t.close());

const attempt = (email: string, password: string) =>
  request(t.app, 'POST', '/auth', { body: { grant_type: 'password', email, password } });

describe('the per-account sign-in budget', () => {
  it('lets one account sign in successfully more often than the failure budget', async () => {
    const { email } = await signIn(t, ['editor']);
    const statuses = [];
    for (let i = 0; i < 12; i++) statuses.push((await attempt(email, TEST_PASSWORD)).status);
    expect(statuses).toEqual(Array(12).fill(200));
  });

  it('still refuses an account after the failure budget is spent, even with the right password', async () => {
    const { email } = await signIn(t, ['editor']);
    const failures = [];
    for (let i = 0; i < 3; i++) failures.push((await attempt(email, 'Wrong-pass1!')).status);
    expect(failures).toEqual([400, 400, 400]);
    const blocked = await attempt(email, TEST_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('RATE_LIMITED');
  });

  it('has a ceiling for successful sign-ins (AUTH_ACCOUNT_SIGNIN_MAX)', async () => {
    // signIn() itself is the first successful sign-in of this account.
    const { email } = await signIn(t, ['editor']);
    const statuses = [];
    for (let i = 0; i < 15; i++) statuses.push((await attempt(email, TEST_PASSWORD)).status);
    expect(statuses.slice(0, 14)).toEqual(Array(14).fill(200));
    expect(statuses[14]).toBe(429);
  });
});
