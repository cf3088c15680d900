import { and, count, desc, eq, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { notifications } from '../../db/schema.ts';

/** A notice as its reader gets it: from whom, the title and the text, all written by a service. */
export type Notice = { sender: string; title: string; body: string };
export type NewNotification = Notice & {
  accountId: string;
  /** The student a notice to a company or staff member is about, if any. */
  aboutStudentId?: string;
};

/*
 * Notifications are created here and nowhere else: the two functions below take whatever database
 * or transaction is given, so a change and the notices about it commit or roll back together.
 */

/** Writes these notifications. */
export async function insertNotifications(executor: Pick<Database, 'insert'>, rows: NewNotification[]) {
  if (rows.length > 0) await executor.insert(notifications).values(rows);
}

/**
 * Writes one notice to each account `accountIds` selects (a query of one uuid column) in one
 * statement, however many there are; resolves to how many were written.
 */
export async function notifyEach(
  executor: Pick<Database, 'execute'>,
  accountIds: SQL,
  notice: Notice,
): Promise<number> {
  const [written] = rowsOf<{ n: number }>(
    await executor.execute(sql`
      with written as (
        insert into ${notifications} (account_id, sender, title, body)
        select chosen.id, ${notice.sender}::text, ${notice.title}::text, ${notice.body}::text
        from (${accountIds}) as chosen(id)
        returning 1
      )
      select count(*)::int as n from written`),
  );
  return Number(written?.n ?? 0);
}

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
