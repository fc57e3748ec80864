// The one place the panel talks HTTP: a 30 s time-out (platform §9), JSON or text by content type,
// 2xx is success, anything else becomes an ApiError carrying the server's catalogue code.

export const REQUEST_TIMEOUT_MS = 30_000;

/** A failed call: `status` 0 means no answer (connection or time-out; see `code`). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  readonly statusText: string;
  constructor(opts: {
    status: number;
    code: string;
    message: string;
    details?: unknown;
    statusText?: string;
  }) {
    super(opts.message);
    this.name = 'ApiError';
    this.status = opts.status;
    this.code = opts.code;
    this.details = opts.details;
    this.statusText = opts.statusText ?? '';
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export interface HttpOptions {
  query?: Record<string, string | number | boolean | undefined | null> | URLSearchParams | undefined;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal | undefined;
  timeoutMs?: number;
}

export function withQuery(url: string, query: HttpOptions['query']): string {
  if (!query) return url;
  const params = query instanceof URLSearchParams ? query : new URLSearchParams();
  if (!(query instanceof URLSearchParams)) {
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

/** Sends one request and parses the answer; throws ApiError for every failure. */
export async function httpRequest<T>(method: string, url: string, opts: HttpOptions = {}): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort);
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  let body: BodyInit | undefined;
  if (opts.body !== undefined) {
    if (opts.body instanceof FormData) body = opts.body;
    else {
      body = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
  }
  let response: Response;
  try {
    response = await fetch(withQuery(url, opts.query), { method, headers, body, signal: controller.signal });
  } catch (error) {
    if (timedOut) {
      throw new ApiError({ status: 0, code: 'TIMEOUT', message: 'The server is taking too long to respond' });
    }
    if (opts.signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'CONNECTION_ERROR', message: 'Could not connect to server' });
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
  const parsed = await parseBody(response);
  if (response.ok) return parsed as T;
  const error = (parsed && typeof parsed === 'object' ? parsed : {}) as {
    code?: string;
    message?: string;
    details?: unknown;
  };
  throw new ApiError({
    status: response.status,
    code: error.code ?? `HTTP_${response.status}`,
    message: error.message ?? (typeof parsed === 'string' && parsed ? parsed : response.statusText),
    details: error.details,
    statusText: response.statusText,
  });
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}
