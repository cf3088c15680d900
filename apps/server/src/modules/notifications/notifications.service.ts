import type { Notification } from '@portal/contracts/common';
import type { NotificationList } from '@portal/contracts/notifications';
import type { NewNotification, NotificationsRepo } from './notifications.repo.ts';

/** How many notifications a record or the bell's panel carries: the newest ones. */
export const NOTIFICATIONS_SHOWN = 20;

type Row = Awaited<ReturnType<NotificationsRepo['latest']>>[number];

const toNotification = (row: Row): Notification => ({
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

    async list(accountId: string): Promise<NotificationList> {
      const [items, unread] = await Promise.all([
        notificationsRepo.latest(accountId, NOTIFICATIONS_SHOWN),
        notificationsRepo.countUnread(accountId),
      ]);
      return { items: items.map(toNotification), unread };
    },

    async markAllRead(accountId: string): Promise<NotificationList> {
      await notificationsRepo.markAllRead(accountId, new Date());
      return this.list(accountId);
    },

    notify: (rows: NewNotification[]) => notificationsRepo.insert(rows),
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
