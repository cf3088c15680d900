import type { Listen } from '../db/client.ts';

/**
 * A server's short-lived copy of rows it has just read, kept true by the database's news: what the
 * session copy (modules/auth/session-cache.ts) and the students' own records
 * (modules/students/own-record-copy.ts) are built on.
 *
 * - An entry is kept `ttlMs` at most: the bound should the listening connection be down and news
 *   be missed. `stillGood` may end it sooner (a session's expiry).
 * - A read under way when news arrives is not kept (`generation`): it may have read the row before
 *   the change committed.
 * - Nothing is kept until every channel listens (`watch`); each (re)established listen empties the
 *   copy, as news may have been missed while it was down.
 * - Past `maxEntries`, the oldest read is dropped first.
 */
export function createNotifiedCopy<V>(options: {
  ttlMs: number;
  maxEntries?: number;
  /** False when an entry read at `readAt` may no longer be answered from at `now`. */
  stillGood?: (value: V, now: number) => boolean;
}) {
  const { ttlMs, maxEntries = 20_000, stillGood = () => true } = options;
  const entries = new Map<string, { value: V; readAt: number }>();
  let listening = false;
  /** Moves on with every change heard: a read that began before it is not kept. */
  let generation = 0;

  const forgetAll = () => {
    generation++;
    entries.clear();
  };

  return {
    /** Where the news stands now: give it back to `keep` with what a read found. */
    generation: () => generation,

    /** The value read for `key` no more than `ttlMs` ago and still good; else undefined (read it afresh). */
    get: (key: string, now: number): V | undefined => {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now - entry.readAt > ttlMs || now < entry.readAt || !stillGood(entry.value, now)) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },

    /** Keeps what a read found, unless news came in while it was reading (`since`). */
    keep: (key: string, value: V, readAt: number, since: number) => {
      if (!listening || ttlMs <= 0 || since !== generation) return;
      if (entries.size >= maxEntries) {
        // The oldest read first (a Map keeps the order things were put in).
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.delete(key);
      entries.set(key, { value, readAt });
    },

    forget: (key: string) => {
      generation++;
      entries.delete(key);
    },

    /** Forgets every entry whose value `matches`. */
    forgetWhere: (matches: (value: V) => boolean) => {
      generation++;
      for (const [key, entry] of entries) if (matches(entry.value)) entries.delete(key);
    },

    forgetAll,

    /**
     * Listens on each channel, handing its payloads to its handler; keeps entries only once all of
     * them listen. Resolves to the function that stops listening (and keeping).
     */
    watch: async (
      listen: Listen,
      channels: Record<string, (payload: string) => void>,
    ): Promise<() => Promise<void>> => {
      const unlisten = await Promise.all(
        Object.entries(channels).map(([channel, onPayload]) => listen(channel, onPayload, forgetAll)),
      );
      forgetAll();
      listening = true;
      return async () => {
        listening = false;
        forgetAll();
        await Promise.all(unlisten.map((stop) => stop()));
      };
    },

    /** How many entries are held (for tests). */
    size: () => entries.size,
  };
}
