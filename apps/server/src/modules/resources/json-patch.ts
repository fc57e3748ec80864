// RFC 6902 JSON Patch over a plain document, all-or-nothing: operations apply to a deep copy and
// any bad operation rejects the whole list with INVALID_PATCH naming its index.
import { AppError } from '../../errors.ts';

export interface PatchOperation {
  op: 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test';
  path: string;
  value?: unknown;
  from?: string;
}

const OPS = new Set(['add', 'remove', 'replace', 'move', 'copy', 'test']);

function fail(index: number, message: string): never {
  throw new AppError('INVALID_PATCH', `Patch operation ${index}: ${message}`, { index });
}

function parsePointer(pointer: unknown, index: number): string[] {
  if (typeof pointer !== 'string' || (pointer !== '' && !pointer.startsWith('/'))) {
    fail(index, `'${String(pointer)}' is not a JSON pointer`);
  }
  if (pointer === '') return [];
  const tokens = pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  // `__proto__` would walk from the document into Object.prototype (prototype pollution).
  if (tokens.includes('__proto__')) fail(index, `'${pointer}' names no field of the document`);
  return tokens;
}

type Container = Record<string, unknown> | unknown[];

function parentOf(doc: unknown, tokens: string[], index: number): { parent: Container; key: string } {
  let node = doc;
  for (const t of tokens.slice(0, -1)) {
    if (node === null || typeof node !== 'object') fail(index, `path segment '${t}' does not exist`);
    // Only the document's own members: never `constructor`, `toString` or other inherited ones.
    if (Array.isArray(node)) node = node[arrayIndex(node, t, index, false)];
    else if (Object.hasOwn(node, t)) node = (node as Record<string, unknown>)[t];
    else fail(index, `path segment '${t}' does not exist`);
  }
  if (node === null || typeof node !== 'object') fail(index, 'the parent of the path does not exist');
  if (tokens.length === 0) fail(index, 'the whole document cannot be replaced');
  return { parent: node as Container, key: tokens[tokens.length - 1]! };
}

function arrayIndex(arr: unknown[], key: string, index: number, forInsert: boolean): number {
  if (forInsert && key === '-') return arr.length;
  if (!/^(0|[1-9]\d*)$/.test(key)) fail(index, `'${key}' is not an array index`);
  const i = Number(key);
  if (i > arr.length || (!forInsert && i >= arr.length)) fail(index, `index ${i} is out of range`);
  return i;
}

function read(doc: unknown, tokens: string[], index: number): unknown {
  let node = doc;
  for (const t of tokens) {
    if (node === null || typeof node !== 'object') fail(index, `path '/${tokens.join('/')}' does not exist`);
    if (Array.isArray(node)) node = node[arrayIndex(node, t, index, false)];
    else {
      if (!Object.hasOwn(node, t)) fail(index, `path '/${tokens.join('/')}' does not exist`);
      node = (node as Record<string, unknown>)[t];
    }
  }
  return node;
}

function add(doc: unknown, tokens: string[], value: unknown, index: number): void {
  const { parent, key } = parentOf(doc, tokens, index);
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, key, index, true), 0, value);
  else parent[key] = value;
}

function remove(doc: unknown, tokens: string[], index: number): unknown {
  const { parent, key } = parentOf(doc, tokens, index);
  if (Array.isArray(parent)) return parent.splice(arrayIndex(parent, key, index, false), 1)[0];
  if (!Object.hasOwn(parent, key)) fail(index, `path '/${tokens.join('/')}' does not exist`);
  const old = parent[key];
  delete parent[key];
  return old;
}

export function applyJsonPatch(
  document: Record<string, unknown>,
  operations: unknown,
): Record<string, unknown> {
  if (!Array.isArray(operations) || operations.length === 0) {
    throw new AppError('INVALID_PATCH', 'The body must be a non-empty JSON Patch list (RFC 6902)');
  }
  const doc = structuredClone(document);
  operations.forEach((raw, index) => {
    if (typeof raw !== 'object' || raw === null || !OPS.has((raw as PatchOperation).op)) {
      fail(index, `'op' must be one of ${[...OPS].join(', ')}`);
    }
    const op = raw as PatchOperation;
    const tokens = parsePointer(op.path, index);
    const needsValue = op.op === 'add' || op.op === 'replace' || op.op === 'test';
    if (needsValue && !Object.hasOwn(op, 'value')) fail(index, `'${op.op}' needs a value`);
    switch (op.op) {
      case 'add':
        add(doc, tokens, structuredClone(op.value), index);
        break;
      case 'remove':
        remove(doc, tokens, index);
        break;
      case 'replace': {
        const { parent, key } = parentOf(doc, tokens, index);
        if (Array.isArray(parent)) parent[arrayIndex(parent, key, index, false)] = structuredClone(op.value);
        // Replacing a field the document does not carry yet (an empty optional) is allowed.
        else parent[key] = structuredClone(op.value);
        break;
      }
      case 'move': {
        const value = remove(doc, parsePointer(op.from, index), index);
        add(doc, tokens, value, index);
        break;
      }
      case 'copy':
        add(doc, tokens, structuredClone(read(doc, parsePointer(op.from, index), index)), index);
        break;
      case 'test':
        if (JSON.stringify(read(doc, tokens, index)) !== JSON.stringify(op.value)) {
          fail(index, `test failed at '${op.path}'`);
        }
        break;
    }
  });
  return doc;
}
