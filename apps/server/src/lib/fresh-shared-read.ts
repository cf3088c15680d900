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

/**
 * A `freshSharedRead` kept until what it reads changes. `version` is a cheap reading that every
 * committed change to the read's inputs raises and nothing lowers (a college's count of changes,
 * migration 0040). A caller reads it first: an answer kept at that version or a later one is the
 * answer, since nothing it reads has changed since; otherwise the caller joins a fresh shared
 * reading (started after it asked), kept under the version it read. Kept per college scope, and
 * per server process: another process's writes reach this one through the version.
 */
export function keptUntilChanged<T>(
  version: () => Promise<number>,
  compute: () => Promise<T>,
): () => Promise<T> {
  const fresh = freshSharedRead(compute);
  const kept = new Map<string, { version: number; value: T }>();
  return async () => {
    const key = currentScopeKey();
    const now = await version();
    const held = kept.get(key);
    if (held && held.version >= now) return held.value;
    const value = await fresh();
    // Another caller's reading, kept meanwhile under a later version, stays.
    if ((kept.get(key)?.version ?? -1) < now) kept.set(key, { version: now, value });
    return value;
  };
}
