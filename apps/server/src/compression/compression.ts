// Every compression of a text body the server does (pages, assets, JSON answers), on libuv's
// worker threads. Node hands a compression its output in chunks of `chunkSize` (16 KB by default),
// and each full chunk is a round trip to the main thread and back: a 74 KB page at brotli 3 (18 KB
// out) made two, and the main thread spent ~0.27 ms on it. An output buffer sized for the body
// makes it one (~0.19 ms; issue 13).
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import { brotliTextParams } from './brotli.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Node's default output chunk. */
const MIN_CHUNK_BYTES = 16 * 1024;
/** Larger bodies take more than one chunk rather than one buffer as large as they are. */
const MAX_CHUNK_BYTES = 1024 * 1024;

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
  });
}

/** Gzip at `level`. */
export function gzipText(body: Buffer, level: number): Promise<Buffer> {
  return gzipAsync(body, { level, chunkSize: outputChunkBytes(body.length) });
}
