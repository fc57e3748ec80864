// The password policy from configuration (spec §5: a map of character classes to a minimum,
// messages 'Password should have at least N <class>') and argon2id hashing.
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../../errors.ts';

const CLASS_PATTERNS: Record<string, RegExp> = {
  lower: /\p{Ll}/gu,
  upper: /\p{Lu}/gu,
  digit: /\p{Nd}/gu,
  // Anything that is neither a letter nor a digit nor a space.
  special: /[^\p{L}\p{Nd}\s]/gu,
};

export interface PasswordPolicy {
  minLength: number;
  maxLength: number;
  classes: Record<string, number>;
}

/** `lower:1,upper:1,digit:1,special:1` → { lower: 1, … }; unknown class names stop the start. */
export function parsePasswordClasses(spec: string): Record<string, number> {
  const classes: Record<string, number> = {};
  for (const part of spec
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name, count] = part.split(':');
    if (!name || !(name in CLASS_PATTERNS) || !/^\d+$/.test(count ?? '')) {
      throw new Error(`PASSWORD_CLASSES: '${part}' is not <lower|upper|digit|special>:<count>`);
    }
    classes[name] = Number(count);
  }
  return classes;
}

/** The first rule the password breaks, as the spec words it; undefined when it passes. */
export function passwordProblem(password: string, policy: PasswordPolicy): string | undefined {
  const length = [...password].length;
  if (length < policy.minLength) return `Password should have at least ${policy.minLength} characters`;
  if (length > policy.maxLength) return `Password should have at most ${policy.maxLength} characters`;
  for (const [name, min] of Object.entries(policy.classes)) {
    if (min <= 0) continue;
    const found = password.match(CLASS_PATTERNS[name]!)?.length ?? 0;
    if (found < min) return `Password should have at least ${min} ${name}`;
  }
  return undefined;
}

export function assertPasswordPolicy(password: unknown, policy: PasswordPolicy, field = 'password'): string {
  if (typeof password !== 'string' || password === '') {
    throw new AppError('WEAK_PASSWORD', 'A password is required', { [field]: 'A password is required' });
  }
  const problem = passwordProblem(password, policy);
  if (problem) throw new AppError('WEAK_PASSWORD', problem, { [field]: problem });
  return password;
}

/**
 * Password hashes run one at a time, in arrival order (issue 34, ADR 047). Each holds 19 MiB and
 * ~20–40 ms of a core while it runs, and libuv ran four at once: the first AUTH_RATE_MAX attempts
 * of a sign-in flood (all of them answered) added ~77 MB to the server's resident memory for a
 * second and took both cores of a small machine from the readers of cached pages.
 */
let hashing: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = hashing.then(work, work);
  hashing = run.then(
    () => undefined,
    () => undefined,
  );
  return run;
}

/** argon2id with the library's defaults (19 MiB, 2 passes: the OWASP baseline). */
export const hashPassword = (password: string) => oneAtATime(() => hash(password));

// A real hash to verify against when the user does not exist, so both answers take as long.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('timing-equaliser');
    const dummy = await dummyHash;
    await oneAtATime(() => verify(dummy, password)).catch(() => false);
    return false;
  }
  return oneAtATime(() => verify(stored, password)).catch(() => false);
}
