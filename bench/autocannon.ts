// autocannon ships no types: the little of it the benches use, declared once.
import { createRequire } from 'node:module';

export interface AutocannonRequest {
  method: 'GET' | 'POST';
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Rebuilds this request before each send (a random path, header or body). */
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
  /** Each answer to this request: status, body (as text) and headers (names as the server sent them). */
  onResponse?: (status: number, body: string, context: unknown, headers: Record<string, unknown>) => void;
}

export interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests?: AutocannonRequest[];
  workers?: number;
}

export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p97_5: number; p99: number; max: number; average: number };
  throughput: { average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  '2xx': number;
  statusCodeStats?: Record<string, { count: number }>;
}

const load = createRequire(import.meta.url)('autocannon');

export const autocannon = load as (options: AutocannonOptions) => Promise<AutocannonResult>;

/** A run that also reports each answer as it comes (its time in ms) and each failed request. */
export interface AutocannonInstance {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
  on(event: 'reqError', listener: (error: Error) => void): void;
  result: Promise<AutocannonResult>;
}

export function autocannonInstance(options: AutocannonOptions): AutocannonInstance {
  let settle!: (error: Error | null, result: AutocannonResult) => void;
  const result = new Promise<AutocannonResult>((resolve, reject) => {
    settle = (error, value) => (error ? reject(error) : resolve(value));
  });
  const tracker = (
    load as (
      options: AutocannonOptions,
      callback: (error: Error | null, result: AutocannonResult) => void,
    ) => { on(event: string, listener: (...args: never[]) => void): void }
  )(options, (error, value) => settle(error, value));
  return {
    on: (event: string, listener: (...args: never[]) => void) => tracker.on(event, listener),
    result,
  } as AutocannonInstance;
}
