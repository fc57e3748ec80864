// Turns every thrown error into the catalogue's JSON body. Stack traces go to the log, never to
// the client; database constraint errors become 409/400 with the offending keys.
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, type ErrorCode } from '../errors.ts';

interface DbError {
  code?: string;
  constraint?: string;
  detail?: string;
  cause?: unknown;
}

function databaseError(err: unknown): DbError | undefined {
  let current: unknown = err;
  for (let depth = 0; current && depth < 4; depth++) {
    const candidate = current as DbError;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return undefined;
}

const BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/**
 * A value the database refused as data (SQLSTATE class 22: out of range, malformed, bad encoding)
 * or as too large for an index (54000). Input checks catch these first; this is the safety net
 * that keeps a caller's bad value a 400: a filter's on reads, a field's on writes.
 */
function unstorableValue(db: DbError, method: string | undefined): AppError | undefined {
  if (!db.code?.startsWith('22') && db.code !== '54000') return undefined;
  return method === 'GET' || method === 'HEAD'
    ? new AppError('INVALID_QUERY', 'A filter value cannot be compared with its field', { sqlState: db.code })
    : new AppError('VALIDATION_FAILED', 'A value cannot be stored in its field', { sqlState: db.code });
}

export function toAppError(err: unknown, method?: string): AppError {
  if (err instanceof AppError) return err;
  const e = err as FastifyError & { key?: string; code?: string };
  if (e.code === 'INVALID_QUERY') {
    // The parser's QueryError: name the key in the message, as the compiler's errors do.
    const message = e.key ? `Invalid query key '${e.key}': ${e.message}` : e.message;
    return new AppError('INVALID_QUERY', message, e.key ? { key: e.key } : undefined);
  }
  if (e.code === 'UNRESOLVED_SELECTOR_TOKEN')
    return new AppError('FORBIDDEN', 'You do not have permission to do this');
  const db = databaseError(err);
  if (db?.code === '23505') {
    const keys = /\(([^)]+)\)=/.exec(db.detail ?? '')?.[1]?.split(', ') ?? [];
    return new AppError('CONSTRAINT_VIOLATION', `A record with the same ${keys.join(', ') || 'key'} exists`, {
      type: 'UNIQUE',
      keys,
    });
  }
  if (db?.code === '23503') {
    return new AppError('CONSTRAINT_VIOLATION', 'The record is referenced by or refers to a missing record', {
      type: 'REFERENCED',
      constraint: db.constraint,
    });
  }
  if (db?.code === '23514' || db?.code === '23502') {
    return new AppError('VALIDATION_FAILED', 'A value does not fit its field', { constraint: db.constraint });
  }
  if (db?.code === '57014') {
    // statement_timeout (QUERY_TIMEOUT_MS) cancelled the query: the caller's filters cost too much.
    return new AppError('QUERY_TOO_EXPENSIVE', 'The query took too long; narrow its filters or its page');
  }
  const unstorable = db && unstorableValue(db, method);
  if (unstorable) return unstorable;
  if (e.validation) return new AppError('VALIDATION_FAILED', e.message);
  if (e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || e instanceof SyntaxError) {
    return new AppError('VALIDATION_FAILED', 'The body is not valid JSON');
  }
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  const code = BY_STATUS[status];
  if (code && status < 500) return new AppError(code, e.message);
  if (code) return new AppError(code, 'The service is not available right now');
  return new AppError('INTERNAL_ERROR', 'Internal server error');
}

/** JSON 404s in the catalogue's shape; registered per API scope (the web app owns '/'). */
export function registerJsonNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    void reply
      .status(404)
      .send(
        new AppError('NOT_FOUND', `Route ${request.method} ${request.url.split('?')[0]} not found`).toJSON(),
      );
  });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err, request, reply) => {
    const appError = toAppError(err, request.method);
    if (appError.statusCode >= 500) request.log.error({ err }, 'request failed');
    else request.log.info({ code: appError.code, message: appError.message }, 'request refused');
    void reply.status(appError.statusCode).send(appError.toJSON());
  });
}
