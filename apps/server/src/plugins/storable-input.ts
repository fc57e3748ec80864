// Text PostgreSQL cannot take is refused before it reaches SQL (issue 14). A NUL character is
// rejected by `text` and `jsonb` alike ("invalid byte sequence", "unsupported Unicode escape"),
// and an unpaired UTF-16 surrogate is either rejected (jsonb) or silently turned into U+FFFD
// (text). One check covers every route: ids in paths, query strings, and JSON bodies, keys
// included; multipart fields and file names are checked where the upload is parsed.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, invalidQuery, validationFailed } from '../errors.ts';

/** Why this text cannot be stored, or undefined when it can. */
export function unstorableReason(text: string): string | undefined {
  if (text.includes('\u0000')) return 'contains a NUL character (U+0000), which cannot be stored';
  if (!text.isWellFormed())
    return 'contains an unpaired surrogate (malformed Unicode), which cannot be stored';
  return undefined;
}

/**
 * Every string or key in `value` that cannot be stored, by dotted path (`meta.title`, `tags.1`);
 * a bad key is reported at its object's path. `skip` leaves out paths that never reach the
 * database (a content upload's file bytes).
 */
export function findUnstorable(
  value: unknown,
  skip: (path: string) => boolean = () => false,
  path = '',
  found: Record<string, string> = {},
): Record<string, string> {
  if (skip(path)) return found;
  if (typeof value === 'string') {
    const reason = unstorableReason(value);
    if (reason) found[path] ??= reason;
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => {
      findUnstorable(item, skip, path ? `${path}.${i}` : String(i), found);
    });
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const reason = unstorableReason(key);
      if (reason) found[path] ??= `a key ${reason}`;
      else findUnstorable(item, skip, path ? `${path}.${key}` : key, found);
    }
  }
  return found;
}

/** Throws VALIDATION_FAILED naming each field whose text cannot be stored. */
export function assertStorable(value: unknown, skip?: (path: string) => boolean): void {
  const found = findUnstorable(value, skip);
  if (Object.keys(found).length > 0) throw validationFailed(found, 'A value cannot be stored');
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Body paths whose text never reaches the database (checked by the route itself, if at all). */
    unstoredBodyPaths?: RegExp;
  }
}

function checkRequest(request: FastifyRequest): void {
  const params = (request.params ?? {}) as Record<string, unknown>;
  for (const value of Object.values(params)) {
    if (typeof value !== 'string') continue;
    const reason = unstorableReason(value);
    if (reason) throw new AppError('INVALID_ID', `The id or name in the path ${reason}`);
  }
  const search = request.url.split('?')[1];
  if (search) {
    for (const [key, value] of new URLSearchParams(search)) {
      const reason = unstorableReason(key) ?? unstorableReason(value);
      if (reason) throw invalidQuery(key.replaceAll('\u0000', '\\0'), `the value ${reason}`);
    }
  }
  const unstored = request.routeOptions.config?.unstoredBodyPaths;
  assertStorable(request.body, unstored ? (path) => unstored.test(path) : undefined);
}

/**
 * Registers the check on every route (call before any route or module is registered). A
 * synchronous hook: it runs for every request, cached public pages included, and an async one
 * costs a promise each time.
 */
export function registerStorableInput(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      checkRequest(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}
