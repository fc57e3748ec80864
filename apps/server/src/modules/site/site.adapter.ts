// Fastify ⇄ Fetch API conversion for the React Router request handler. None is published for
// Fastify, and going through `reply` (not `reply.hijack()`) keeps onSend hooks such as compression
// and security headers working on the HTML (ARCHITECTURE §2).
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Builds the Web Request React Router expects. The body is the one the site's bounded parser read
 * (post-limits.ts), untouched; a body it did not read (none sent) stays the raw stream.
 */
export function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = new URL(`${request.protocol}://${request.host || 'localhost'}${request.url}`);
  const controller = new AbortController();
  // Stops rendering and loaders when the client goes away before the answer is complete.
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: 'half' } = {
    method: request.method,
    headers: toWebHeaders(request.raw),
    signal: controller.signal,
  };
  if (Buffer.isBuffer(request.body)) {
    // Read by the site's bounded body parser (post-limits.ts).
    init.body = new Uint8Array(
      request.body.buffer,
      request.body.byteOffset,
      request.body.byteLength,
    ) as Uint8Array<ArrayBuffer>;
  } else if (request.method !== 'GET' && request.method !== 'HEAD') {
    init.body = Readable.toWeb(request.raw) as ReadableStream<Uint8Array>;
    init.duplex = 'half'; // required by undici for a streamed request body
  }
  return new Request(url, init);
}

function toWebHeaders(raw: IncomingMessage): Headers {
  const headers = new Headers();
  // rawHeaders keeps repeated headers apart ([name, value, name, value, ...]).
  for (let i = 0; i + 1 < raw.rawHeaders.length; i += 2) {
    const name = raw.rawHeaders[i]!;
    if (name.startsWith(':')) continue; // HTTP/2 pseudo-headers are not valid header names
    headers.append(name, raw.rawHeaders[i + 1]!);
  }
  return headers;
}

/** Sends a Web Response through Fastify: status, every header (each Set-Cookie apart), streamed body. */
export function sendWebResponse(reply: FastifyReply, response: Response): FastifyReply {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    // React's HTML stream is always UTF-8, but React Router's entry only says `text/html`.
    reply.header(name, name === 'content-type' && value === 'text/html' ? 'text/html; charset=utf-8' : value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (response.body === null) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>));
}
