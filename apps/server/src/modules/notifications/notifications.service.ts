import type { Notification } from '@portal/contracts/common';
import type { NotificationList } from '@portal/contracts/notifications';
import type { NewNotification, NotificationsRepo } from './notifications.repo.ts';

/** How many notifications a record or the bell's panel carries: the newest ones. */
export const NOTIFICATIONS_SHOWN = 20;
/** Notifications are kept this many days, then deleted. */
export const NOTIFICATIONS_KEPT_DAYS = 90;
/** Old notifications are deleted this many per statement, so one prune never holds a long lock. */
const PRUNE_BATCH = 5_000;

type Row = Omit<Awaited<ReturnType<NotificationsRepo['latest']>>[number], 'accountId'>;

export const toNotification = (row: Row): Notification => ({
  _id: row.id,
  from: row.sender,
  title: row.title,
  body: row.body,
  read: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
});

export function createNotificationsService({ notificationsRepo }: { notificationsRepo: NotificationsRepo }) {
  return {
    async latest(accountId: string): Promise<Notification[]> {
      return (await notificationsRepo.latest(accountId, NOTIFICATIONS_SHOWN)).map(toNotification);
    },

    /** One page of the caller's notifications, newest first (the first page is the bell's panel). */
    async list(
      accountId: string,
      { page, pageSize }: { page: number; pageSize: number } = { page: 1, pageSize: NOTIFICATIONS_SHOWN },
    ): Promise<NotificationList> {
      const [items, total, unread] = await Promise.all([
        notificationsRepo.latest(accountId, pageSize, (page - 1) * pageSize),
        notificationsRepo.countAll(accountId),
        notificationsRepo.countUnread(accountId),
      ]);
      return { items: items.map(toNotification), total, unread };
    },

    async markAllRead(accountId: string): Promise<NotificationList> {
      await notificationsRepo.markAllRead(accountId, new Date());
      return this.list(accountId);
    },

    /** Forgets notifications older than NOTIFICATIONS_KEPT_DAYS, a batch at a time. */
    async pruneOld(now = new Date()): Promise<number> {
      const before = new Date(now.getTime() - NOTIFICATIONS_KEPT_DAYS * 86_400_000);
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
