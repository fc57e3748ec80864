// JSON answers of 1 KB or more go compressed to clients that accept it (brotli, else gzip). A
// fact-check with long rich text is ~180 KB of JSON (Arabic text is two bytes a letter in UTF-8),
// which an editor on a phone network waited seconds for; brotli at quality 4 makes it a fraction
// of that in about a millisecond of a worker thread. Public pages and static files have their own
// compressed copies (page cache, asset compression) and are left alone.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { brotliText, gzipText } from '../compression/compression.ts';
import { chooseEncoding } from '../compression/content-encoding.ts';

/** Below this a compressed answer saves less than its headers and the work cost. */
export const JSON_COMPRESSION_MIN_BYTES = 1024;
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 4;

function isJson(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && /^application\/(?:[\w.+-]+\+)?json\b/.test(type);
}

export function registerJsonCompression(app: FastifyInstance): void {
  // Synchronous but for the compression itself: it runs for every answer (pages and files
  // included), and an async hook costs a promise per request.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    if (request.method === 'HEAD' || reply.getHeader('content-encoding') || !isJson(reply)) {
      return done(null, payload);
    }
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    // The answer depends on Accept-Encoding for every JSON answer, compressed or not.
    const vary = reply.getHeader('vary');
    if (
      !String(vary ?? '')
        .toLowerCase()
        .includes('accept-encoding')
    ) {
      reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    }
    if (body.length < JSON_COMPRESSION_MIN_BYTES) return done(null, payload);
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (encoding === 'identity') return done(null, payload);
    (encoding === 'br' ? brotliText(body, BROTLI_QUALITY) : gzipText(body, GZIP_LEVEL)).then(
      (compressed) => {
        reply.header('content-encoding', encoding);
        reply.removeHeader('content-length');
        done(null, compressed);
      },
      (error: Error) => done(error),
    );
  });
}
