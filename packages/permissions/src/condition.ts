// The condition-expression engine of spec §6, shared by `claim` permissions and the form engine's
// `conditions: { on, when, do }`.
//
// Expression (where a boolean is expected: the top level, the items of `and` / `or`):
//   { and: Expr[] }                      every item true (an empty list is true)
//   { or: Expr[] }                       some item true (an empty list is false)
//   { op, left, right? }                 one operator node
//   [op, left, right?]                   the same node, compact
// Operand (`left`, `right`):
//   { path: 'a.b.c' }                    read from the context (own properties only; '' is the context)
//   { value: x }                         the literal x, whatever its shape
//   { op | and | or: ... }               a nested expression, evaluated to a boolean
//   anything else                        a literal; arrays too, so an operand nests an expression
//                                        in object form only (`['not', { op: 'eq', ... }]`)
// Operators: eq ne (strict equality, Dates by time) · gt gte lt lte (numbers with numbers, strings
// with strings, Dates with Dates; anything else is false) · not (left falsy) · bool (left truthy) ·
// exists (left neither undefined nor null; `right: false` asks for absence) · startsWith endsWith
// (strings only) · indexOf (left string contains right string, or left array contains right) ·
// equalsIgnoreCase (strings compared lower-cased, other values by eq).

export const CONDITION_OPERATORS = [
  'eq',
  'ne',
  'gt',
  'gte',
  'lt',
  'lte',
  'not',
  'bool',
  'exists',
  'startsWith',
  'endsWith',
  'indexOf',
  'equalsIgnoreCase',
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

export type Operand = { path: string } | { value: unknown } | ConditionExpression | unknown;

export interface OperatorNode {
  op: ConditionOperator;
  left?: Operand;
  right?: Operand;
}
export type CompactOperatorNode = readonly [ConditionOperator, Operand?, Operand?];

export type ConditionExpression =
  | { and: readonly ConditionExpression[] }
  | { or: readonly ConditionExpression[] }
  | OperatorNode
  | CompactOperatorNode;

export type ConditionErrorCode = 'NOT_SUPPORTED_EXPRESSION_OPERATOR' | 'INVALID_EXPRESSION';

export class ConditionError extends Error {
  readonly code: ConditionErrorCode;
  constructor(code: ConditionErrorCode, detail: string) {
    super(`${code}: ${detail}`);
    this.name = 'ConditionError';
    this.code = code;
  }
}

/** Evaluates an expression against a context; throws `ConditionError` on an unknown operator. */
export function evaluateCondition(expression: ConditionExpression, context: unknown): boolean {
  if (Array.isArray(expression)) {
    return applyOperator(expression[0], expression[1], expression[2], context);
  }
  if (typeof expression !== 'object' || expression === null) {
    throw new ConditionError(
      'INVALID_EXPRESSION',
      `expected an object or an array, got ${String(expression)}`,
    );
  }
  if ('and' in expression) {
    for (const item of expression.and) if (!evaluateCondition(item, context)) return false;
    return true;
  }
  if ('or' in expression) {
    for (const item of expression.or) if (evaluateCondition(item, context)) return true;
    return false;
  }
  if ('op' in expression) return applyOperator(expression.op, expression.left, expression.right, context);
  throw new ConditionError('INVALID_EXPRESSION', 'expected `and`, `or` or `op`');
}

/** Reads a dotted path from a value, own properties only (no `constructor`, no `__proto__`). */
export function readPath(source: unknown, path: string): unknown {
  let current = source;
  let start = 0;
  while (start < path.length) {
    let end = path.indexOf('.', start);
    if (end === -1) end = path.length;
    if (typeof current !== 'object' || current === null) return undefined;
    const key = path.slice(start, end);
    if (!Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
    start = end + 1;
  }
  return current;
}

function resolveOperand(operand: unknown, context: unknown): unknown {
  if (typeof operand !== 'object' || operand === null || Array.isArray(operand)) return operand;
  if ('path' in operand && typeof operand.path === 'string') return readPath(context, operand.path);
  if ('value' in operand) return operand.value;
  if ('op' in operand || 'and' in operand || 'or' in operand) {
    return evaluateCondition(operand as ConditionExpression, context);
  }
  return operand;
}

function applyOperator(op: unknown, leftOperand: unknown, rightOperand: unknown, context: unknown): boolean {
  const left = resolveOperand(leftOperand, context);
  // `right` is resolved lazily: the unary operators never read it.
  switch (op) {
    case 'eq':
      return isEqual(left, resolveOperand(rightOperand, context));
    case 'ne':
      return !isEqual(left, resolveOperand(rightOperand, context));
    case 'gt':
      return compare(left, resolveOperand(rightOperand, context), (d) => d > 0);
    case 'gte':
      return compare(left, resolveOperand(rightOperand, context), (d) => d >= 0);
    case 'lt':
      return compare(left, resolveOperand(rightOperand, context), (d) => d < 0);
    case 'lte':
      return compare(left, resolveOperand(rightOperand, context), (d) => d <= 0);
    case 'not':
      return !left;
    case 'bool':
      return Boolean(left);
    case 'exists': {
      const exists = left !== undefined && left !== null;
      const expected = resolveOperand(rightOperand, context);
      return expected === undefined ? exists : exists === Boolean(expected);
    }
    case 'startsWith': {
      const right = resolveOperand(rightOperand, context);
      return typeof left === 'string' && typeof right === 'string' && left.startsWith(right);
    }
    case 'endsWith': {
      const right = resolveOperand(rightOperand, context);
      return typeof left === 'string' && typeof right === 'string' && left.endsWith(right);
    }
    case 'indexOf': {
      const right = resolveOperand(rightOperand, context);
      if (typeof left === 'string') return typeof right === 'string' && left.includes(right);
      if (Array.isArray(left)) return left.some((item) => isEqual(item, right));
      return false;
    }
    case 'equalsIgnoreCase': {
      const right = resolveOperand(rightOperand, context);
      if (typeof left === 'string' && typeof right === 'string') {
        return left.length === right.length && left.toLowerCase() === right.toLowerCase();
      }
      return isEqual(left, right);
    }
    default:
      throw new ConditionError('NOT_SUPPORTED_EXPRESSION_OPERATOR', String(op));
  }
}

function isEqual(left: unknown, right: unknown): boolean {
  if (left instanceof Date && right instanceof Date) return left.getTime() === right.getTime();
  return left === right;
}

function compare(left: unknown, right: unknown, test: (difference: number) => boolean): boolean {
  if (typeof left === 'number' && typeof right === 'number') return test(left - right);
  if (typeof left === 'string' && typeof right === 'string')
    return test(left < right ? -1 : left > right ? 1 : 0);
  if (left instanceof Date && right instanceof Date) return test(left.getTime() - right.getTime());
  return false;
}
