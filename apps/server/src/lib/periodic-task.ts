/**
 * Runs `task` now and then every `everyMs` while the app is up, one run at a time; a failure is
 * logged and the next tick tries again. Safe with several server processes when the task is (each
 * deletes or updates with conditions that hold once).
 */
export function createPeriodicTask(deps: {
  task: () => Promise<unknown>;
  everyMs: number;
  log: { error: (details: object, message: string) => void };
  /** What the log says when a run fails. */
  failure: string;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  const tick = () => {
    running ??= deps
      .task()
      .then(() => undefined)
      .catch((error: unknown) => deps.log.error({ err: error }, deps.failure))
      .finally(() => {
        running = null;
      });
    return running;
  };

  return {
    start() {
      if (timer) return;
      timer = setInterval(() => void tick(), deps.everyMs);
      timer.unref();
      void tick();
    },
    /** Stops the timer and waits for a run under way. */
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
