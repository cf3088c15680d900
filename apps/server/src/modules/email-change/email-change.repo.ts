import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, or, type SQL } from 'drizzle-orm';
import {
  type EmailChangeState,
  openEmailChangeStates,
  type OpenEmailChangeState,
} from '@portal/contracts/email-change';
import type { Database } from '../../db/client.ts';
import {
  accounts,
  emailChangeRequests,
  emailChangeTokens,
  passwordResetTokens,
  sessions,
  studentAuditLog,
} from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { enqueueEmails, type QueuedEmail } from '../mail/outbox-queue.ts';
import { insertNotifications, type NewNotification } from '../notifications/notify.ts';

/** A row of the student's audit log, written in the same transaction as the change it records. */
export type EmailAudit = {
  field: string;
  oldValue: string;
  newValue: string;
  /** null when the portal itself acted (a wait that ended). */
  actorId: string | null;
  actorName: string;
};

/** A new link: the hash of its token, what it does and until when, and the change it is about. */
export type NewLink = {
  tokenHash: string;
  purpose: 'confirm' | 'answer';
  expiresAt: Date;
  newEmail: string;
  requestedBy: { id: string | null; name: string };
};

/** What a step of a change writes besides its own row, all in its transaction. */
type Effects = {
  /** A new link for the change (a newer answer link replaces the older one). */
  link?: NewLink | undefined;
  emails?: QueuedEmail[];
  notices?: NewNotification[];
  audit?: EmailAudit | null;
};

export type Executor = Pick<Database, 'insert' | 'update' | 'select'>;

/** Unused, not replaced by a newer link, and not expired: a link that still works. */
const usable = (now: Date) =>
  and(
    isNull(emailChangeTokens.usedAt),
    isNull(emailChangeTokens.replacedAt),
    gt(emailChangeTokens.expiresAt, now),
  );

/** A request still under way at `now`: in an open state and not lapsed. */
const openAt = (now: Date) =>
  and(
    inArray(emailChangeRequests.state, openEmailChangeStates),
    or(isNull(emailChangeRequests.expiresAt), gt(emailChangeRequests.expiresAt, now)),
  );

/** Every unused link of the requests `which` selects stops working. */
export async function replaceLinks(tx: Executor, which: SQL | undefined, now: Date) {
  await tx
    .update(emailChangeTokens)
    .set({ replacedAt: now })
    .where(and(which, isNull(emailChangeTokens.usedAt), isNull(emailChangeTokens.replacedAt)));
}

async function writeEffects(tx: Executor, accountId: string, requestId: string, now: Date, e: Effects) {
  if (e.link) {
    // A link replaces the request's older unused link of the same purpose.
    await replaceLinks(
      tx,
      and(eq(emailChangeTokens.requestId, requestId), eq(emailChangeTokens.purpose, e.link.purpose)),
      now,
    );
    await tx.insert(emailChangeTokens).values({
      accountId,
      requestId,
      tokenHash: e.link.tokenHash,
      purpose: e.link.purpose,
      expiresAt: e.link.expiresAt,
      newEmail: e.link.newEmail,
      requestedById: e.link.requestedBy.id,
      requestedByName: e.link.requestedBy.name,
    });
  }
  await enqueueEmails(tx, e.emails ?? []);
  await insertNotifications(tx, e.notices ?? []);
  if (e.audit) await tx.insert(studentAuditLog).values({ ...e.audit, studentId: accountId });
}

const requestColumns = {
  id: emailChangeRequests.id,
  accountId: emailChangeRequests.accountId,
  newEmail: emailChangeRequests.newEmail,
  state: emailChangeRequests.state,
  requestedById: emailChangeRequests.requestedById,
  requestedByName: emailChangeRequests.requestedByName,
  lostAddressById: emailChangeRequests.lostAddressById,
  lostAddressByName: emailChangeRequests.lostAddressByName,
  secondApproverId: emailChangeRequests.secondApproverId,
  secondApproverName: emailChangeRequests.secondApproverName,
  dueAt: emailChangeRequests.dueAt,
  expiresAt: emailChangeRequests.expiresAt,
  createdAt: emailChangeRequests.createdAt,
};

const accountColumns = {
  id: accounts.id,
  role: accounts.role,
  email: accounts.email,
  status: accounts.status,
  firstName: accounts.firstName,
  lastName: accounts.lastName,
};

export function createEmailChangeRepo(db: Database) {
  return {
    async account(accountId: string) {
      const [row] = await db.select(accountColumns).from(accounts).where(eq(accounts.id, accountId));
      return row ?? null;
    },

    async passwordHash(accountId: string): Promise<string | null> {
      const [row] = await db
        .select({ passwordHash: accounts.passwordHash })
        .from(accounts)
        .where(eq(accounts.id, accountId));
      return row?.passwordHash ?? null;
    },

    /** Whether another account, of any role, signs in with this email. */
    async emailInUse(email: string, exceptAccountId: string | null): Promise<boolean> {
      const [row] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(
          and(
            eq(accounts.email, email),
            exceptAccountId === null ? undefined : ne(accounts.id, exceptAccountId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * Starts a change for the account: every open change of the account is Replaced (with its links),
     * the new one is stored with its first link and effects, together. 'busy' when another staff
     * member started one at the same moment.
     */
    async open(r: {
      accountId: string;
      newEmail: string;
      requestedBy: { id: string; name: string };
      expiresAt: Date;
      now: Date;
      effects: Effects;
    }): Promise<'ok' | 'busy'> {
      try {
        return await db.transaction(async (tx) => {
          const replaced = await tx
            .update(emailChangeRequests)
            .set({ state: 'Replaced', closedAt: r.now })
            .where(
              and(
                eq(emailChangeRequests.accountId, r.accountId),
                inArray(emailChangeRequests.state, openEmailChangeStates),
              ),
            )
            .returning({ id: emailChangeRequests.id });
          // Links sent before requests existed (no request) stop working too.
          await replaceLinks(
            tx,
            and(
              eq(emailChangeTokens.accountId, r.accountId),
              replaced.length > 0
                ? or(
                    isNull(emailChangeTokens.requestId),
                    inArray(
                      emailChangeTokens.requestId,
                      replaced.map((x) => x.id),
                    ),
                  )
                : isNull(emailChangeTokens.requestId),
            ),
            r.now,
          );
          const [created] = await tx
            .insert(emailChangeRequests)
            .values({
              accountId: r.accountId,
              newEmail: r.newEmail,
              requestedById: r.requestedBy.id,
              requestedByName: r.requestedBy.name,
              expiresAt: r.expiresAt,
            })
            .returning({ id: emailChangeRequests.id });
          await writeEffects(tx, r.accountId, created!.id, r.now, r.effects);
          return 'ok' as const;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'busy';
        throw error;
      }
    },

    /** The account's change under way at `now`, or null. */
    async openFor(accountId: string, now: Date) {
      const [row] = await db
        .select(requestColumns)
        .from(emailChangeRequests)
        .where(and(eq(emailChangeRequests.accountId, accountId), openAt(now)))
        .orderBy(desc(emailChangeRequests.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** A change by id with its account's sign-in email, status and name. */
    async find(requestId: string) {
      const [row] = await db
        .select({ request: requestColumns, account: accountColumns })
        .from(emailChangeRequests)
        .innerJoin(accounts, eq(accounts.id, emailChangeRequests.accountId))
        .where(eq(emailChangeRequests.id, requestId));
      return row ?? null;
    },

    /**
     * Moves a change from one of `from` to `to` if it is still there and has not lapsed, with the
     * step's columns and effects, in one transaction; `useLink` (a token's hash) must still work and
     * is used by the step. A closing state ends every unused link of the change. False when the
     * change (or the link) had moved on meanwhile: nothing is written.
     */
    async step(s: {
      requestId: string;
      from: readonly OpenEmailChangeState[];
      to: EmailChangeState;
      now: Date;
      set?: Partial<{
        lostAddressById: string;
        lostAddressByName: string;
        secondApproverId: string;
        secondApproverName: string;
        dueAt: Date | null;
        expiresAt: Date | null;
      }>;
      useLink?: string;
      effects: Effects;
    }): Promise<boolean> {
      const closing = !(openEmailChangeStates as readonly string[]).includes(s.to);
      return db
        .transaction(async (tx) => {
          const [moved] = await tx
            .update(emailChangeRequests)
            .set({ ...s.set, state: s.to, ...(closing ? { closedAt: s.now } : {}) })
            .where(
              and(
                eq(emailChangeRequests.id, s.requestId),
                inArray(emailChangeRequests.state, s.from),
                or(isNull(emailChangeRequests.expiresAt), gt(emailChangeRequests.expiresAt, s.now)),
              ),
            )
            .returning({ accountId: emailChangeRequests.accountId });
          if (!moved) throw new StepRefused();
          if (s.useLink) {
            const used = await tx
              .update(emailChangeTokens)
              .set({ usedAt: s.now })
              .where(
                and(
                  eq(emailChangeTokens.tokenHash, s.useLink),
                  eq(emailChangeTokens.requestId, s.requestId),
                  usable(s.now),
                ),
              )
              .returning({ id: emailChangeTokens.id });
            if (used.length === 0) throw new StepRefused();
          }
          if (closing) await replaceLinks(tx, eq(emailChangeTokens.requestId, s.requestId), s.now);
          await writeEffects(tx, moved.accountId, s.requestId, s.now, s.effects);
          return true;
        })
        .catch((error: unknown) => {
          if (error instanceof StepRefused) return false;
          throw error;
        });
    },

    /** Changes approved by two staff members whose wait is over at `now`, oldest first. */
    async due(now: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: emailChangeRequests.id })
        .from(emailChangeRequests)
        .where(and(eq(emailChangeRequests.state, 'Waiting'), lte(emailChangeRequests.dueAt, now)))
        .orderBy(asc(emailChangeRequests.dueAt))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** A link by its token's hash, with its change's state and its account's role, email, status and name. */
    async findLink(tokenHash: string) {
      const [row] = await db
        .select({
          accountId: emailChangeTokens.accountId,
          requestId: emailChangeTokens.requestId,
          purpose: emailChangeTokens.purpose,
          expiresAt: emailChangeTokens.expiresAt,
          usedAt: emailChangeTokens.usedAt,
          replacedAt: emailChangeTokens.replacedAt,
          request: requestColumns,
          account: accountColumns,
        })
        .from(emailChangeTokens)
        .innerJoin(accounts, eq(accounts.id, emailChangeTokens.accountId))
        .leftJoin(emailChangeRequests, eq(emailChangeRequests.id, emailChangeTokens.requestId))
        .where(eq(emailChangeTokens.tokenHash, tokenHash));
      return row ?? null;
    },

    /**
     * Uses a confirmation link, if it still works, its change still waits for it, the account is not
     * suspended and the address is still free, and in the same transaction switches the account's
     * email, closes the change as Confirmed, ends every session of the account and voids its unused
     * password reset links. Two submissions of one link: only one gets through. 'refused' when the
     * link or its change could not be used, 'taken' when another account took the address meanwhile.
     */
    async redeem(r: {
      tokenHash: string;
      now: Date;
      audit: EmailAudit | null;
    }): Promise<'ok' | 'refused' | 'taken'> {
      try {
        return await db.transaction(async (tx) => {
          const [link] = await tx
            .select({
              accountId: emailChangeTokens.accountId,
              requestId: emailChangeTokens.requestId,
              newEmail: emailChangeRequests.newEmail,
            })
            .from(emailChangeTokens)
            .innerJoin(emailChangeRequests, eq(emailChangeRequests.id, emailChangeTokens.requestId))
            .innerJoin(accounts, eq(accounts.id, emailChangeTokens.accountId))
            .where(
              and(
                eq(emailChangeTokens.tokenHash, r.tokenHash),
                eq(emailChangeTokens.purpose, 'confirm'),
                inArray(accounts.status, ['Allowed', 'Debarred', 'Pending']),
              ),
            )
            .for('update', { of: accounts });
          if (!link?.requestId) return 'refused' as const;
          const [taken] = await tx
            .select({ id: accounts.id })
            .from(accounts)
            .where(and(eq(accounts.email, link.newEmail), ne(accounts.id, link.accountId)));
          if (taken) return 'taken' as const;

          const used = await tx
            .update(emailChangeTokens)
            .set({ usedAt: r.now })
            .where(and(eq(emailChangeTokens.tokenHash, r.tokenHash), usable(r.now)))
            .returning({ id: emailChangeTokens.id });
          if (used.length === 0) return 'refused' as const;
          const confirmed = await tx
            .update(emailChangeRequests)
            .set({ state: 'Confirmed', closedAt: r.now })
            .where(
              and(
                eq(emailChangeRequests.id, link.requestId),
                eq(emailChangeRequests.state, 'AwaitingConfirmation'),
              ),
            )
            .returning({ id: emailChangeRequests.id });
          if (confirmed.length === 0) throw new StepRefused();
          await replaceLinks(tx, eq(emailChangeTokens.requestId, link.requestId), r.now);

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
        if (error instanceof StepRefused) return 'refused';
        // Another account took the address between the check and the update.
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },
  };
}
export type EmailChangeRepo = ReturnType<typeof createEmailChangeRepo>;

/** Rolls a step's transaction back when its change or link had moved on. */
class StepRefused extends Error {}
