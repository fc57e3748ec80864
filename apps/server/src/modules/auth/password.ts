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

/** argon2id with the library's defaults (19 MiB, 2 passes: the OWASP baseline). */
export const hashPassword = (password: string) => hash(password);

// A real hash to verify against when the user does not exist, so both answers take as long.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hash('timing-equaliser');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
