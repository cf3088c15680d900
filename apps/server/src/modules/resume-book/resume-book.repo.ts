import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Stage } from '@portal/contracts/applications';
import type { Database } from '../../db/client.ts';
import { accounts, applications, jobs, students } from '../../db/schema.ts';

export type ApplicantSelection = { stage?: Stage | undefined; applicationIds?: string[] | undefined };

/**
 * What a resume book carries of each student: what a student's CSV columns read (`CsvStudent` of
 * students.read.ts), the status the visibility rule reads and the resume's key.
 */
const bookColumns = {
  account: {
    id: accounts.id,
    firstName: accounts.firstName,
    lastName: accounts.lastName,
    email: accounts.email,
    phone: accounts.phone,
    status: accounts.status,
    collegeId: accounts.collegeId,
  },
  student: {
    rollNumber: students.rollNumber,
    degrees: students.degrees,
    cgpa: students.cgpa,
    academicsVerifiedAt: students.academicsVerifiedAt,
    yearOfPassing: students.yearOfPassing,
    isPlaced: students.isPlaced,
    placedCompany: students.placedCompany,
    packageOffered: students.packageOffered,
    resume: students.resume,
  },
};

export function createResumeBookRepo(db: Database) {
  return {
    /** The job, only if it is the company's. */
    async jobOf(companyId: string, jobId: string) {
      const [row] = await db
        .select({ id: jobs.id, role: jobs.role })
        .from(jobs)
        .where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId)));
      return row ?? null;
    },

    /**
     * A job's applicants, at one stage and/or among the given applications, newest first: at most
     * `limit` (the caller asks for one more than a book holds, to tell that there are too many).
     */
    applicants(jobId: string, selection: ApplicantSelection, limit: number) {
      return db
        .select({
          ...bookColumns,
          applicationId: applications.id,
          stage: applications.stage,
          appliedAt: applications.createdAt,
        })
        .from(applications)
        .innerJoin(accounts, eq(accounts.id, applications.studentId))
        .innerJoin(students, eq(students.accountId, applications.studentId))
        .where(
          and(
            eq(applications.jobId, jobId),
            selection.stage ? eq(applications.stage, selection.stage) : undefined,
            selection.applicationIds ? inArray(applications.id, selection.applicationIds) : undefined,
          ),
        )
        .orderBy(desc(applications.createdAt), asc(applications.id))
        .limit(limit);
    },
  };
}
export type ResumeBookRepo = ReturnType<typeof createResumeBookRepo>;
