// A request must arrive whole, headers and body, within REQUEST_TIMEOUT_S (issue 34): a client
// sending one byte every few seconds held a connection for as long as it liked, since Fastify
// switches Node's request timeout off by default. Node enforces the limit itself: it checks open
// connections on an interval and reports a late one as ERR_HTTP_REQUEST_TIMEOUT to the server's
// `clientError` handler, which here answers 408 in the catalogue's shape and closes the socket.
import { type ServerOptions, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyBaseLogger, FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/** Node's default for headers alone; a shorter request timeout bounds them too. */
const HEADERS_TIMEOUT_MS = 60_000;

/**
 * How often Node looks for late requests: a quarter of the timeout, between 250 ms and 5 s (Node's
 * default of 30 s let a 60 s limit run to 90 s: slow headers were cut at ~79 s).
 */
export const checkIntervalMs = (timeoutMs: number) =>
  Math.min(5000, Math.max(250, Math.round(timeoutMs / 4)));

/** Fastify's options for a request timeout of `seconds`. */
export function requestTimeoutOptions(seconds: number): {
  requestTimeout: number;
  http: ServerOptions;
  clientErrorHandler: (this: FastifyInstance, err: ConnectionError, socket: Socket) => void;
} {
  const timeoutMs = Math.ceil(seconds * 1000);
  return {
    // Fastify sets this on the server after creating it; `http` sets it at creation, where Node
    // also derives the checking interval and the headers timeout.
    requestTimeout: timeoutMs,
    http: {
      requestTimeout: timeoutMs,
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, timeoutMs),
      connectionsCheckingInterval: checkIntervalMs(timeoutMs),
    },
    clientErrorHandler(err, socket) {
      answerClientError(this.log, err, socket, seconds);
    },
  };
}

/** Fastify's default handling of malformed requests, with a timeout answered in our shape. */
function answerClientError(log: FastifyBaseLogger, err: ConnectionError, socket: Socket, seconds: number) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  // Once the app has started its answer, nothing more can be written in front of it.
  const answering = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
  if (socket.writable && !answering?.headersSent) {
    let status: number;
    let body: string;
    if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      status = 408;
      body = JSON.stringify(
        new AppError('REQUEST_TIMEOUT', `The request did not arrive within ${seconds} s`).toJSON(),
      );
      log.info({ code: 'REQUEST_TIMEOUT', remoteAddress: socket.remoteAddress }, 'request timed out');
    } else {
      status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
      body = JSON.stringify({ error: STATUS_CODES[status], message: 'Client Error', statusCode: status });
      log.trace({ err }, 'client error');
    }
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
