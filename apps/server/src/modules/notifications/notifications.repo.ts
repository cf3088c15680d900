import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';

export type NewNotification = { accountId: string; sender: string; title: string; body: string };

export function createNotificationsRepo(db: Database) {
  return {
    async latest(accountId: string, limit: number) {
      return db
        .select()
        .from(notifications)
        .where(eq(notifications.accountId, accountId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit);
    },

    async countUnread(accountId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.accountId, accountId), isNull(notifications.readAt)));
      return row?.n ?? 0;
    },

    async markAllRead(accountId: string, at: Date) {
      await db
        .update(notifications)
        .set({ readAt: at })
        .where(and(eq(notifications.accountId, accountId), isNull(notifications.readAt)));
    },

    async insert(rows: NewNotification[]) {
      if (rows.length > 0) await db.insert(notifications).values(rows);
    },
  };
}
export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
