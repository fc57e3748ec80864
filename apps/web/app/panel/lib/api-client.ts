// The spec's data adapter (platform §7): one client for every back-office call. Create is POST when
// the record has no _id, replace is PUT by _id; every call carries the bearer token (refreshed first
// when under 60 s remain) and fails with an ApiError (platform §8 maps it to a message).
import type { DataAdapter, FileRecord, ListResult } from '@tabayyun/forms';
import { panelBases } from './bases.ts';
import { ApiError, type HttpOptions, REQUEST_TIMEOUT_MS, withQuery } from './http.ts';
import { type SessionManager, sessionManager } from './session.ts';

export type Params = Record<string, string | number | boolean | undefined | null>;
export type Doc = Record<string, unknown> & { _id?: string };
export interface PatchOperation {
  op: 'replace' | 'add' | 'remove';
  path: string;
  value?: unknown;
}
export interface WriteAnswer<T = Doc> {
  _id: string;
  document: T;
  result?: { _id: string; title: string };
}

export class ApiClient implements DataAdapter {
  readonly session: SessionManager;
  constructor(session: SessionManager = sessionManager()) {
    this.session = session;
  }

  url(path: string): string {
    return `${panelBases().api}/${path.replace(/^\//, '')}`;
  }

  request<T>(method: string, path: string, opts: HttpOptions = {}): Promise<T> {
    return this.session.authorized<T>(method, path.startsWith('/') ? path : this.url(path), opts);
  }

  /** GET /api/<resource> with the query language; `search` + `searchField` make a like filter. */
  async list<T = Doc>(resource: string, params: Params = {}, signal?: AbortSignal): Promise<ListResult<T>> {
    const { search, searchField, ...rest } = params;
    const query: Params = { ...rest };
    if (typeof search === 'string' && search.trim()) {
      const fields = String(searchField ?? 'name').split(',');
      const pattern = `*${search.trim()}*`;
      // One field filters by key; several OR across keys (`a=*q*|b=*q*`, CONTRACT.md).
      if (fields.length === 1) query[fields[0]!] = pattern;
      else
        query[fields[0]!] = `${pattern}|${fields
          .slice(1)
          .map((f) => `${f}=${pattern}`)
          .join('|')}`;
    }
    const answer = await this.request<{ data: T[]; total: number }>('GET', resource, { query, signal });
    return { data: answer.data ?? [], total: answer.total ?? answer.data?.length ?? 0 };
  }

  /** GET /api/<resource>/<id>: the first element of data (spec §7). */
  async get<T = Doc>(resource: string, id: string, params: Params = {}, signal?: AbortSignal): Promise<T> {
    const answer = await this.request<{ data: T[] }>('GET', `${resource}/${encodeURIComponent(id)}`, {
      query: params,
      signal,
    });
    const first = answer.data?.[0];
    if (!first)
      throw new ApiError({ status: 404, code: 'NOT_FOUND', message: `${resource} ${id} not found` });
    return first;
  }

  /**
   * The spec's generic save: POST without _id, PUT by _id with it. `ifMatch` (a loaded `_version`)
   * makes a stale PUT fail with 409 EDIT_CONFLICT instead of overwriting (ADR 013).
   */
  save<T = Doc>(
    resource: string,
    record: Doc,
    opts: { ifMatch?: string | null } = {},
  ): Promise<WriteAnswer<T>> {
    if (!record._id) return this.create<T>(resource, record);
    if (!opts.ifMatch) return this.replace<T>(resource, record);
    return this.request('PUT', `${resource}/${encodeURIComponent(String(record._id))}`, {
      body: record,
      headers: { 'if-match': `"${opts.ifMatch}"` },
    });
  }

  /** POST even with an _id (categories and roles take the user's id). */
  create<T = Doc>(resource: string, record: Doc): Promise<WriteAnswer<T>> {
    return this.request('POST', resource, { body: record });
  }

  replace<T = Doc>(resource: string, record: Doc): Promise<WriteAnswer<T>> {
    return this.request('PUT', `${resource}/${encodeURIComponent(String(record._id))}`, { body: record });
  }

  patch<T = Doc>(resource: string, id: string, operations: PatchOperation[]): Promise<WriteAnswer<T>> {
    return this.request('PATCH', `${resource}/${encodeURIComponent(id)}`, { body: operations });
  }

  remove(resource: string, id: string): Promise<unknown> {
    return this.request('DELETE', `${resource}/${encodeURIComponent(id)}`);
  }

  /** GET /api/<resource>/count → the number (same filters as lists). */
  async count(resource: string, params: Params = {}, signal?: AbortSignal): Promise<number> {
    const answer = await this.request<{ data: number }>('GET', `${resource}/count`, {
      query: params,
      signal,
    });
    return answer.data;
  }

  /** Calls under the auth base (adminreset, lock, signup, impersonate …). */
  auth<T>(path: string, body?: unknown): Promise<T> {
    return this.session.authorized<T>(
      'POST',
      `${panelBases().auth}/${path}`,
      body === undefined ? {} : { body },
    );
  }

  /** Multipart upload to the files base with progress (XHR: fetch reports no upload progress). */
  async upload(
    destination: string,
    file: File,
    opts: { onProgress(percent: number): void; signal: AbortSignal; fieldname: string; overwrite?: boolean },
  ): Promise<FileRecord> {
    const token = await this.session.accessToken();
    const folder = destination.replace(/^\/+|\/+$/g, '');
    const url = withQuery(
      `${panelBases().storage}/${folder}`,
      opts.overwrite ? { overwrite: 'true' } : undefined,
    );
    const form = new FormData();
    form.append(opts.fieldname || 'file', file, file.name);
    return new Promise<FileRecord>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', url);
      xhr.timeout = REQUEST_TIMEOUT_MS * 10;
      if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) opts.onProgress(Math.round((event.loaded / event.total) * 100));
      };
      const fail = (status: number, code: string, message: string) =>
        reject(new ApiError({ status, code, message }));
      xhr.onerror = () => fail(0, 'CONNECTION_ERROR', 'Could not connect to server');
      xhr.ontimeout = () => fail(0, 'TIMEOUT', 'The server is taking too long to respond');
      xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
      xhr.onload = () => {
        let body: unknown;
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          body = undefined;
        }
        if (xhr.status < 200 || xhr.status >= 300) {
          const error = (body ?? {}) as { code?: string; message?: string };
          fail(xhr.status, error.code ?? `HTTP_${xhr.status}`, error.message ?? xhr.statusText);
          return;
        }
        const record = Array.isArray(body) ? body[0] : body;
        if (!record || typeof record !== 'object') fail(xhr.status, 'NO_FILE', 'No file uploaded');
        else resolve(record as FileRecord);
      };
      opts.signal.addEventListener('abort', () => xhr.abort());
      xhr.send(form);
    });
  }

  /** DELETE a stored file by its path; a 404 is ignored (platform §7). */
  async deleteFile(path: string): Promise<void> {
    try {
      await this.session.authorized('DELETE', `/${path.replace(/^\//, '')}`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return;
      throw error;
    }
  }

  /** A file's address with the access token, for protected folders (platform §6 includeAccess). */
  async fileUrl(path: string, includeAccess = false): Promise<string> {
    const url = `/${path.replace(/^\//, '')}`;
    if (!includeAccess) return url;
    const token = await this.session.accessToken();
    return withQuery(url, token ? { access_token: token } : undefined);
  }
}

let client: ApiClient | undefined;

export function apiClient(): ApiClient {
  client ??= new ApiClient();
  return client;
}
