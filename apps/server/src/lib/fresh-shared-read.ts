import { setImmediate as afterPendingIo } from 'node:timers/promises';
import { currentScopeKey } from '../db/college-scope.ts';

/**
 * A read that callers asking at the same moment share, while each still gets an answer computed
 * wholly after it asked. One reading runs at a time; a caller joins the next reading that has not
 * started yet, or, when there is none, sets one up: it starts once the reading under way (if any)
 * has ended and the requests already received have had their turn to join (one pass of the event
 * loop's I/O). Under N concurrent callers the work is done about twice instead of N times, and
 * nobody sees a figure older than their request (which a cache with a lifetime would show).
 *
 * The turn matters on the embedded database: it answers in this thread, so a reading started at
 * once could end before the next request had even been read, and nothing would ever be shared.
 *
 * For an expensive read everyone gets the same answer to (the placement statistics aggregate every
 * student). Each server process shares only its own callers' readings, and only between callers
 * of one college scope (db/college-scope.ts): a reading runs in the scope of the caller who set it
 * up, so a staff member of another college gets a reading of their own.
 */
export function freshSharedRead<T>(compute: () => Promise<T>): () => Promise<T> {
  const perScope = new Map<string, () => Promise<T>>();
  return () => {
    const key = currentScopeKey();
    let read = perScope.get(key);
    if (!read) {
      read = sharedRead(compute);
      perScope.set(key, read);
    }
    return read();
  };
}

function sharedRead<T>(compute: () => Promise<T>): () => Promise<T> {
  /** The latest reading, settled or not: the next starts after it. */
  let latest: Promise<unknown> = Promise.resolve();
  /** The next reading, not started yet: a caller now joins it. */
  let next: Promise<T> | null = null;

  return () => {
    if (next) return next;
    const run = latest
      .catch(() => undefined)
      .then(() => afterPendingIo())
      .then(() => {
        next = null;
        return compute();
      });
    next = run;
    latest = run;
    return run;
  };
}
