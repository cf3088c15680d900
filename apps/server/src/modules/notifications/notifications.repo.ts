import { and, count, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';

export type NewNotification = { accountId: string; sender: string; title: string; body: string };

export function createNotificationsRepo(db: Database) {
  return {
    async latest(accountId: string, limit: number, offset = 0) {
      return db
        .select()
        .from(notifications)
        .where(eq(notifications.accountId, accountId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit)
        .offset(offset);
    },

    async countAll(accountId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(eq(notifications.accountId, accountId));
      return row?.n ?? 0;
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

    /** Deletes notifications created before `before`, at most `limit` of them; resolves to how many. */
    async pruneOlderThan(before: Date, limit: number): Promise<number> {
      const old = db
        .select({ id: notifications.id })
        .from(notifications)
        .where(lt(notifications.createdAt, before))
        .limit(limit);
      const rows = await db
        .delete(notifications)
        .where(inArray(notifications.id, old))
        .returning({ id: notifications.id });
      return rows.length;
    },
  };
}
export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
