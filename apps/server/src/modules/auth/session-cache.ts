import type { Listen } from '../../db/client.ts';
import { createNotifiedCopy } from '../../lib/notified-copy.ts';
import type { SessionAccount } from '../../plugins/access.ts';

/** The account behind a session as the session lookup read it, with the session's own times. */
export type SessionRow = Omit<SessionAccount, 'tokenHash'> & { lastSeenAt: Date; expiresAt: Date };

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
 * (The keeping itself is lib/notified-copy.ts's, keyed by the session token's hash.)
 */
export function createSessionCache(options: {
  ttlMs: number;
  /** A session last seen this long ago is due its `lastSeenAt` touch (inside its idle expiry). */
  touchMs: number;
  maxEntries?: number;
}) {
  const { ttlMs, touchMs, maxEntries } = options;
  const copy = createNotifiedCopy<SessionRow>({
    ttlMs,
    ...(maxEntries !== undefined && { maxEntries }),
    stillGood: (row, now) => row.expiresAt.getTime() > now && now - row.lastSeenAt.getTime() < touchMs,
  });
  const forgetAccount = (accountId: string) => copy.forgetWhere((row) => row.id === accountId);

  return {
    generation: copy.generation,
    /**
     * The row read for this session no more than `ttlMs` ago, before its session expires or is
     * due its touch; else undefined (read it afresh).
     */
    get: copy.get,
    keep: copy.keep,
    forgetAll: copy.forgetAll,
    forgetAccount,
    forgetSession: copy.forget,

    /**
     * Hears the database's news of accounts and ended sessions; keeps entries only once both
     * channels listen. Resolves to the function that stops listening (and keeping).
     */
    watch: (listen: Listen) =>
      copy.watch(listen, { session_accounts_changed: forgetAccount, live_sessions_ended: copy.forget }),

    /** How many sessions are held (for tests). */
    size: copy.size,
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;
