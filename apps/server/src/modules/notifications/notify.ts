import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { liveEvents, notifications } from '../../db/schema.ts';
import { publishLive } from '../live/publish.ts';

/*
 * Notifications are created here and nowhere else, by any module: the two write helpers below take
 * whatever database or transaction is given, so a change and the notices about it commit or roll
 * back together. A repo of another module calls them inside its own transaction. Each notice also
 * writes a `notification` live event for its reader, in the same statement or transaction, so the
 * bell of every browser they have open refetches (modules/live).
 */

/** A notice as its reader gets it: from whom, the title and the text, all written by a service. */
export type Notice = {
  sender: string;
  title: string;
  body: string;
  /** The web page it is about (a path of contracts' links.ts): the bell's item links there. */
  link?: string;
};
export type NewNotification = Notice & {
  accountId: string;
  /** The student a notice to a company or staff member is about, if any. */
  aboutStudentId?: string;
};

/** Writes these notifications. */
export async function insertNotifications(executor: Pick<Database, 'insert'>, rows: NewNotification[]) {
  if (rows.length === 0) return;
  await executor.insert(notifications).values(rows);
  await publishLive(
    executor,
    rows.map((row) => ({ accountId: row.accountId, kind: 'notification' })),
  );
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
        insert into ${notifications} (account_id, sender, title, body, link)
        select chosen.id, ${notice.sender}::text, ${notice.title}::text, ${notice.body}::text, ${notice.link ?? ''}::text
        from (${accountIds}) as chosen(id)
        returning account_id
      ),
      live as (
        insert into ${liveEvents} (account_id, kind)
        select account_id, 'notification' from written
      )
      select count(*)::int as n from written`),
  );
  return Number(written?.n ?? 0);
}
