import type { Notification } from '@portal/contracts/common';
import type { NotificationList } from '@portal/contracts/notifications';
import { companyMaySeeStudents, type Viewer } from '@portal/contracts/student-visibility';
import type { Clock } from '../../lib/clock.ts';
import type { NotificationScope, NotificationsRepo } from './notifications.repo.ts';
import type { NewNotification } from './notify.ts';
import { NOTIFICATIONS_SHOWN, toNotification } from './notifications.read.ts';

/** Notifications are kept this many days, then deleted. */
export const NOTIFICATIONS_KEPT_DAYS = 90;
/** Old notifications are deleted this many per statement, so one prune never holds a long lock. */
const PRUNE_BATCH = 5_000;

/**
 * A company the placement cell does not allow to recruit sees none of its notifications about
 * students (who applied, who answered an offer) until it is allowed again: the visibility rule.
 */
/** Who reads notifications: whether a company may read about students follows its status. */
type Reader = Pick<Viewer, 'id' | 'role' | 'status'>;

const scopeOf = (reader: Reader): NotificationScope => ({
  aboutStudents: reader.role !== 'company' || companyMaySeeStudents(reader.status),
});

export function createNotificationsService({
  notificationsRepo,
  clock,
}: {
  notificationsRepo: NotificationsRepo;
  clock: Clock;
}) {
  return {
    async latest(reader: Reader): Promise<Notification[]> {
      return (await notificationsRepo.latest(reader.id, NOTIFICATIONS_SHOWN, 0, scopeOf(reader))).map(
        toNotification,
      );
    },

    /** One page of the reader's notifications, newest first (the first page is the bell's panel). */
    async list(
      reader: Reader,
      { page, pageSize }: { page: number; pageSize: number } = { page: 1, pageSize: NOTIFICATIONS_SHOWN },
    ): Promise<NotificationList> {
      const scope = scopeOf(reader);
      const [items, total, unread] = await Promise.all([
        notificationsRepo.latest(reader.id, pageSize, (page - 1) * pageSize, scope),
        notificationsRepo.countAll(reader.id, scope),
        notificationsRepo.countUnread(reader.id, scope),
      ]);
      return { items: items.map(toNotification), total, unread };
    },

    async markAllRead(reader: Reader): Promise<NotificationList> {
      await notificationsRepo.markAllRead(reader.id, clock.now(), scopeOf(reader));
      return this.list(reader);
    },

    /** Forgets notifications older than NOTIFICATIONS_KEPT_DAYS, a batch at a time. */
    async pruneOld(): Promise<number> {
      const before = clock.fromNow(-NOTIFICATIONS_KEPT_DAYS * 86_400_000);
      let pruned = 0;
      for (;;) {
        const n = await notificationsRepo.pruneOlderThan(before, PRUNE_BATCH);
        pruned += n;
        if (n < PRUNE_BATCH) return pruned;
      }
    },

    notify: (rows: NewNotification[]) => notificationsRepo.insert(rows),
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
