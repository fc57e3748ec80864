// Safe fetching over real HTTP: time-out, size limit, redirect limit, user agent, and SSRF refusal
// of private, loopback, link-local and metadata addresses (literal, by name, after redirects)
// unless FETCH_ALLOW_HOSTS allows them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowHostsFromConfig,
  createSafeFetch,
  FetchError,
  isPrivateAddress,
  type SafeFetchOptions,
} from '../src/modules/monitoring/safe-fetch.ts';
import { type FeedServer, startFeedServer } from './monitoring-server.ts';

let server: FeedServer;
beforeAll(async () => {
  server = await startFeedServer({ slowMs: 2000, hugeBytes: 256 * 1024 });
});
afterAll(() => server?.close());

const options = (over: Partial<SafeFetchOptions> = {}): SafeFetchOptions => ({
  allowHosts: [],
  timeoutMs: 500,
  maxBytes: 64 * 1024,
  maxRedirects: 5,
  userAgent: 'Tabayyun-monitor/test',
  ...over,
});

async function failure(promise: Promise<unknown>): Promise<FetchError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(FetchError);
    return err as FetchError;
  }
  throw new Error('expected the fetch to fail');
}

describe('SSRF: private, loopback, link-local and metadata addresses', () => {
  const strict = createSafeFetch(options());

  it.each([
    ['loopback', 'http://127.0.0.1:9/feed.xml', '127.0.0.1'],
    ['private', 'http://10.0.0.1/feed.xml', '10.0.0.1'],
    ['metadata', 'http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['IPv6 loopback', 'http://[::1]:9/feed.xml', '::1'],
    ['IPv4-mapped IPv6', 'http://[::ffff:10.0.0.1]/feed.xml', '10.0.0.1'],
  ])('refuses a %s address literal without the allow-list', async (_name, url) => {
    const err = await failure(strict.fetch(url));
    expect(err.kind).toBe('blocked-address');
    expect(err.message).toContain('FETCH_ALLOW_HOSTS');
  });

  it('refuses a name that resolves to a loopback address (checked after DNS resolution)', async () => {
    const port = new URL(server.base).port;
    const err = await failure(strict.fetch(`http://localhost:${port}/rss.xml`));
    expect(err.kind).toBe('blocked-address');
    expect(server.hits.get('/rss.xml') ?? 0).toBe(0);
  });

  it('refuses the local test server itself until it is allowed', async () => {
    const err = await failure(strict.fetch(`${server.base}/rss.xml`));
    expect(err.kind).toBe('blocked-address');
    const allowed = createSafeFetch(options({ allowHosts: ['127.0.0.1'] }));
    const res = await allowed.fetch(`${server.base}/rss.xml`);
    expect(res.status).toBe(200);
    expect(res.body.toString('utf8')).toContain('<rss');
  });

  it('allows by host name, by address and by CIDR range', async () => {
    const port = new URL(server.base).port;
    for (const allowHosts of [['localhost'], ['127.0.0.0/8'], ['127.0.0.1']]) {
      const f = createSafeFetch(options({ allowHosts }));
      const target =
        allowHosts[0] === 'localhost' ? `http://localhost:${port}/feed.json` : `${server.base}/feed.json`;
      expect((await f.fetch(target)).status, allowHosts.join()).toBe(200);
    }
  });

  it('checks every redirect hop: an allowed server redirecting to 10.0.0.1 or 169.254.169.254 is refused', async () => {
    const allowed = createSafeFetch(options({ allowHosts: ['127.0.0.1'] }));
    for (const [path, address] of [
      ['/to-private', '10.0.0.1'],
      ['/to-metadata', '169.254.169.254'],
    ] as const) {
      const err = await failure(allowed.fetch(`${server.base}${path}`));
      expect(err.kind).toBe('blocked-address');
      expect(err.message).toContain(address);
    }
  });

  it('classifies addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
      '100.64.0.1',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700::1111', '172.32.0.1']) {
      expect(isPrivateAddress(a), a).toBe(false);
    }
  });

  it('refuses a malformed FETCH_ALLOW_HOSTS range at start', () => {
    expect(allowHostsFromConfig(' a.local, 10.0.0.0/8 ,::1 ')).toEqual(['a.local', '10.0.0.0/8', '::1']);
    expect(() => allowHostsFromConfig('10.0.0.0/40')).toThrow(/FETCH_ALLOW_HOSTS/);
    expect(() => allowHostsFromConfig('example.org/8')).toThrow(/FETCH_ALLOW_HOSTS/);
  });
});

describe('limits', () => {
  const f = createSafeFetch(options({ allowHosts: ['127.0.0.1'] }));

  it('gives up on a slow answer at the time-out', async () => {
    const started = Date.now();
    const err = await failure(f.fetch(`${server.base}/slow.xml`));
    expect(err.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('stops reading an answer over the size limit (streamed, no content-length)', async () => {
    const err = await failure(f.fetch(`${server.base}/huge.xml`));
    expect(err.kind).toBe('too-large');
  });

  it('refuses a declared content-length over the limit before reading', async () => {
    server.routes.set('/declared-big', (_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/rss+xml',
        'content-length': String(10 * 1024 * 1024),
      });
      res.write('<rss>');
    });
    const err = await failure(f.fetch(`${server.base}/declared-big`));
    expect(err.kind).toBe('too-large');
  });

  it('detects a redirect loop and limits the number of redirects', async () => {
    expect((await failure(f.fetch(`${server.base}/loop-a`))).kind).toBe('redirect-loop');
    for (let i = 0; i < 4; i++) {
      server.routes.set(`/hop-${i}`, (_req, res) => {
        res.writeHead(302, { location: `/hop-${i + 1}` });
        res.end();
      });
    }
    server.routes.set('/hop-4', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('arrived');
    });
    const two = createSafeFetch(options({ allowHosts: ['127.0.0.1'], maxRedirects: 2 }));
    expect((await failure(two.fetch(`${server.base}/hop-0`))).kind).toBe('too-many-redirects');
    const res = await f.fetch(`${server.base}/hop-0`);
    expect(res.finalUrl).toBe(`${server.base}/hop-4`);
    expect(res.body.toString()).toBe('arrived');
  });

  it('answers HTTP errors with their status, refuses other schemes, names itself', async () => {
    const err = await failure(f.fetch(`${server.base}/missing.xml`));
    expect(err.kind).toBe('http-error');
    expect(err.status).toBe(404);
    expect((await failure(f.fetch('file:///etc/passwd'))).kind).toBe('invalid-url');
    expect((await failure(f.fetch('not a url'))).kind).toBe('invalid-url');
    let agent = '';
    server.routes.set('/ua', (req, res) => {
      agent = String(req.headers['user-agent']);
      res.end('ok');
    });
    await f.fetch(`${server.base}/ua`);
    expect(agent).toBe('Tabayyun-monitor/test');
  });
});
