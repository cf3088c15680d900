import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { EligibilitySnapshot } from '@portal/contracts/pipeline';
import type { Database } from '../../db/client.ts';
import { applicationEvents, applications, companies, jobs, offers } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { enqueueEmails, type QueuedEmail } from '../mail/outbox-queue.ts';

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
          return created!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
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
