// Every compression of a text body the server does (pages, assets, JSON answers), on libuv's
// worker threads. Node hands a compression its output in chunks of `chunkSize` (16 KB by default),
// and each full chunk is a round trip to the main thread and back: a 74 KB page at brotli 3 (18 KB
// out) made two, and the main thread spent ~0.27 ms on it. An output buffer sized for the body
// makes it one (~0.19 ms; issue 13).
//
// Node hands back a result that fits in one chunk as a view of a larger buffer (64 KB for a page's
// 4–20 KB compressed form): kept in the page cache or the client files' table, each form held that
// whole buffer, several times the bytes the cache counted (issue 34). A result is therefore copied
// into a buffer of its own size when the one it views is more than `MAX_SLACK_BYTES` larger
// (a memcpy of a few KB against the compression's ~0.3–80 ms).
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import { brotliTextParams } from './brotli.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Node's default output chunk. */
const MIN_CHUNK_BYTES = 16 * 1024;
/** Larger bodies take more than one chunk rather than one buffer as large as they are. */
const MAX_CHUNK_BYTES = 1024 * 1024;

/** What a result may leave unused of the buffer it views before it is copied into its own. */
const MAX_SLACK_BYTES = 1024;

/**
 * `buffer`, or a copy in a buffer of its own size (outside Node's shared pool) when it is a view
 * of a buffer more than MAX_SLACK_BYTES larger: what is kept then costs what it measures.
 */
export function ownBytes(buffer: Buffer): Buffer {
  if (buffer.buffer.byteLength - buffer.length <= MAX_SLACK_BYTES) return buffer;
  const own = Buffer.allocUnsafeSlow(buffer.length);
  buffer.copy(own);
  return own;
}

/**
 * An output chunk that holds the compressed form of text of `length` bytes in one piece: text
 * compresses to well under half its size (HTML and JSON to a fifth or less even at fast settings).
 */
export function outputChunkBytes(length: number): number {
  return Math.min(MAX_CHUNK_BYTES, Math.max(MIN_CHUNK_BYTES, Math.ceil(length / 2)));
}

/** Brotli at `quality`, with the window of the body (brotli.ts). */
export function brotliText(body: Buffer, quality: number): Promise<Buffer> {
  return brotliAsync(body, {
    params: brotliTextParams(quality, body.length),
    chunkSize: outputChunkBytes(body.length),
  }).then(ownBytes);
}

/** Gzip at `level`. */
export function gzipText(body: Buffer, level: number): Promise<Buffer> {
  return gzipAsync(body, { level, chunkSize: outputChunkBytes(body.length) }).then(ownBytes);
}
