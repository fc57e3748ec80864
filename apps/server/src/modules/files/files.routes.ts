// HTTP for files (CONTRACT.md "Files"), under the files base (default /storage):
//   POST   /storage[/<folder>]           multipart upload, or JSON content upload → [fileRecord]
//   GET    /storage/<folder>/<name>      the file (Range, ETag, cache headers), or ?w= / ?social= variants
//   DELETE /storage/<folder>/<name>      → { _id, document }
//   GET    /storage?<query>              the file browser's listing (same as GET /api/storage)
// and under the API base: GET /api/storage[?<query>], GET /api/storage/:id.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, validationFailed } from '../../errors.ts';
import { publicReadGate, queryOf } from '../resources/resources.routes.ts';
import type { ResourceService } from '../resources/resources.service.ts';
import { contentDisposition } from './file-names.ts';
import { isActiveContent } from './file-policy.ts';
import type { FilesService, UploadPart } from './files.service.ts';
import { isVariantWidth, type VariantKind } from './variants.service.ts';
import { VARIANT_FORMATS, type VariantFormat, type VariantWidth } from './variants.ts';

/** The file browser's page size (platform.md §9). */
const FILES_PER_PAGE = 50;
const ONE_YEAR = 'public, max-age=31536000, immutable';
const ONE_DAY = 'public, max-age=86400, stale-while-revalidate=604800';
const PROTECTED = 'private, no-cache';

const fileRecord = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    fieldname: { type: ['string', 'null'] },
    originalname: { type: 'string' },
    filename: { type: 'string' },
    size: { type: 'integer' },
    encoding: { type: ['string', 'null'] },
    mimetype: { type: ['string', 'null'] },
    destination: { type: 'string' },
    path: { type: 'string' },
    date: { type: 'string', format: 'date-time' },
    status: { type: ['string', 'null'] },
    user: { type: ['string', 'null'] },
    meta: { type: ['object', 'null'], additionalProperties: true },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
} as const;
const errorAnswer = { $ref: 'error#' } as const;
const listAnswer = {
  type: 'object',
  properties: { data: { type: 'array', items: fileRecord }, total: { type: 'integer' } },
} as const;

export interface FileRoutesDeps {
  files: FilesService;
  listing: ResourceService;
  /** Largest folder limit: bounds the multipart parser and the JSON content-upload body. */
  largestMaxSize: number;
}

/**
 * The file browser's listing: the query language over `storage`, 50 per page by default. Staff
 * only by default; should the public be granted it, it reads as the generic API's public readers
 * do (issue 34): budget, page ceiling, public fields only.
 */
async function listFiles(listing: ResourceService, request: FastifyRequest, reply: FastifyReply) {
  const query = queryOf(request);
  const def = listing.definition('storage');
  const publicQuery = await publicReadGate(request.server.services?.publicReads, request, reply, def, query);
  const result = await listing.list({
    actor: request.actor,
    resource: 'storage',
    query: { ...(publicQuery ?? query), perPage: query.perPage ?? FILES_PER_PAGE },
  });
  if (!publicQuery) return result;
  const view = request.server.services.publicReads.view;
  return { data: result.data.map((doc) => view.project(def, doc, [])), total: result.total };
}

export async function registerFileRoutes(app: FastifyInstance, deps: FileRoutesDeps): Promise<void> {
  const { files } = deps;
  await app.register(multipart, {
    // The service counts bytes itself and answers 413; the parser's own cap is one byte above the
    // largest folder limit so that it never truncates silently first.
    throwFileSizeLimit: false,
    limits: {
      fileSize: deps.largestMaxSize + 1,
      files: 20,
      fields: 50,
      fieldSize: 100_000,
      parts: 100,
    },
  });
  const upload = async (
    request: FastifyRequest<{ Params: { '*'?: string }; Querystring: { overwrite?: boolean } }>,
  ) =>
    files.upload({
      actor: request.actor,
      folder: request.params['*'] ?? '',
      overwrite: request.query.overwrite === true,
      parts: request.isMultipart()
        ? ({ maxSize }) => multipartParts(request, maxSize)
        : () => contentParts(request.body),
    });
  const uploadSchema = {
    tags: ['files'],
    summary:
      'Upload files into a folder (multipart, or JSON { ...fields, files: [{ name, content, encoding? }] })',
    querystring: { type: 'object', properties: { overwrite: { type: 'boolean' } } },
    response: {
      200: { type: 'array', items: fileRecord },
      400: errorAnswer,
      401: errorAnswer,
      403: errorAnswer,
      413: errorAnswer,
      415: errorAnswer,
    },
  };
  // JSON content uploads carry base64 (4/3 of the bytes) plus fields.
  const bodyLimit = Math.ceil((deps.largestMaxSize * 4) / 3) + 1024 * 1024;
  // A content upload's bytes go to storage, not the database: NUL is fine there.
  const config = { unstoredBodyPaths: /^files\.\d+\.content$/ };
  app.post('/', { schema: uploadSchema, bodyLimit, config }, upload);
  app.post('/*', { schema: uploadSchema, bodyLimit, config }, upload);

  app.get(
    '/',
    {
      schema: {
        tags: ['files'],
        summary: 'List file records (query language; 50 per page by default)',
        response: { 200: listAnswer, 400: errorAnswer, 401: errorAnswer },
      },
    },
    (request, reply) => listFiles(deps.listing, request, reply),
  );

  app.get<{
    Params: { '*': string };
    Querystring: { w?: string; social?: string; v?: string; format?: string };
  }>(
    '/*',
    {
      schema: {
        tags: ['files'],
        summary:
          'A stored file (Range requests, ETag); ?w=320|640|1024|1600 (&format=webp|avif) or ?social=1 for image variants',
        querystring: {
          type: 'object',
          properties: {
            w: { type: 'string' },
            format: { type: 'string' },
            social: { type: 'string' },
            v: { type: 'string' },
            access_token: { type: 'string' },
          },
        },
      },
    },
    async (request, reply) => {
      const found = await files.findServable({ actor: request.actor, rawPath: request.params['*'] });
      const sha = String((found.record.meta as { sha256?: unknown } | null)?.sha256 ?? found.record._id);
      const { w, social, v, format } = request.query;
      const cache = found.isProtected
        ? PROTECTED
        : v && v.length >= 12 && sha.startsWith(v)
          ? ONE_YEAR
          : ONE_DAY;
      reply.header('X-Content-Type-Options', 'nosniff');

      if (w !== undefined || social !== undefined || format !== undefined) {
        const kind: VariantKind =
          social !== undefined ? { social: true } : { width: variantWidth(w), format: variantFormat(format) };
        const variant = await files.variant(found, kind);
        const etag = `"${sha.slice(0, 16)}-${'social' in kind ? 'social' : `${kind.width}${kind.format === 'avif' ? '-avif' : ''}`}"`;
        reply.header('Cache-Control', cache).header('ETag', etag);
        if (request.headers['if-none-match'] === etag) {
          variant.stream.destroy();
          return reply.code(304).send();
        }
        return reply
          .header('Content-Type', variant.contentType)
          .header('Content-Length', variant.size)
          .send(variant.stream);
      }

      const etag = `"${sha.slice(0, 32)}"`;
      const mime = found.record.mimetype || 'application/octet-stream';
      reply
        .header('Cache-Control', cache)
        .header('ETag', etag)
        .header('Last-Modified', found.record.updatedAt.toUTCString())
        .header('Accept-Ranges', 'bytes')
        .header('Content-Type', mime.startsWith('text/') ? `${mime}; charset=utf-8` : mime);
      if (isActiveContent(mime)) {
        // SVG, HTML, XML: downloaded, never run on our origin (an <img src> still shows an SVG).
        reply
          .header('Content-Disposition', contentDisposition('attachment', found.record.filename))
          .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      }
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return sendWithRange(request, reply, files, found.key, found.size, etag);
    },
  );

  app.delete<{ Params: { '*': string } }>(
    '/*',
    {
      schema: {
        tags: ['files'],
        summary: 'Delete a file and its record',
        response: {
          200: { type: 'object', properties: { _id: { type: 'string' }, document: fileRecord } },
          401: errorAnswer,
          403: errorAnswer,
          404: errorAnswer,
        },
      },
    },
    async (request) => {
      const document = await files.remove({ actor: request.actor, rawPath: request.params['*'] });
      return { _id: document._id, document };
    },
  );
}

/** GET /api/storage and GET /api/storage/:id (read-only: records change through uploads only). */
export function registerStorageApiRoutes(app: FastifyInstance, listing: ResourceService): void {
  app.get(
    '/storage',
    {
      schema: {
        tags: ['files'],
        summary: 'List file records (query language; 50 per page by default)',
        response: { 200: listAnswer, 400: errorAnswer, 401: errorAnswer },
      },
    },
    (request, reply) => listFiles(listing, request, reply),
  );
  app.get<{ Params: { id: string } }>(
    '/storage/:id',
    {
      schema: {
        tags: ['files'],
        summary: 'One file record',
        params: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        response: { 200: listAnswer, 404: errorAnswer },
      },
    },
    async (request, reply) => {
      const query = queryOf(request);
      const def = listing.definition('storage');
      const publicReads = request.server.services?.publicReads;
      const publicQuery = await publicReadGate(publicReads, request, reply, def, query);
      const doc = await listing.get({
        actor: request.actor,
        resource: 'storage',
        id: request.params.id,
        query: publicQuery ?? query,
      });
      return { data: [publicQuery && publicReads ? publicReads.view.project(def, doc, []) : doc] };
    },
  );
}

function variantFormat(raw: string | undefined): VariantFormat {
  if (raw === undefined) return 'webp';
  if (!(VARIANT_FORMATS as readonly string[]).includes(raw)) {
    throw validationFailed({ format: 'Formats are webp and avif' }, `Unknown variant format '${raw}'`);
  }
  return raw as VariantFormat;
}

function variantWidth(raw: string | undefined): VariantWidth {
  const width = Number(raw);
  if (!isVariantWidth(width)) {
    throw validationFailed({ w: 'Widths are 320, 640, 1024 and 1600' }, `Unknown variant width '${raw}'`);
  }
  return width;
}

/** A single `bytes=` range (RFC 9110 §14); anything else is served whole. */
async function sendWithRange(
  request: FastifyRequest,
  reply: FastifyReply,
  files: FilesService,
  key: string,
  size: number,
  etag: string,
) {
  const header = request.headers.range;
  const ifRange = request.headers['if-range'];
  const match =
    typeof header === 'string' && (!ifRange || ifRange === etag)
      ? /^bytes=(\d*)-(\d*)$/.exec(header.trim())
      : null;
  if (match && (match[1] || match[2])) {
    let start: number;
    let end: number;
    if (match[1] === '') {
      start = Math.max(0, size - Number(match[2]));
      end = size - 1;
    } else {
      start = Number(match[1]);
      end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    }
    if (start >= size || start > end) {
      return reply.code(416).header('Content-Range', `bytes */${size}`).header('Content-Length', 0).send();
    }
    const stream = await files.open(key, { start, end });
    if (!stream) throw new AppError('NOT_FOUND', 'File not found');
    return reply
      .code(206)
      .header('Content-Range', `bytes ${start}-${end}/${size}`)
      .header('Content-Length', end - start + 1)
      .send(stream);
  }
  const stream = await files.open(key);
  if (!stream) throw new AppError('NOT_FOUND', 'File not found');
  return reply.header('Content-Length', size).send(stream);
}

async function* multipartParts(request: FastifyRequest, maxSize: number): AsyncGenerator<UploadPart> {
  for await (const part of request.parts({ limits: { fileSize: maxSize + 1 } })) {
    if (part.type === 'file') {
      yield {
        type: 'file',
        fieldname: part.fieldname,
        filename: part.filename,
        encoding: part.encoding,
        content: part.file,
      };
    } else {
      yield { type: 'field', name: part.fieldname, value: part.value };
    }
  }
}

const CONTENT_ENCODINGS = new Set(['base64', 'base64url', 'utf8', 'utf-8', 'hex', 'latin1', 'binary']);

/** `{ ...fields, files: [{ name, content, encoding? }] }`: content is text, base64 or a data: URL. */
async function* contentParts(body: unknown): AsyncGenerator<UploadPart> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw validationFailed({ '': 'Send multipart/form-data, or JSON with a files list' });
  }
  const { files, ...fields } = body as Record<string, unknown>;
  if (!Array.isArray(files) || files.length === 0) {
    throw validationFailed({ files: 'A list of { name, content, encoding? }' }, 'No file uploaded');
  }
  const decoded = files.map((file, i) => {
    const f = file as { name?: unknown; content?: unknown; encoding?: unknown };
    if (typeof f?.name !== 'string' || typeof f.content !== 'string') {
      throw validationFailed({ [`files.${i}`]: 'Each file needs a name and a string content' });
    }
    const dataUrl = /^data:[^,]*?(;base64)?,/.exec(f.content);
    if (dataUrl) {
      const rest = f.content.slice(dataUrl[0].length);
      return {
        name: f.name,
        encoding: dataUrl[1] ? 'base64' : 'utf8',
        bytes: dataUrl[1] ? Buffer.from(rest, 'base64') : Buffer.from(decodeURIComponent(rest), 'utf8'),
      };
    }
    const encoding = typeof f.encoding === 'string' ? f.encoding.toLowerCase() : 'utf8';
    if (!CONTENT_ENCODINGS.has(encoding)) {
      throw validationFailed({ [`files.${i}.encoding`]: `One of ${[...CONTENT_ENCODINGS].join(', ')}` });
    }
    return { name: f.name, encoding, bytes: Buffer.from(f.content, encoding as BufferEncoding) };
  });
  for (const [name, value] of Object.entries(fields)) yield { type: 'field', name, value };
  for (const file of decoded) {
    yield {
      type: 'file',
      fieldname: 'files',
      filename: file.name,
      encoding: file.encoding,
      content: (async function* () {
        yield file.bytes;
      })(),
    };
  }
}
