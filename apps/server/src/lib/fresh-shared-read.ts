/**
 * A read that callers asking at the same moment share, while each still gets an answer computed
 * wholly after it asked. At most one computation runs at a time: a caller arriving while one runs
 * waits for the next, which starts when that one ends and serves everyone who arrived meanwhile.
 * Under N concurrent callers the work is done about twice instead of N times, and nobody sees a
 * figure older than their request (which a cache with a lifetime would show).
 *
 * For an expensive read everyone gets the same answer to (the placement statistics aggregate every
 * student). Each server process shares only its own callers' reads.
 */
export function freshSharedRead<T>(compute: () => Promise<T>): () => Promise<T> {
  /** The computation running now. */
  let running: Promise<T> | null = null;
  /** The one that starts when `running` ends, for the callers who arrived while it ran. */
  let next: Promise<T> | null = null;

  const start = (): Promise<T> => {
    const run = compute();
    running = run;
    const done = () => {
      if (running === run) running = null;
    };
    run.then(done, done);
    return run;
  };

  return () => {
    if (running === null) return start();
    if (next === null) {
      next = running
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => {
          next = null;
          return start();
        });
    }
    return next;
  };
}
