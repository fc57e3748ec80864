// autocannon ships no types: the little of it the benches use, declared once.
import { createRequire } from 'node:module';

export interface AutocannonRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
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

export const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: AutocannonOptions,
) => Promise<AutocannonResult>;
