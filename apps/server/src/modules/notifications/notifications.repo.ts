import { and, count, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';
import { insertNotifications, type NewNotification } from './notify.ts';

/** Which of an account's notifications it is shown: all, or none about a student. */
export type NotificationScope = { aboutStudents: boolean };
const ALL: NotificationScope = { aboutStudents: true };

const whereShown = (accountId: string, scope: NotificationScope) =>
  and(
    eq(notifications.accountId, accountId),
    scope.aboutStudents ? undefined : isNull(notifications.aboutStudentId),
  );

export function createNotificationsRepo(db: Database) {
  return {
    async latest(accountId: string, limit: number, offset = 0, scope: NotificationScope = ALL) {
      return db
        .select()
        .from(notifications)
        .where(whereShown(accountId, scope))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit)
        .offset(offset);
    },

    async countAll(accountId: string, scope: NotificationScope = ALL): Promise<number> {
      const [row] = await db.select({ n: count() }).from(notifications).where(whereShown(accountId, scope));
      return row?.n ?? 0;
    },

    async countUnread(accountId: string, scope: NotificationScope = ALL): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(whereShown(accountId, scope), isNull(notifications.readAt)));
      return row?.n ?? 0;
    },

    async markAllRead(accountId: string, at: Date, scope: NotificationScope = ALL) {
      await db
        .update(notifications)
        .set({ readAt: at })
        .where(and(whereShown(accountId, scope), isNull(notifications.readAt)));
    },

    insert: (rows: NewNotification[]) => insertNotifications(db, rows),

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
