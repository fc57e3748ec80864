// The built client files (JavaScript, CSS, SVG) compressed once per process, in memory, and sent
// in the encoding the client takes. Hashed assets never change, so this happens in the background
// at start; until a file is ready, @fastify/static sends it uncompressed.
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliText, gzipText } from '../../compression/compression.ts';
import { chooseEncoding } from '../../compression/content-encoding.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

const MIN_BYTES = 1024;
/** How long after start-up the client files start being compressed. */
export const ASSET_COMPRESSION_DELAY_MS = 3000;

interface CompressedAsset {
  contentType: string;
  cacheControl: string;
  gzip: Buffer;
  br: Buffer;
}

export type AssetCompressor = ReturnType<typeof createAssetCompressor>;

export function createAssetCompressor(options: {
  clientDir: string;
  cacheControlOf: (filePath: string) => string;
  /** Wait before compressing (default ASSET_COMPRESSION_DELAY_MS). */
  delayMs?: number;
}) {
  const assets = new Map<string, CompressedAsset>();

  async function compressAll(): Promise<void> {
    const entries = await readdir(options.clientDir, { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const file = join(entry.parentPath, entry.name);
      const contentType = CONTENT_TYPES[extname(entry.name).toLowerCase()];
      if (!contentType) continue;
      const body = await readFile(file);
      if (body.length < MIN_BYTES) continue;
      // One compression at a time: this is background work, and the machine may have two cores.
      const gz = await gzipText(body, 9);
      const br = await brotliText(body, 11);
      const url = `/${relative(options.clientDir, file).split(sep).join('/')}`;
      assets.set(url, { contentType, cacheControl: options.cacheControlOf(file), gzip: gz, br });
    }
  }

  // Started a moment after start-up, so the seconds of brotli work do not compete with the first
  // pages a restarted server renders (issue 13); until then the files are served as they are.
  const ready = new Promise<void>((resolve) => {
    setTimeout(resolve, options.delayMs ?? ASSET_COMPRESSION_DELAY_MS).unref();
  })
    .then(compressAll)
    .catch(() => {
      // Compression is an optimisation: on any failure the files are served as they are.
    });

  return {
    /** Resolves once every file is compressed (benchmarks wait for it). */
    ready,

    /** Answers a known file in a compressed form (true), or leaves it to the static route (false). */
    trySend(request: FastifyRequest, reply: FastifyReply): boolean {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      const asset = assets.get(request.url.split('?', 1)[0]!);
      if (!asset) return false;
      const encoding = chooseEncoding(request.headers['accept-encoding']);
      if (encoding === 'identity') return false;
      reply
        .header('content-type', asset.contentType)
        .header('cache-control', asset.cacheControl)
        .header('content-encoding', encoding)
        .header('vary', 'Accept-Encoding')
        .send(encoding === 'br' ? asset.br : asset.gzip);
      return true;
    },
  };
}
