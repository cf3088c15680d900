/**
 * A fixed-window counter kept in memory: enough for one server process. Each key (an IP, an
 * email) may be hit `limit` times per window; old windows are swept so the map stays small.
 */
export function createRateLimiter({ limit, windowMs }: { limit: number; windowMs: number }) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = Date.now() + windowMs;

  return {
    /** Counts one attempt; false when the key is over its limit for the current window. */
    hit(key: string, now = Date.now()): boolean {
      if (now >= nextSweep) {
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
        nextSweep = now + windowMs;
      }
      const current = windows.get(key);
      if (!current || current.resetAt <= now) {
        windows.set(key, { count: 1, resetAt: now + windowMs });
        return true;
      }
      current.count += 1;
      return current.count <= limit;
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
