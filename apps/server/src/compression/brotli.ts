// The parameters of every brotli compression the server does (pages, assets, JSON answers).
import { constants as zlib } from 'node:zlib';

/**
 * log2 of the smallest brotli window that holds `length` bytes (a window is 16 bytes short of its
 * power of two). Brotli's default, 22, sizes the encoder's state for 4 MB of input: for a 78 KB
 * page that state is mostly unused, and Node reports all of it to V8 as external memory, which
 * started garbage collections of the whole heap under load (ADR 032).
 */
export function windowBitsFor(length: number): number {
  let bits = zlib.BROTLI_MIN_WINDOW_BITS;
  while (bits < zlib.BROTLI_MAX_WINDOW_BITS && (1 << bits) - 16 < length) bits++;
  return bits;
}

/** Text at `quality`, with the window and the size hint of a body of `length` bytes. */
export function brotliTextParams(quality: number, length: number): Record<number, number> {
  return {
    [zlib.BROTLI_PARAM_QUALITY]: quality,
    [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
    [zlib.BROTLI_PARAM_SIZE_HINT]: length,
    [zlib.BROTLI_PARAM_LGWIN]: windowBitsFor(length),
  };
}
