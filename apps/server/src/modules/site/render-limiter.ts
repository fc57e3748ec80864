// How many page renders run at once, and how many may wait (ADR 016, ADR 022, issue 34). More
// renders side by side only interleave (each holding its data and React tree); an unbounded queue
// let junk addresses pile up renders nobody would wait for, while memory grew and every queued
// reader got a later answer. Past `maxWaiting`, `run` refuses at once (RenderQueueFullError): the
// site answers 503 with Retry-After, and readers of cached pages are not affected.

export class RenderQueueFullError extends Error {
  /** Seconds a client should wait before it asks again. */
  readonly retryAfterS: number;

  constructor(retryAfterS: number) {
    super('The page render queue is full');
    this.name = 'RenderQueueFullError';
    this.retryAfterS = retryAfterS;
  }
}

export interface RenderLimiter {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Running and waiting tasks, for tests and benchmarks. */
  readonly load: { running: number; waiting: number };
}

/** Runs at most `limit` tasks at once, the others in arrival order, at most `maxWaiting` of them. */
export function createRenderLimiter(limit: number, maxWaiting = Number.POSITIVE_INFINITY): RenderLimiter {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= limit) {
        if (waiting.length >= maxWaiting) throw new RenderQueueFullError(1);
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      running++;
      try {
        return await task();
      } finally {
        running--;
        waiting.shift()?.();
      }
    },
    get load() {
      return { running, waiting: waiting.length };
    },
  };
}
