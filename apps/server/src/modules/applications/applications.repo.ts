import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Stage } from '@portal/contracts/applications';
import type { EligibilitySnapshot } from '@portal/contracts/pipeline';
import type { Database } from '../../db/client.ts';
import {
  applicationEvents,
  applications,
  companies,
  jobs,
  offers,
  studentAuditLog,
} from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { enqueueEmails, type QueuedEmail } from '../mail/outbox-queue.ts';
import { publishStageChanges } from '../live/publish.ts';
import { insertNotifications, type NewNotification } from '../notifications/notify.ts';

export function createApplicationsRepo(db: Database) {
  return {
    /**
     * Creates the application, its first event and the company's email about it; null when the
     * student already applied (unique key).
     */
    async create(input: {
      jobId: string;
      studentId: string;
      actorName: string;
      snapshot: EligibilitySnapshot;
      emails: QueuedEmail[];
    }): Promise<{ id: string } | null> {
      try {
        return await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(applications)
            .values({
              jobId: input.jobId,
              studentId: input.studentId,
              eligibilitySnapshot: input.snapshot,
            })
            .returning({ id: applications.id });
          await tx.insert(applicationEvents).values({
            applicationId: created!.id,
            stage: 'Form Submitted',
            actorId: input.studentId,
            actorName: input.actorName,
          });
          await enqueueEmails(tx, input.emails);
          await publishStageChanges(tx, [created!.id]);
          return created!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    /** The student's application to the job; null when they have not applied. */
    async forStudentJob(studentId: string, jobId: string) {
      const [row] = await db
        .select()
        .from(applications)
        .where(and(eq(applications.studentId, studentId), eq(applications.jobId, jobId)));
      return row ?? null;
    },

    /** The student's own application with its job's role and company; null when there is no such one of theirs. */
    async ownWithJob(studentId: string, applicationId: string) {
      const [row] = await db
        .select({ application: applications, role: jobs.role, companyId: jobs.companyId })
        .from(applications)
        .innerJoin(jobs, eq(jobs.id, applications.jobId))
        .where(and(eq(applications.id, applicationId), eq(applications.studentId, studentId)));
      return row ?? null;
    },

    /**
     * Moves the student's application to Withdrawn if it is still at one of `from`, dropping any
     * schedule (a calendar entry it had is cancelled: its sequence goes up and the feeds leave it
     * out), with the history event and the company's notice in the same transaction. False when
     * it had moved on meanwhile.
     */
    async withdraw(input: {
      applicationId: string;
      studentId: string;
      actorName: string;
      from: readonly Stage[];
      notice: NewNotification;
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [moved] = await tx
          .update(applications)
          .set({
            stage: 'Withdrawn',
            scheduleAt: null,
            schedulePlace: '',
            calendarSequence: sql`${applications.calendarSequence} + case when ${applications.scheduleAt} is null then 0 else 1 end`,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(applications.id, input.applicationId),
              eq(applications.studentId, input.studentId),
              inArray(applications.stage, [...input.from]),
            ),
          )
          .returning({ id: applications.id });
        if (!moved) return false;
        await tx.insert(applicationEvents).values({
          applicationId: input.applicationId,
          stage: 'Withdrawn',
          actorId: input.studentId,
          actorName: input.actorName,
        });
        await insertNotifications(tx, [input.notice]);
        await publishStageChanges(tx, [input.applicationId]);
        return true;
      });
    },

    /**
     * Moves every application of the student still at one of `open` to Withdrawn, by a staff
     * member with `note`, dropping schedules (calendar entries cancelled as in `withdraw`); writes
     * each one's history event, each company's notice (from `noticeOf`) and one audit row, in one
     * transaction. The closed applications with their job's role and company.
     */
    async closeOpen(input: {
      studentId: string;
      open: readonly Stage[];
      actor: { id: string; name: string };
      note: string;
      noticeOf: (closed: { role: string; companyId: string }) => NewNotification;
      audit: (n: number) => { field: string; oldValue: string; newValue: string };
    }) {
      return db.transaction(async (tx) => {
        const closed = await tx
          .update(applications)
          .set({
            stage: 'Withdrawn',
            scheduleAt: null,
            schedulePlace: '',
            calendarSequence: sql`${applications.calendarSequence} + case when ${applications.scheduleAt} is null then 0 else 1 end`,
            updatedAt: sql`now()`,
          })
          .where(
            and(eq(applications.studentId, input.studentId), inArray(applications.stage, [...input.open])),
          )
          .returning({ id: applications.id, jobId: applications.jobId });
        if (closed.length === 0) return [];
        const jobRows = await tx
          .select({ id: jobs.id, role: jobs.role, companyId: jobs.companyId })
          .from(jobs)
          .where(inArray(jobs.id, [...new Set(closed.map((c) => c.jobId))]));
        const withJob = closed.map((c) => {
          const job = jobRows.find((j) => j.id === c.jobId)!;
          return { ...c, role: job.role, companyId: job.companyId };
        });
        await tx.insert(applicationEvents).values(
          withJob.map((c) => ({
            applicationId: c.id,
            stage: 'Withdrawn' as const,
            note: input.note,
            actorId: input.actor.id,
            actorName: input.actor.name,
          })),
        );
        await insertNotifications(tx, withJob.map(input.noticeOf));
        await publishStageChanges(
          tx,
          withJob.map((c) => c.id),
        );
        await tx.insert(studentAuditLog).values({
          studentId: input.studentId,
          actorId: input.actor.id,
          actorName: input.actor.name,
          ...input.audit(withJob.length),
        });
        return withJob;
      });
    },

    /** The student's newest `limit` applications, with each one's offer and history oldest first. */
    async listForStudent(studentId: string, limit: number) {
      const rows = await db
        .select({ application: applications, role: jobs.role, company: companies.name, offer: offers })
        .from(applications)
        .innerJoin(jobs, eq(jobs.id, applications.jobId))
        .innerJoin(companies, eq(companies.accountId, jobs.companyId))
        .leftJoin(offers, eq(offers.applicationId, applications.id))
        .where(eq(applications.studentId, studentId))
        .orderBy(desc(applications.createdAt), desc(applications.id))
        .limit(limit);
      const events = rows.length
        ? await db
            .select()
            .from(applicationEvents)
            .where(
              inArray(
                applicationEvents.applicationId,
                rows.map((r) => r.application.id),
              ),
            )
            .orderBy(asc(applicationEvents.createdAt), asc(applicationEvents.id))
        : [];
      return rows.map((row) => ({
        ...row,
        events: events.filter((e) => e.applicationId === row.application.id),
      }));
    },
  };
}
export type ApplicationsRepo = ReturnType<typeof createApplicationsRepo>;
