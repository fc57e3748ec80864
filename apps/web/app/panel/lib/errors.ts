// Platform §8: an HTTP failure → the title and message people see.
import type { COMMON_TEXTS } from '../i18n/common.ts';
import { isApiError } from './http.ts';

type CommonTexts = (typeof COMMON_TEXTS)['en'];

export interface ErrorDisplay {
  title: string;
  message: string;
  status: number;
}

export function describeError(error: unknown, t: CommonTexts): ErrorDisplay {
  if (!isApiError(error)) {
    return { title: t.errorUnknownTitle, message: t.errorUnknown, status: -1 };
  }
  const { status, code } = error;
  if (code === 'TIMEOUT') return { title: t.errorTimeoutTitle, message: t.errorTimeout, status };
  if (status === 0) return { title: t.errorConnectionTitle, message: t.errorConnection, status };
  if (status === 404) return { title: t.errorNotFoundTitle, message: t.errorNotFound, status };
  if (status === 403) return { title: t.errorForbiddenTitle, message: t.errorForbidden, status };
  if (status === 401) return { title: t.errorUnauthorizedTitle, message: t.errorUnauthorized, status };
  if (status >= 500) return { title: t.errorServerTitle, message: t.errorServer, status };
  if (status >= 400) {
    // 400: the server's own message with the status text.
    const message = [error.message, error.statusText].filter(Boolean).join(' · ');
    return { title: error.statusText || t.errorBadRequestTitle, message, status };
  }
  return { title: t.errorUnknownTitle, message: t.errorUnknown, status };
}

/** The server's words for a failed save: the message, plus each field's detail when given. */
export function failureMessage(error: unknown): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : String(error);
  const details = error.details;
  if (details && typeof details === 'object' && !Array.isArray(details)) {
    const parts = Object.entries(details as Record<string, unknown>)
      .filter(([, value]) => typeof value === 'string')
      .map(([key, value]) => `${key}: ${value as string}`);
    if (parts.length) return `${error.message} (${parts.join('; ')})`;
  }
  return error.message;
}
