// Password strength (platform §5): a map of character-class names to a minimum or a [min,max] pair.
import type { ValidationError } from './validators.ts';

export const PASSWORD_CLASSES = {
  lower: /\p{Ll}/gu,
  upper: /\p{Lu}/gu,
  digit: /\p{Nd}/gu,
  special: /[^\p{L}\p{N}\s]/gu,
} as const;
export type PasswordClass = keyof typeof PASSWORD_CLASSES;
export type PasswordStrength = Partial<Record<PasswordClass, number | [number, number]>>;

function bounds(rule: number | number[] | undefined): [number, number] {
  if (Array.isArray(rule)) return [rule[0] ?? 0, rule[1] ?? Number.POSITIVE_INFINITY];
  return [rule ?? 0, Number.POSITIVE_INFINITY];
}

export function countClass(password: string, name: PasswordClass): number {
  return password.match(PASSWORD_CLASSES[name])?.length ?? 0;
}

/** The first unmet rule as `passwordAtLeast` / `passwordAtMost`, or null. Unknown classes throw. */
export function checkPasswordStrength(
  password: string,
  strength: Record<string, number | number[]> | undefined,
): ValidationError | null {
  for (const [name, rule] of Object.entries(strength ?? {})) {
    if (!(name in PASSWORD_CLASSES)) throw new Error(`Unknown password class: ${name}`);
    const [min, max] = bounds(rule);
    const count = countClass(password, name as PasswordClass);
    if (count < min) return { key: 'passwordAtLeast', params: { count: min, class: name } };
    if (count > max) return { key: 'passwordAtMost', params: { count: max, class: name } };
  }
  return null;
}

const ALPHABETS: Record<PasswordClass, string> = {
  lower: 'abcdefghijkmnopqrstuvwxyz',
  upper: 'ABCDEFGHJKLMNPQRSTUVWXYZ',
  digit: '23456789',
  special: '!@#$%^&*-_=+?',
};

function randomIndex(size: number): number {
  const buffer = new Uint32Array(1);
  crypto.getRandomValues(buffer);
  return (buffer[0] ?? 0) % size;
}

/**
 * A random password meeting every rule: each class gets between its minimum and maximum
 * characters, the remainder (up to `length`, default 16) comes from classes without a maximum.
 */
export function generatePassword(strength: PasswordStrength = {}, length = 16): string {
  const classes = Object.keys(ALPHABETS) as PasswordClass[];
  const chars: string[] = [];
  const limits = new Map(classes.map((name) => [name, bounds(strength[name])]));
  for (const name of classes) {
    const [min] = limits.get(name)!;
    for (let i = 0; i < min; i++) chars.push(ALPHABETS[name][randomIndex(ALPHABETS[name].length)]!);
  }
  const open = classes.filter((name) => {
    const [min, max] = limits.get(name)!;
    return max > min;
  });
  const used = new Map(classes.map((name) => [name, limits.get(name)![0]]));
  while (chars.length < length && open.length > 0) {
    const index = randomIndex(open.length);
    const name = open[index]!;
    chars.push(ALPHABETS[name][randomIndex(ALPHABETS[name].length)]!);
    used.set(name, used.get(name)! + 1);
    if (used.get(name)! >= limits.get(name)![1]) open.splice(index, 1);
  }
  // Fisher-Yates, so the classes are not in a predictable order.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomIndex(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
