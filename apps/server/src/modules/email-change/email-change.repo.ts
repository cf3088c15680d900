import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Role } from '@portal/contracts/common';
import type { Database } from '../../db/client.ts';
import {
  accounts,
  emailChangeTokens,
  passwordResetTokens,
  sessions,
  studentAuditLog,
} from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { enqueueEmails, type QueuedEmail } from '../mail/outbox.repo.ts';

/** A row of the student's audit log, written in the same transaction as the change it records. */
export type EmailAudit = {
  field: string;
  oldValue: string;
  newValue: string;
  actorId: string;
  actorName: string;
};

/** Unused, not replaced by a newer link, and not expired: a link that still works. */
const usable = (now: Date) =>
  and(
    isNull(emailChangeTokens.usedAt),
    isNull(emailChangeTokens.replacedAt),
    gt(emailChangeTokens.expiresAt, now),
  );

export function createEmailChangeRepo(db: Database) {
  return {
    async account(accountId: string) {
      const [row] = await db
        .select({ role: accounts.role, email: accounts.email, firstName: accounts.firstName })
        .from(accounts)
        .where(eq(accounts.id, accountId));
      return row ?? null;
    },

    /** Whether another account of the role signs in with this email. */
    async emailInUse(role: Role, email: string, exceptAccountId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.role, role), eq(accounts.email, email), ne(accounts.id, exceptAccountId)));
      return row !== undefined;
    },

    /**
     * Stores a new link for the account with its emails (and audit row), together: every older
     * unused link of the account stops working at the same moment.
     */
    async issue(link: {
      accountId: string;
      tokenHash: string;
      newEmail: string;
      requestedBy: { id: string; name: string };
      expiresAt: Date;
      now: Date;
      emails: QueuedEmail[];
      audit: EmailAudit | null;
    }) {
      await db.transaction(async (tx) => {
        await tx
          .update(emailChangeTokens)
          .set({ replacedAt: link.now })
          .where(
            and(
              eq(emailChangeTokens.accountId, link.accountId),
              isNull(emailChangeTokens.usedAt),
              isNull(emailChangeTokens.replacedAt),
            ),
          );
        await tx.insert(emailChangeTokens).values({
          accountId: link.accountId,
          tokenHash: link.tokenHash,
          newEmail: link.newEmail,
          requestedById: link.requestedBy.id,
          requestedByName: link.requestedBy.name,
          expiresAt: link.expiresAt,
        });
        await enqueueEmails(tx, link.emails);
        if (link.audit) await tx.insert(studentAuditLog).values({ ...link.audit, studentId: link.accountId });
      });
    },

    /** The address the account's working link would switch to, or null when none is waiting. */
    async pendingEmail(accountId: string, now: Date): Promise<string | null> {
      const [row] = await db
        .select({ newEmail: emailChangeTokens.newEmail })
        .from(emailChangeTokens)
        .where(and(eq(emailChangeTokens.accountId, accountId), usable(now)))
        .orderBy(desc(emailChangeTokens.createdAt))
        .limit(1);
      return row?.newEmail ?? null;
    },

    /** A link by its token's hash, with its account's role, current email and name. */
    async find(tokenHash: string) {
      const [row] = await db
        .select({
          accountId: emailChangeTokens.accountId,
          role: accounts.role,
          oldEmail: accounts.email,
          firstName: accounts.firstName,
          lastName: accounts.lastName,
          newEmail: emailChangeTokens.newEmail,
          expiresAt: emailChangeTokens.expiresAt,
          usedAt: emailChangeTokens.usedAt,
          replacedAt: emailChangeTokens.replacedAt,
        })
        .from(emailChangeTokens)
        .innerJoin(accounts, eq(accounts.id, emailChangeTokens.accountId))
        .where(eq(emailChangeTokens.tokenHash, tokenHash));
      return row ?? null;
    },

    /**
     * Uses the link, if it still works and its address is still free, and in the same transaction
     * switches the account's email, ends every session of the account and voids its unused password
     * reset links. Two submissions of one link: only one gets through. 'refused' when the link could
     * not be used, 'taken' when another account of the role took the address meanwhile.
     */
    async redeem(r: {
      tokenHash: string;
      role: Role;
      now: Date;
      audit: EmailAudit | null;
    }): Promise<'ok' | 'refused' | 'taken'> {
      try {
        return await db.transaction(async (tx) => {
          const [link] = await tx
            .select({ accountId: emailChangeTokens.accountId, newEmail: emailChangeTokens.newEmail })
            .from(emailChangeTokens)
            .innerJoin(accounts, eq(accounts.id, emailChangeTokens.accountId))
            .where(and(eq(emailChangeTokens.tokenHash, r.tokenHash), eq(accounts.role, r.role)));
          if (!link) return 'refused' as const;
          const [taken] = await tx
            .select({ id: accounts.id })
            .from(accounts)
            .where(
              and(
                eq(accounts.role, r.role),
                eq(accounts.email, link.newEmail),
                ne(accounts.id, link.accountId),
              ),
            );
          if (taken) return 'taken' as const;

          const used = await tx
            .update(emailChangeTokens)
            .set({ usedAt: r.now })
            .where(and(eq(emailChangeTokens.tokenHash, r.tokenHash), usable(r.now)))
            .returning({ id: emailChangeTokens.id });
          if (used.length === 0) return 'refused' as const;

          await tx
            .update(accounts)
            .set({ email: link.newEmail, updatedAt: r.now })
            .where(eq(accounts.id, link.accountId));
          await tx.delete(sessions).where(eq(sessions.accountId, link.accountId));
          await tx
            .update(passwordResetTokens)
            .set({ replacedAt: r.now })
            .where(
              and(
                eq(passwordResetTokens.accountId, link.accountId),
                isNull(passwordResetTokens.usedAt),
                isNull(passwordResetTokens.replacedAt),
              ),
            );
          if (r.audit) await tx.insert(studentAuditLog).values({ ...r.audit, studentId: link.accountId });
          return 'ok' as const;
        });
      } catch (error) {
        // Another account took the address between the check and the update.
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },
  };
}
export type EmailChangeRepo = ReturnType<typeof createEmailChangeRepo>;
