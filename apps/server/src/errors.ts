// The error catalogue (docs/errors.md documents every code). Every error a client sees is an
// AppError turned into `{ statusCode, code, message, details? }`; nothing else leaks.

export const ERROR_CODES = {
  VALIDATION_FAILED: 400,
  INVALID_QUERY: 400,
  INVALID_PATCH: 400,
  INVALID_ID: 400,
  UNKNOWN_ACTION: 400,
  // Identity and access (spec platform §5, §8)
  USERNAME_AND_PASSWORD_ARE_REQUIRED: 400,
  EMAIL_REQUIRED: 400,
  'NEW-PASSWORD_RESET-TOKEN_REQUIRED': 400,
  INVALID_TOKEN_TYPE: 400,
  INVALID_TOKEN: 400,
  INVALID_CREDENTIALS: 400,
  WEAK_PASSWORD: 400,
  INVALID_CODE: 400,
  UNSUPPORTED_GRANT_TYPE: 400,
  // Second factors (issue 34, ADR 042)
  SECOND_FACTOR_REQUIRED: 401,
  INVALID_MFA_TOKEN: 401,
  SECOND_FACTOR_SETUP_REQUIRED: 403,
  TOTP_ALREADY_ENABLED: 409,
  TOTP_NOT_SET_UP: 409,
  PASSKEY_VERIFICATION_FAILED: 400,
  PROVIDER_NOT_FOUND: 404,
  SIGNUP_DISABLED: 403,
  ACCOUNT_DISABLED: 403,
  ACCOUNT_LOCKED: 423,
  UNAUTHORIZED: 401,
  /** A call that reads the panel's refresh-token cookie without same-site proof (ADR 046). */
  CSRF_REJECTED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CANNOT_POST_OVER_EXISTING_DOCUMENT: 409,
  CONSTRAINT_VIOLATION: 409,
  INVALID_TRANSITION: 409,
  /** A status change the editorial workflow does not allow the actor (issue 33, ADR 039). */
  TRANSITION_NOT_ALLOWED: 403,
  /** Publishing a fact-check whose publish gate has unmet items (`details.unmet`). */
  PUBLISH_GATE: 422,
  EDIT_CONFLICT: 409,
  /** The request (headers and body) did not arrive within REQUEST_TIMEOUT_S. */
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  /** A read cancelled by QUERY_TIMEOUT_MS (SQLSTATE 57014): narrower filters answer it. */
  QUERY_TOO_EXPENSIVE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_CODES[code];
    this.details = details;
  }

  toJSON(): ErrorBody {
    return {
      statusCode: this.statusCode,
      code: this.code,
      message: this.message,
      ...(this.details ? { details: this.details } : {}),
    };
  }
}

export interface ErrorBody {
  statusCode: number;
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError('FORBIDDEN', message);
export const validationFailed = (details: Record<string, string>, message = 'Validation failed') =>
  new AppError('VALIDATION_FAILED', message, details);
export const invalidQuery = (key: string, message: string) =>
  new AppError('INVALID_QUERY', `Invalid query key '${key}': ${message}`, { key });
