import type { Listen } from '../../db/client.ts';
import type { SessionAccount } from '../../plugins/access.ts';

/** The account behind a session as the session lookup read it, with the session's own times. */
export type SessionRow = Omit<SessionAccount, 'tokenHash'> & { lastSeenAt: Date; expiresAt: Date };

/** What the cache holds of one session: its row and when that was read (ms since the epoch). */
type Entry = { row: SessionRow; readAt: number };

/**
 * Each server's short-lived copy of the accounts behind the sessions it has just checked, so that a
 * signed-in reading (a page, a list) does not ask the database who is asking: that statement was
 * most of `GET /api/`'s cost, and a fifth of `getUserData`'s (docs/performance.md).
 *
 * What keeps it true:
 * - Only reads use it: a request that may change something (any method but GET and HEAD) reads
 *   the session afresh, and once answered empties this server's copy (`forgetAll`), so a change
 *   made here, to any account, is seen by the next request here.
 * - A change made anywhere else (another server, a script, by hand) reaches every server's copy
 *   at commit: the database NOTIFYs `session_accounts_changed` with the account's id when its
 *   role, status, name, email or college changes, when it is deleted, and when a company's standing
 *   at a college changes (migration 0049); an ended session NOTIFYs `live_sessions_ended` with its
 *   token's hash (0029). A read under way when such news arrives is not kept (`generation`).
 * - An entry is kept `ttlMs` at most (the bound should the listening connection be down), and not
 *   past the session's idle or absolute expiry; a session due its `lastSeenAt` touch is read afresh.
 * - With no LISTEN to hear other processes by (`watch`), nothing is kept.
 */
export function createSessionCache(options: {
  ttlMs: number;
  /** A session last seen this long ago is due its `lastSeenAt` touch (inside its idle expiry). */
  touchMs: number;
  maxEntries?: number;
}) {
  const { ttlMs, touchMs, maxEntries = 20_000 } = options;
  const entries = new Map<string, Entry>();
  let listening = false;
  /** Moves on with every change heard: a read that began before it is not kept. */
  let generation = 0;

  const forgetAll = () => {
    generation++;
    entries.clear();
  };
  const forgetAccount = (accountId: string) => {
    generation++;
    for (const [tokenHash, entry] of entries) if (entry.row.id === accountId) entries.delete(tokenHash);
  };
  const forgetSession = (tokenHash: string) => {
    generation++;
    entries.delete(tokenHash);
  };

  return {
    /** Where the news stands now: give it back to `keep` with what a read found. */
    generation: () => generation,

    /**
     * The row read for this session no more than `ttlMs` ago, before its session expires or is
     * due its touch; else undefined (read it afresh).
     */
    get(tokenHash: string, now: number): SessionRow | undefined {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      const { row, readAt } = entry;
      const lastSeen = row.lastSeenAt.getTime();
      if (
        now - readAt > ttlMs ||
        now < readAt ||
        row.expiresAt.getTime() <= now ||
        now - lastSeen >= touchMs
      ) {
        entries.delete(tokenHash);
        return undefined;
      }
      return row;
    },

    /** Keeps what a read found, unless news came in while it was reading (`since`). */
    keep(tokenHash: string, row: SessionRow, readAt: number, since: number) {
      if (!listening || ttlMs <= 0 || since !== generation) return;
      if (entries.size >= maxEntries) {
        // The oldest read first (a Map keeps the order things were put in).
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.delete(tokenHash);
      entries.set(tokenHash, { row, readAt });
    },

    forgetAll,
    forgetAccount,
    forgetSession,

    /**
     * Hears the database's news of accounts and ended sessions; keeps entries only once both
     * channels listen. Each (re)established listen empties the copy, as news may have been missed
     * while it was down. Resolves to the function that stops listening (and keeping).
     */
    async watch(listen: Listen): Promise<() => Promise<void>> {
      const unlistenAccounts = await listen('session_accounts_changed', forgetAccount, forgetAll);
      const unlistenSessions = await listen('live_sessions_ended', forgetSession, forgetAll);
      forgetAll();
      listening = true;
      return async () => {
        listening = false;
        forgetAll();
        await Promise.all([unlistenAccounts(), unlistenSessions()]);
      };
    },

    /** How many sessions are held (for tests). */
    size: () => entries.size,
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;
