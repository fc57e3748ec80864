// Issue 34, weakness 11: a request must arrive whole (headers and body) within REQUEST_TIMEOUT_S,
// or the server answers 408 in the catalogue's shape and frees the connection. A real listening
// server and raw TCP sockets: the client sends one byte at a time, as a slow-loris attacker does.

import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';

const TIMEOUT_S = 1;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp({ env: { REQUEST_TIMEOUT_S: String(TIMEOUT_S) } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

interface Outcome {
  /** Everything the server sent. */
  received: string;
  /** Milliseconds from the first byte sent until the server closed the connection. */
  closedAfterMs: number;
}

/**
 * Sends `head` at once, then `trickle` one byte every `everyMs`, until the server closes the
 * connection or `giveUpMs` passes (then the socket is destroyed and closedAfterMs is Infinity).
 */
function slowRequest(head: string, trickle: string, everyMs: number, giveUpMs: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect({ port, host: '127.0.0.1' });
    const started = Date.now();
    let received = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      resolve({ received, closedAfterMs: Number.POSITIVE_INFINITY });
    }, giveUpMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A reset after the answer is the server freeing the connection; anything else is a failure.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ received, closedAfterMs: Date.now() - started });
    });
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (sent < trickle.length && socket.writable) socket.write(trickle[sent++]!);
      }, everyMs);
    });
  });
}

const expectTimeoutAnswer = (outcome: Outcome) => {
  // Node checks its connections on an interval; the server keeps it to a quarter of the timeout.
  expect(outcome.closedAfterMs).toBeLessThan(TIMEOUT_S * 1000 * 2 + 1000);
  expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(TIMEOUT_S * 1000 - 50);
  const [head = '', body = ''] = outcome.received.split('\r\n\r\n');
  expect(head).toMatch(/^HTTP\/1\.1 408 /);
  expect(head.toLowerCase()).toContain('connection: close');
  expect(JSON.parse(body)).toEqual({
    statusCode: 408,
    code: 'REQUEST_TIMEOUT',
    message: `The request did not arrive within ${TIMEOUT_S} s`,
  });
};

describe('REQUEST_TIMEOUT_S', () => {
  it('answers a body sent one byte at a time with 408 and closes the connection', async () => {
    const body = JSON.stringify({ name: 'slow', email: 'slow@example.org', subject: 'x'.repeat(200) });
    const head =
      'POST /api/contract HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
    expectTimeoutAnswer(await slowRequest(head, body, 200, 8000));
  });

  it('answers headers sent one byte at a time with 408 and closes the connection', async () => {
    const head = `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ${'a'.repeat(200)}\r\n\r\n`;
    expectTimeoutAnswer(await slowRequest('', head, 200, 8000));
  });

  it('keeps answering a request that arrives in time', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(res.status).toBe(200);
  });
});

describe('REQUEST_TIMEOUT_S values', () => {
  it('defaults to 60 seconds and refuses a value that is not a positive number', async () => {
    const { loadConfig } = await import('../src/config.ts');
    const env = { NODE_ENV: 'test', APP_SECRET: 'test-secret-test-secret-test-secret-0123' };
    expect(loadConfig(env).REQUEST_TIMEOUT_S).toBe(60);
    expect(loadConfig({ ...env, REQUEST_TIMEOUT_S: '2.5' }).REQUEST_TIMEOUT_S).toBe(2.5);
    for (const wrong of ['0', '-1', 'soon']) {
      expect(() => loadConfig({ ...env, REQUEST_TIMEOUT_S: wrong })).toThrow(/REQUEST_TIMEOUT_S/);
    }
  });
});
