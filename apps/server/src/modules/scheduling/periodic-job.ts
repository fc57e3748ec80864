// A job each instance runs on a timer: the next tick starts `tickMs` after the previous one ended
// (never two at once), a failed tick is logged and the timer goes on, and stop() waits for the
// tick under way. Which instance does which piece of work is the job's own business (a claim in
// the database); this is only the timer, shared by the media-source scheduler (ADR 019) and the
// scheduled publisher (ADR 039).

export interface PeriodicJob<T> {
  /** One round now (also what the timer calls). */
  tick(): Promise<T>;
  start(): void;
  stop(): Promise<void>;
}

export function periodicJob<T>(opts: {
  tickMs: number;
  /** Named in the log line of a failed tick. */
  name: string;
  log?: { error(obj: object, msg: string): void } | undefined;
  /** One round; a loop inside it ends early once `stopped()` is true. */
  run(stopped: () => boolean): Promise<T>;
}): PeriodicJob<T> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const tick = () => opts.run(() => stopped);

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick()
        .catch((err: unknown) => opts.log?.error({ err }, `${opts.name} tick failed`))
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, opts.tickMs);
    timer.unref();
  };

  return {
    tick,
    start() {
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
