/** Where a worker reports a failed pass. */
export type WorkerLog = { error: (details: object, message: string) => void };

export type Worker<Name extends string = string> = {
  readonly name: Name;
  /** Runs a pass after `firstAfterMs`, then `everyMs` after each pass ends; timers keep no process alive. */
  start(): void;
  /** Stops the timer, tells a pass under way to stop (its signal aborts) and waits for it to end. */
  stop(): Promise<void>;
  /** Runs a pass soon: now if idle, else once more when the one under way ends (calls coalesce). */
  wake(): void;
  /** Runs passes until nothing is left and resolves then (tests wait on it instead of sleeping). */
  drain(): Promise<void>;
};

/**
 * One background job: `runOnce` does a pass of its work, on a timer, when woken, and again at once
 * while it says more is waiting. Passes never overlap within a process; across processes the job's
 * own queries keep the work from being done twice (leases, FOR UPDATE SKIP LOCKED, conditional
 * updates). A failed pass is logged with the worker's name and never reaches the process: the next
 * tick tries again. workers.ts lists every worker the server runs.
 */
export function createWorker<Name extends string>(options: {
  name: Name;
  /**
   * One pass. Resolves to true when more work is waiting, so another pass follows at once. `signal`
   * aborts when the worker stops: a long pass checks it between steps and leaves the rest.
   */
  runOnce: (signal: AbortSignal) => Promise<boolean | void>;
  everyMs: number;
  /** The wait before the first pass after start(); 0 (the default) runs it at once. */
  firstAfterMs?: number;
  log: WorkerLog;
}): Worker<Name> {
  const { name, runOnce, everyMs, firstAfterMs = 0, log } = options;
  const stopping = new AbortController();
  let started = false;
  let running: Promise<void> | null = null;
  /** Set by a wake during a pass: look once more when it ends, for what the waker just committed. */
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  /**
   * Passes until no wake is pending. `running` is cleared in the same turn as the last look at
   * `again`, so a wake never lands between the two (it would be folded into a pass that had ended).
   */
  async function passes(done: () => void) {
    do {
      again = false;
      try {
        let more = true;
        while (more && !stopping.signal.aborted) more = (await runOnce(stopping.signal)) === true;
      } catch (error) {
        log.error({ err: error, worker: name }, `background worker ${name} failed`);
      }
    } while (again && !stopping.signal.aborted);
    running = null;
    done();
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    let done = () => {};
    running = new Promise<void>((resolve) => (done = resolve));
    const current = running;
    void passes(done);
    return current;
  }

  function schedule(ms: number) {
    timer = setTimeout(() => {
      void run().then(() => {
        if (!stopping.signal.aborted) schedule(everyMs);
      });
    }, ms);
    timer.unref();
  }

  return {
    name,
    start() {
      if (started || stopping.signal.aborted) return;
      started = true;
      schedule(firstAfterMs);
    },
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await running;
    },
    wake() {
      if (!stopping.signal.aborted) void run();
    },
    drain: run,
  };
}
