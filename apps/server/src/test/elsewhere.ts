import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { TestApp } from './test-app.ts';

/**
 * A change made by another process: on a connection of its own, as another server, a worker or psql
 * would. `quietly`: the triggers that tell the servers of it (NOTIFY) do not fire, as when the app's
 * listening connection is down and misses the news.
 */
export async function changeElsewhere(
  t: Pick<TestApp, 'dedicated'>,
  change: (db: Database) => Promise<unknown>,
  { quietly = false } = {},
) {
  const other = await t.dedicated();
  try {
    await other.db.transaction(async (tx) => {
      if (quietly) await tx.execute(sql`set local session_replication_role = replica`);
      await change(tx);
    });
  } finally {
    await other.close();
  }
}
