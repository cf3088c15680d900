/** How often the timer looks for offers past their decide-by date. */
const EVERY_MS = 5 * 60_000;

/**
 * Lapses offers on a timer, so notices go out even when nobody reads an offer; reads lapse what is
 * due themselves, so the state is right whenever anyone looks. Started and stopped with the app.
 */
export function createOfferLapser(deps: {
  lapseDue: () => Promise<number>;
  log: { error: (details: object, message: string) => void };
  everyMs?: number;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  const tick = () => {
    running ??= deps
      .lapseDue()
      .then(() => undefined)
      .catch((error: unknown) => deps.log.error({ err: error }, 'could not lapse offers past their date'))
      .finally(() => {
        running = null;
      });
    return running;
  };

  return {
    start() {
      if (timer) return;
      timer = setInterval(() => void tick(), deps.everyMs ?? EVERY_MS);
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
