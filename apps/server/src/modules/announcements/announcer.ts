import { randomUUID } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';
import type { AnnouncementsRepo } from './announcements.repo.ts';

/** Students looked at per statement: one batch's notifications are one insert. */
export const ANNOUNCE_BATCH = 5_000;
/** How long a claimed announcement is held without progress before another process may take it. */
const LEASE_MS = 2 * 60_000;
/** Delivered announcements are kept this long as a record, then deleted. */
const KEEP_DONE_MS = 7 * 24 * 3_600_000;

/**
 * Delivers new-job announcements after the response that queued them. Services write an
 * announcement in the transaction of the job (or of the company's approval) and wake the
 * announcements worker (workers.ts) once it has committed; its timer picks up anything a stopped or
 * crashed process left. Each batch of notifications commits with the announcement's progress, under
 * a lease, so several server processes never deliver one twice and a crash repeats and loses nothing.
 */
export function createAnnouncer(deps: {
  announcementsRepo: AnnouncementsRepo;
  log: { info: (details: object, message: string) => void };
  clock: Pick<Clock, 'now' | 'fromNow'>;
  batchSize?: number;
}) {
  const { announcementsRepo: repo, clock } = deps;
  const size = deps.batchSize ?? ANNOUNCE_BATCH;
  const leaseUntil = () => clock.fromNow(LEASE_MS);

  return {
    /**
     * Claims the oldest announcement due and delivers it batch by batch; false when none was due.
     * Stopping (`signal`) between batches hands the rest back for the next start.
     */
    async deliverNext(signal: AbortSignal): Promise<boolean> {
      const token = randomUUID();
      const claimed = await repo.claim(clock.now(), leaseUntil(), token);
      if (!claimed) return false;
      let state: 'lost' | 'more' | 'done' = 'more';
      while (state === 'more' && !signal.aborted) {
        state = await repo.deliverBatch(claimed.id, token, size, leaseUntil(), clock.now());
      }
      if (state === 'more') await repo.release(claimed.id, token, clock.now());
      if (state === 'done') deps.log.info({ announcementId: claimed.id }, 'job announced');
      return true;
    },

    /** Forgets the announcements delivered more than KEEP_DONE_MS ago. */
    pruneDone: () => repo.pruneDone(clock.fromNow(-KEEP_DONE_MS)),
  };
}
