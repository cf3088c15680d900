import { type SQL, sql } from 'drizzle-orm';
import type { LiveEventKind, LivePayload } from '@portal/contracts/live';
import type { Database } from '../../db/client.ts';
import { applications, jobs, liveEvents } from '../../db/schema.ts';

/*
 * Live events are written here, by any module, with the database or the transaction of the change
 * they tell of: they commit with it or not at all, and the table's trigger NOTIFYs every instance at
 * commit. A repo of another module calls these inside its own transaction.
 */

export type NewLiveEvent = { accountId: string; kind: LiveEventKind; payload?: LivePayload };

/** Writes these live events. */
export async function publishLive(executor: Pick<Database, 'insert'>, events: NewLiveEvent[]) {
  if (events.length === 0) return;
  await executor
    .insert(liveEvents)
    .values(events.map((e) => ({ accountId: e.accountId, kind: e.kind, payload: e.payload ?? {} })));
}

/** Writes one event of `kind` to each account `accountIds` selects (a query of one uuid column). */
export async function publishLiveEach(
  executor: Pick<Database, 'execute'>,
  accountIds: SQL,
  kind: LiveEventKind,
  payload: LivePayload = {},
) {
  await executor.execute(sql`
    insert into ${liveEvents} (account_id, kind, payload)
    select chosen.id, ${kind}::text, ${JSON.stringify(payload)}::jsonb from (${accountIds}) as chosen(id)`);
}

/**
 * Tells the student and the company of each of these applications that it moved (a stage change,
 * a withdrawal, a new application): their lists and pipelines refetch it.
 */
export async function publishStageChanges(executor: Pick<Database, 'execute'>, applicationIds: string[]) {
  if (applicationIds.length === 0) return;
  await executor.execute(sql`
    insert into ${liveEvents} (account_id, kind, payload)
    select who.account_id, 'stage', jsonb_build_object('applicationId', a.id::text, 'jobId', a.job_id::text)
    from ${applications} a
    join ${jobs} j on j.id = a.job_id
    cross join lateral (values (a.student_id), (j.company_id)) as who(account_id)
    where a.id in (${sql.join(
      applicationIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
}
