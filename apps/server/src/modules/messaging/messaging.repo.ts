import { and, asc, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Stage } from '@portal/contracts/applications';
import type { Database } from '../../db/client.ts';
import { accounts, applications, messageRecipients, messages, students } from '../../db/schema.ts';
import { enqueueEmails, type QueuedEmail } from '../mail/outbox-queue.ts';
import { insertNotifications, type NewNotification } from '../notifications/notify.ts';
import {
  fullName,
  needsStudentColumns,
  type StudentFilters,
  whereStudents,
} from '../students/students.read.ts';

export type NewMessage = typeof messages.$inferInsert;
export type NewRecipient = Omit<typeof messageRecipients.$inferInsert, 'messageId'>;

/** Rows a statement inserts at once: five columns each stays far below PostgreSQL's 65,535 parameters. */
const CHUNK = 1_000;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** What a recipient's placeholders and email need. */
const recipientColumns = {
  studentId: accounts.id,
  firstName: accounts.firstName,
  lastName: accounts.lastName,
  email: accounts.email,
  /** Messages are emailed under the "stage changes" setting (see docs/architecture.md). */
  wantsEmail: students.emailStageChanges,
};

export function createMessagingRepo(db: Database) {
  const atStage = (jobId: string, stage: Stage) =>
    and(eq(applications.jobId, jobId), eq(applications.stage, stage));

  return {
    /** The applicants of a job at a stage, oldest application first, at most `limit`. */
    applicantsAtStage(jobId: string, stage: Stage, limit: number) {
      return db
        .select({ ...recipientColumns, applicationId: applications.id })
        .from(applications)
        .innerJoin(accounts, eq(accounts.id, applications.studentId))
        .innerJoin(students, eq(students.accountId, applications.studentId))
        .where(atStage(jobId, stage))
        .orderBy(asc(applications.createdAt), asc(applications.id))
        .limit(limit);
    },

    /** One applicant of the job at the stage, by application id, or null. */
    async applicantAtStage(jobId: string, stage: Stage, applicationId: string) {
      const [row] = await db
        .select({ ...recipientColumns, applicationId: applications.id })
        .from(applications)
        .innerJoin(accounts, eq(accounts.id, applications.studentId))
        .innerJoin(students, eq(students.accountId, applications.studentId))
        .where(and(atStage(jobId, stage), eq(applications.id, applicationId)));
      return row ?? null;
    },

    /** How many applicants the job has at the stage, counted up to `cap`. */
    async countAtStage(jobId: string, stage: Stage, cap: number): Promise<number> {
      const capped = db
        .select({ one: sql`1`.as('one') })
        .from(applications)
        .where(atStage(jobId, stage))
        .limit(cap)
        .as('capped');
      const [row] = await db.select({ n: count() }).from(capped);
      return row?.n ?? 0;
    },

    /** The students the staff list's filters choose, in the list's order (name), at most `limit`. */
    studentsMatching(f: StudentFilters, limit: number) {
      return db
        .select({ ...recipientColumns, applicationId: sql<string | null>`null::uuid` })
        .from(accounts)
        .innerJoin(students, eq(students.accountId, accounts.id))
        .where(whereStudents(f))
        .orderBy(fullName, asc(accounts.id))
        .limit(limit);
    },

    /** How many students the filters choose, counted up to `cap`. */
    async countMatching(f: StudentFilters, cap: number): Promise<number> {
      const base = db.select({ one: sql`1`.as('one') }).from(accounts);
      const capped = (
        needsStudentColumns(f) ? base.innerJoin(students, eq(students.accountId, accounts.id)) : base
      )
        .where(whereStudents(f))
        .limit(cap)
        .as('capped');
      const [row] = await db.select({ n: count() }).from(capped);
      return row?.n ?? 0;
    },

    /** How many messages the account sent since `since` (the hourly limit). */
    async sentSince(senderId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(messages)
        .where(and(eq(messages.senderId, senderId), gte(messages.createdAt, since)));
      return row?.n ?? 0;
    },

    /**
     * Sends a message in one transaction: the message, its recipients with their filled text, one
     * notification each and the emails of those who want them. Resolves to the message's id.
     */
    async send(
      message: NewMessage,
      recipients: NewRecipient[],
      notices: NewNotification[],
      emails: QueuedEmail[],
    ): Promise<string> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(messages).values(message).returning({ id: messages.id });
        const messageId = row!.id;
        await insertChunked(recipients, (chunk) =>
          tx.insert(messageRecipients).values(chunk.map((r) => ({ ...r, messageId }))),
        );
        await insertChunked(notices, (chunk) => insertNotifications(tx, chunk));
        await insertChunked(emails, (chunk) => enqueueEmails(tx, chunk));
        return messageId;
      });
    },

    /** One page of the messages sent to a job's applicants, newest first. */
    forJob(jobId: string, page: { limit: number; offset: number }) {
      return db
        .select()
        .from(messages)
        .where(eq(messages.jobId, jobId))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(page.limit)
        .offset(page.offset);
    },

    async countForJob(jobId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(messages).where(eq(messages.jobId, jobId));
      return row?.n ?? 0;
    },
  };
}
export type MessagingRepo = ReturnType<typeof createMessagingRepo>;
