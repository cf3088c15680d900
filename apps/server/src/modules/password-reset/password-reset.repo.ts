import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Role } from '@portal/contracts/common';
import type { Database } from '../../db/client.ts';
import { accounts, passwordResetTokens, sessions, trustedDevices } from '../../db/schema.ts';
import { enqueueEmails, type QueuedEmail } from '../mail/outbox-queue.ts';

export function createPasswordResetRepo(db: Database) {
  return {
    /**
     * Stores a new link for the account and queues its email, together: every older unused link of
     * the account stops working at the same moment.
     */
    async issue(link: {
      accountId: string;
      tokenHash: string;
      expiresAt: Date;
      now: Date;
      email: QueuedEmail;
    }) {
      await db.transaction(async (tx) => {
        await tx
          .update(passwordResetTokens)
          .set({ replacedAt: link.now })
          .where(
            and(
              eq(passwordResetTokens.accountId, link.accountId),
              isNull(passwordResetTokens.usedAt),
              isNull(passwordResetTokens.replacedAt),
            ),
          );
        await tx.insert(passwordResetTokens).values({
          accountId: link.accountId,
          tokenHash: link.tokenHash,
          expiresAt: link.expiresAt,
        });
        await enqueueEmails(tx, [link.email]);
      });
    },

    /** A link by its token's hash, with the role of its account. */
    async find(tokenHash: string) {
      const [row] = await db
        .select({
          accountId: passwordResetTokens.accountId,
          role: accounts.role,
          expiresAt: passwordResetTokens.expiresAt,
          usedAt: passwordResetTokens.usedAt,
          replacedAt: passwordResetTokens.replacedAt,
        })
        .from(passwordResetTokens)
        .innerJoin(accounts, eq(accounts.id, passwordResetTokens.accountId))
        .where(eq(passwordResetTokens.tokenHash, tokenHash));
      return row ?? null;
    },

    /**
     * Uses the link, if it is still usable, and in the same transaction sets the new password, ends
     * every session of the account and forgets the browsers trusted for it. Two submissions of one
     * link: only one gets through. Returns the account, or null when the link could not be used.
     */
    async redeem(r: {
      tokenHash: string;
      role: Role;
      now: Date;
      passwordHash: string;
    }): Promise<{ id: string; email: string } | null> {
      return db.transaction(async (tx) => {
        const [used] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: r.now })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, r.tokenHash),
              isNull(passwordResetTokens.usedAt),
              isNull(passwordResetTokens.replacedAt),
              gt(passwordResetTokens.expiresAt, r.now),
              inArray(
                passwordResetTokens.accountId,
                tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.role, r.role)),
              ),
            ),
          )
          .returning({ accountId: passwordResetTokens.accountId });
        if (!used) return null;
        const [account] = await tx
          .update(accounts)
          .set({ passwordHash: r.passwordHash, updatedAt: r.now })
          .where(eq(accounts.id, used.accountId))
          .returning({ id: accounts.id, email: accounts.email });
        await tx.delete(sessions).where(eq(sessions.accountId, used.accountId));
        await tx.delete(trustedDevices).where(eq(trustedDevices.accountId, used.accountId));
        return account ?? null;
      });
    },
  };
}
export type PasswordResetRepo = ReturnType<typeof createPasswordResetRepo>;
