import type { z } from 'zod';
import type { Job, postJobBody, VacancyListing } from '@portal/contracts/jobs';
import { NotFound } from '../../lib/errors.ts';
import type { ApplicationsRepo } from '../applications/applications.repo.ts';
import type { StudentsRepo } from '../students/students.repo.ts';
import { STUDENT_NOT_FOUND } from '../students/students.service.ts';
import { closedReason, isoToday, notEligibleReason } from './eligibility.ts';
import type { JobRow, JobsRepo } from './jobs.repo.ts';

type JobInput = z.output<typeof postJobBody>['value'];

export const toJob = (row: JobRow): Job => ({
  _id: row.id,
  role: row.role,
  description: row.description,
  qualifications: row.qualifications,
  startDate: row.startDate,
  applicationDeadline: row.applicationDeadline,
  status: row.status,
  eligibility: { minCgpa: row.minCgpa, degrees: row.eligibleDegrees, years: row.eligibleYears },
});

export function createJobsService(deps: {
  jobsRepo: JobsRepo;
  studentsRepo: StudentsRepo;
  applicationsRepo: ApplicationsRepo;
  today?: () => string;
}) {
  const today = deps.today ?? (() => isoToday());

  return {
    async post(companyId: string, input: JobInput): Promise<Job> {
      const row = await deps.jobsRepo.insert({
        companyId,
        role: input.role,
        description: input.description,
        qualifications: input.qualifications,
        startDate: input.startDate,
        applicationDeadline: input.applicationDeadline,
        status: input.status,
        minCgpa: input.minCgpa,
        eligibleDegrees: input.eligibleDegrees,
        eligibleYears: input.eligibleYears,
      });
      return toJob(row);
    },

    async listOwn(companyId: string): Promise<Job[]> {
      return (await deps.jobsRepo.listByCompany(companyId)).map(toJob);
    },

    /** Open vacancies grouped by company, each marked applied or with the reason the student may not apply. */
    async vacanciesFor(studentId: string): Promise<VacancyListing> {
      const student = await deps.studentsRepo.findFacts(studentId);
      if (!student) throw new NotFound(STUDENT_NOT_FOUND);
      const [rows, applied] = await Promise.all([
        deps.jobsRepo.listOpen(today()),
        deps.applicationsRepo.appliedJobIds(studentId),
      ]);
      const byCompany = new Map<string, VacancyListing[number]>();
      for (const { job, companyName } of rows) {
        const group = byCompany.get(job.companyId) ?? { companyName, jobs: [] };
        byCompany.set(job.companyId, group);
        group.jobs.push({
          ...toJob(job),
          applied: applied.has(job.id),
          notEligibleReason: closedReason(job, today()) ?? notEligibleReason(job, student),
        });
      }
      return [...byCompany.values()];
    },
  };
}
export type JobsService = ReturnType<typeof createJobsService>;
