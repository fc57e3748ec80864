// Every outbound request of the product (feeds, feed images, evidence snapshots) goes through here:
// a time-out over the whole exchange, a byte limit, a redirect limit, an identifying user agent,
// and no private, loopback, link-local or metadata address unless FETCH_ALLOW_HOSTS allows it.
// Addresses are checked after DNS resolution inside the socket's own lookup, so the address that
// was checked is the one connected to (no rebinding between check and connect), and again for
// every redirect hop (docs/decisions/019-media-source-monitoring.md).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

export const FETCH_ERROR_KINDS = [
  'invalid-url',
  'blocked-address',
  'unreachable',
  'timeout',
  'http-error',
  'too-large',
  'redirect-loop',
  'too-many-redirects',
  'not-a-feed',
  'malformed',
  'invalid-image',
] as const;
export type FetchErrorKind = (typeof FETCH_ERROR_KINDS)[number];

export class FetchError extends Error {
  readonly kind: FetchErrorKind;
  readonly url: string;
  readonly status: number | undefined;

  constructor(kind: FetchErrorKind, url: string, message: string, status?: number) {
    super(message);
    this.name = 'FetchError';
    this.kind = kind;
    this.url = url;
    this.status = status;
  }
}

export interface SafeFetchOptions {
  /** Host names, addresses or CIDR ranges allowed although private (FETCH_ALLOW_HOSTS). */
  allowHosts: readonly string[];
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  userAgent: string;
}

/** A POST's body and headers (webhook deliveries): sent once, its redirects not followed. */
export interface OutboundBody {
  body: string | Buffer;
  headers?: Record<string, string>;
}

export interface FetchedResponse {
  url: string;
  finalUrl: string;
  status: number;
  contentType: string;
  body: Buffer;
}

/** Ranges no fetch may reach by default: RFC 1918, loopback, link-local (metadata), CGNAT, … */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv6');
}

/** `::ffff:10.0.0.1` is 10.0.0.1: mapped addresses are judged by the IPv4 they carry. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

export function isPrivateAddress(address: string): boolean {
  const a = unmapped(address);
  return BLOCKED.check(a.address, a.family);
}

export interface AllowList {
  allowsHost(hostname: string): boolean;
  allowsAddress(address: string): boolean;
}

/** Parses FETCH_ALLOW_HOSTS: `feeds.local, 10.1.2.3, 192.168.0.0/16, ::1`. */
export function parseAllowList(entries: readonly string[]): AllowList {
  const names = new Set<string>();
  const ranges = new BlockList();
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    const [net, prefix] = entry.split('/');
    const family = isIP(net!);
    if (family !== 0) {
      const type = family === 6 ? 'ipv6' : 'ipv4';
      if (prefix === undefined) ranges.addAddress(net!, type);
      else ranges.addSubnet(net!, Number(prefix), type);
    } else {
      names.add(entry.replace(/\.$/, ''));
    }
  }
  return {
    allowsHost: (hostname) =>
      names.has(
        hostname
          .toLowerCase()
          .replace(/^\[|\]$/g, '')
          .replace(/\.$/, ''),
      ),
    allowsAddress: (address) => {
      const a = unmapped(address);
      return (
        ranges.check(a.address, a.family) || ranges.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4')
      );
    },
  };
}

/** Splits and checks FETCH_ALLOW_HOSTS at start: a bad CIDR stops the start with a clear message. */
export function allowHostsFromConfig(value: string): string[] {
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [net, prefix] = entry.split('/');
    if (prefix === undefined) continue;
    const family = isIP(net!);
    const max = family === 6 ? 128 : 32;
    if (family === 0 || !/^\d+$/.test(prefix) || Number(prefix) > max) {
      throw new Error(`FETCH_ALLOW_HOSTS: '${entry}' is not an address range (like 10.0.0.0/8)`);
    }
  }
  return entries;
}

const blockedMessage = (host: string, address: string) =>
  `Refused to fetch from ${host} (${address}): a private, loopback, link-local or metadata address; list it in FETCH_ALLOW_HOSTS to allow it`;

export function createSafeFetch(options: SafeFetchOptions) {
  const allow = parseAllowList(options.allowHosts);
  const isRefused = (host: string, address: string) =>
    isPrivateAddress(address) && !allow.allowsHost(host) && !allow.allowsAddress(address);

  /** The socket's DNS lookup: resolve every address, refuse the host if any one is refused. */
  const guardedLookup =
    (host: string): LookupFunction =>
    (hostname, lookupOptions, callback) => {
      dnsLookup(hostname, { ...lookupOptions, all: true }, (err, addresses) => {
        if (err) return callback(err, '', 0);
        const list = addresses as LookupAddress[];
        const refused = list.find((a) => isRefused(host, a.address));
        if (refused) {
          const blocked = new FetchError('blocked-address', '', blockedMessage(host, refused.address));
          return callback(blocked as NodeJS.ErrnoException, '', 0);
        }
        if ((lookupOptions as { all?: boolean }).all) return callback(null, list as never);
        const first = list[0];
        if (!first) return callback(new Error(`No address for ${hostname}`), '', 0);
        callback(null, first.address, first.family);
      });
    };

  function requestOnce(
    url: URL,
    accept: string,
    deadline: number,
    maxBytes: number,
    signal: AbortSignal | undefined,
    send?: OutboundBody,
  ): Promise<{ status: number; location?: string; contentType: string; body: Buffer }> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host) !== 0 && isRefused(host, host)) {
        reject(new FetchError('blocked-address', url.href, blockedMessage(host, host)));
        return;
      }
      const remaining = deadline - Date.now();
      if (remaining <= 0) {
        reject(new FetchError('timeout', url.href, `No answer within ${options.timeoutMs} ms`));
        return;
      }
      const client = url.protocol === 'https:' ? https : http;
      let settled = false;
      /** Marks the answer given: no timeout, no abort after it. */
      const finish = () => {
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const fail = (err: unknown) => {
        if (settled) return;
        finish();
        req.destroy();
        reject(err);
      };
      const onAbort = () => fail(signal!.reason);
      const req = client.request(
        url,
        {
          method: send ? 'POST' : 'GET',
          lookup: guardedLookup(host),
          headers: {
            ...send?.headers,
            'user-agent': options.userAgent,
            accept,
            'accept-encoding': 'gzip, deflate, br',
            ...(send ? { 'content-length': String(Buffer.byteLength(send.body)) } : {}),
          },
          // No agent: one connection per request, so a pooled socket never skips the lookup.
          agent: false,
        },
        (res) => {
          const status = res.statusCode ?? 0;
          const contentType = String(res.headers['content-type'] ?? '');
          if (status >= 300 && status < 400 && res.headers.location) {
            res.resume();
            finish();
            resolve({ status, location: res.headers.location, contentType, body: Buffer.alloc(0) });
            return;
          }
          const declared = Number(res.headers['content-length']);
          if (Number.isFinite(declared) && declared > maxBytes) {
            fail(new FetchError('too-large', url.href, `The answer is ${declared} bytes, over ${maxBytes}`));
            return;
          }
          const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase();
          const decoder =
            encoding === 'gzip' || encoding === 'x-gzip'
              ? createGunzip()
              : encoding === 'deflate'
                ? createInflate()
                : encoding === 'br'
                  ? createBrotliDecompress()
                  : undefined;
          const stream = decoder ? res.pipe(decoder) : res;
          const chunks: Buffer[] = [];
          let size = 0;
          stream.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes) {
              fail(new FetchError('too-large', url.href, `The answer is over ${maxBytes} bytes`));
              return;
            }
            chunks.push(chunk);
          });
          stream.on('end', () => {
            if (settled) return;
            finish();
            resolve({ status, contentType, body: Buffer.concat(chunks) });
          });
          stream.on('error', (err: Error) =>
            fail(new FetchError('unreachable', url.href, `The answer broke off: ${err.message}`)),
          );
        },
      );
      const timer = setTimeout(
        () => fail(new FetchError('timeout', url.href, `No complete answer within ${options.timeoutMs} ms`)),
        remaining,
      );
      signal?.addEventListener('abort', onAbort, { once: true });
      req.on('error', (err: Error) => {
        if (err instanceof FetchError) {
          fail(new FetchError(err.kind, url.href, err.message));
          return;
        }
        const code = (err as NodeJS.ErrnoException).code;
        fail(new FetchError('unreachable', url.href, `Cannot reach ${url.host}: ${code ?? err.message}`));
      });
      req.end(send?.body);
    });
  }

  return {
    options,
    /**
     * GETs `address`, following at most maxRedirects redirects (each re-checked). Answers only 2xx;
     * anything else is a FetchError whose kind names the failure. With `signal`, an abort stops
     * the request and rejects with the signal's reason. With `post`, POSTs that body instead (a
     * redirect is then an 'http-error', not followed).
     */
    async fetch(
      address: string,
      opts: { accept?: string; maxBytes?: number; signal?: AbortSignal; post?: OutboundBody } = {},
    ): Promise<FetchedResponse> {
      let url: URL;
      try {
        url = new URL(address);
      } catch {
        throw new FetchError('invalid-url', address, `'${address}' is not an address`);
      }
      const deadline = Date.now() + options.timeoutMs;
      const maxBytes = opts.maxBytes ?? options.maxBytes;
      const seen = new Set<string>();
      for (let hop = 0; ; hop++) {
        if (url.protocol !== 'http:' && url.protocol !== 'https:') {
          throw new FetchError(
            'invalid-url',
            url.href,
            `Only http and https addresses are fetched, not ${url.protocol}`,
          );
        }
        seen.add(url.href);
        const res = await requestOnce(url, opts.accept ?? '*/*', deadline, maxBytes, opts.signal, opts.post);
        // A POST is never repeated elsewhere: its redirect is its answer (webhooks, issue 36).
        if (res.location !== undefined && !opts.post) {
          const next = new URL(res.location, url);
          if (seen.has(next.href)) {
            throw new FetchError(
              'redirect-loop',
              address,
              `Redirect loop: ${url.href} leads back to ${next.href}`,
            );
          }
          if (hop + 1 > options.maxRedirects) {
            throw new FetchError(
              'too-many-redirects',
              address,
              `More than ${options.maxRedirects} redirects`,
            );
          }
          url = next;
          continue;
        }
        if (res.status < 200 || res.status >= 300) {
          throw new FetchError('http-error', url.href, `HTTP ${res.status} from ${url.href}`, res.status);
        }
        return {
          url: address,
          finalUrl: url.href,
          status: res.status,
          contentType: res.contentType,
          body: res.body,
        };
      }
    },
  };
}

export type SafeFetch = ReturnType<typeof createSafeFetch>;
