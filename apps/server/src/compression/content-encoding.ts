// The content coding of an answer (RFC 9110 §12.5.3), one rule for every compressed answer the
// server sends: pages, the built client files and JSON.
export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding the client ranks highest (its `q` weights); identity when it accepts neither. `q=0`
 * refuses; `*` stands for any encoding not named; `x-gzip` is gzip. Brotli wins a tie with gzip:
 * at the settings of cached pages, client files and JSON it is the smaller, and at quality 1 (a
 * page compressed for one reader, ADR 038) less than half gzip 3's CPU for ~8 % more bytes.
 */
export function chooseEncoding(header: string | string[] | undefined): Encoding {
  if (!header) return 'identity';
  if (typeof header !== 'string' || header.length > MAX_KNOWN_LENGTH) return encodingOf(header);
  // Clients send a handful of distinct headers (`gzip, deflate, br, zstd` and the like), and every
  // cached page's answer asks: each is parsed once, up to KNOWN_HEADERS of them (a flood of
  // made-up ones empties the list now and then, and holds at most 16 KB).
  let encoding = known.get(header);
  if (encoding === undefined) {
    encoding = encodingOf(header);
    if (known.size >= KNOWN_HEADERS) known.clear();
    known.set(header, encoding);
  }
  return encoding;
}

/** Accept-Encoding values remembered by chooseEncoding, and the longest one remembered. */
const KNOWN_HEADERS = 64;
const MAX_KNOWN_LENGTH = 256;
const known = new Map<string, Encoding>();

function encodingOf(header: string | string[]): Encoding {
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gz = Math.max(weightOf('gzip'), weights.get('x-gzip') ?? 0);
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return 'identity';
}
