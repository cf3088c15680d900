import { createPeriodicTask } from '../../lib/periodic-task.ts';

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
  return createPeriodicTask({
    task: deps.lapseDue,
    everyMs: deps.everyMs ?? EVERY_MS,
    log: deps.log,
    failure: 'could not lapse offers past their date',
  });
}
