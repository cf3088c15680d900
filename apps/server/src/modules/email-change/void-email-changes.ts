import { and, eq, inArray } from 'drizzle-orm';
import { openEmailChangeStates } from '@portal/contracts/email-change';
import { accounts, emailChangeRequests, emailChangeTokens, studentAuditLog } from '../../db/schema.ts';
import { type Executor, replaceLinks } from './email-change.repo.ts';

/**
 * Closes every open change of the account as Void (the student was suspended), with their links and
 * an audit row each, inside the caller's transaction: the write helper `student-records` calls in the
 * transaction of the suspension. Resolves to how many changes it voided.
 */
export async function voidEmailChanges(
  tx: Executor,
  v: { accountId: string; now: Date; actor: { id: string; name: string }; auditField: string },
): Promise<number> {
  const voided = await tx
    .update(emailChangeRequests)
    .set({ state: 'Void', closedAt: v.now })
    .where(
      and(
        eq(emailChangeRequests.accountId, v.accountId),
        inArray(emailChangeRequests.state, openEmailChangeStates),
      ),
    )
    .returning({ id: emailChangeRequests.id, newEmail: emailChangeRequests.newEmail });
  if (voided.length === 0) return 0;
  await replaceLinks(
    tx,
    inArray(
      emailChangeTokens.requestId,
      voided.map((r) => r.id),
    ),
    v.now,
  );
  const [account] = await tx
    .select({ email: accounts.email })
    .from(accounts)
    .where(eq(accounts.id, v.accountId));
  await tx.insert(studentAuditLog).values(
    voided.map((r) => ({
      studentId: v.accountId,
      field: v.auditField,
      oldValue: account?.email ?? '',
      newValue: r.newEmail,
      actorId: v.actor.id,
      actorName: v.actor.name,
    })),
  );
  return voided.length;
}
