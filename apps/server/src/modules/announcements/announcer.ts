import { randomUUID } from 'node:crypto';
import type { AnnouncementsRepo } from './announcements.repo.ts';

/** Students looked at per statement: one batch's notifications are one insert. */
export const ANNOUNCE_BATCH = 5_000;
/** How long a claimed announcement is held without progress before another process may take it. */
const LEASE_MS = 2 * 60_000;
/** Delivered announcements are kept this long as a record, then deleted. */
const KEEP_DONE_MS = 7 * 24 * 3_600_000;

/**
 * Delivers new-job announcements after the response that queued them. Services write an
 * announcement in the transaction of the job (or of the company's approval) and call `wake()` once
 * it has committed; a timer picks up anything a stopped or crashed process left. Each batch of
 * notifications commits with the announcement's progress, under a lease, so several server
 * processes never deliver one twice and a crash repeats and loses nothing.
 */
export function createAnnouncer(deps: {
  announcementsRepo: AnnouncementsRepo;
  log: {
    info: (details: object, message: string) => void;
    error: (details: object, message: string) => void;
  };
  batchSize?: number;
  pollMs?: number;
  now?: () => Date;
}) {
  const repo = deps.announcementsRepo;
  const size = deps.batchSize ?? ANNOUNCE_BATCH;
  const now = deps.now ?? (() => new Date());
  const leaseUntil = () => new Date(now().getTime() + LEASE_MS);
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  async function deliverDue() {
    while (!stopped) {
      const token = randomUUID();
      const claimed = await repo.claim(now(), leaseUntil(), token);
      if (!claimed) return;
      let state: 'lost' | 'more' | 'done' = 'more';
      while (state === 'more' && !stopped) {
        state = await repo.deliverBatch(claimed.id, token, size, leaseUntil(), now());
      }
      if (state === 'more') await repo.release(claimed.id, token, now());
      if (state === 'done') deps.log.info({ announcementId: claimed.id }, 'job announced');
    }
  }

  /** Delivers everything due; a call during a run makes that run look once more when it finishes. */
  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await deliverDue();
        } while (again && !stopped);
      } catch (error) {
        deps.log.error({ err: error }, 'could not deliver job announcements');
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    /** Called after a transaction that queued an announcement has committed. */
    wake() {
      if (!stopped) void run();
    },
    /** Delivers every announcement due now and resolves when done (tests wait on it). */
    drain: run,
    start() {
      if (timer || stopped) return;
      timer = setInterval(() => {
        void run().then(() => repo.pruneDone(new Date(now().getTime() - KEEP_DONE_MS)).catch(() => {}));
      }, deps.pollMs ?? 30_000);
      timer.unref();
      void run();
    },
    /** Stops the timer and waits for the batch under way; the rest is left for the next start. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
export type Announcer = ReturnType<typeof createAnnouncer>;
/** What services need of the announcer: a nudge once their transaction has committed. */
export type AnnouncementQueue = Pick<Announcer, 'wake'>;
