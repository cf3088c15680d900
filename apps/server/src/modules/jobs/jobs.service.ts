import type { z } from 'zod';
import { stages } from '@portal/contracts/applications';
import type { Job, JobStatus, postJobBody, VacancyListing } from '@portal/contracts/jobs';
import { jobs as jobMessages } from '@portal/contracts/messages';
import type { JobWithCounts } from '@portal/contracts/pipeline';
import { NotFound } from '../../lib/errors.ts';
import type { AcademicRecordsService } from '../academic-records/academic-records.service.ts';
import type { ApplicationsRepo } from '../applications/applications.repo.ts';
import { tierName } from '@portal/contracts/placement-policy';
import type { PlacementPolicyService } from '../placement-policy/placement-policy.service.ts';
import { STUDENT_NOT_FOUND } from '../students/students.service.ts';
import { applyRefusal, isoToday } from './eligibility.ts';
import type { JobRow, JobsRepo } from './jobs.repo.ts';

type JobInput = z.output<typeof postJobBody>['value'];

const fieldsOf = (input: JobInput) => ({
  role: input.role,
  description: input.description,
  qualifications: input.qualifications,
  startDate: input.startDate,
  applicationDeadline: input.applicationDeadline,
  status: input.status,
  minCgpa: input.minCgpa,
  eligibleDegrees: input.eligibleDegrees,
  eligibleYears: input.eligibleYears,
  type: input.type,
  package: input.package,
});

export const toJob = (row: JobRow): Job => ({
  _id: row.id,
  role: row.role,
  description: row.description,
  qualifications: row.qualifications,
  startDate: row.startDate,
  applicationDeadline: row.applicationDeadline,
  status: row.status,
  eligibility: { minCgpa: row.minCgpa, degrees: row.eligibleDegrees, years: row.eligibleYears },
  type: row.type,
  package: row.package,
});

export function createJobsService(deps: {
  jobsRepo: JobsRepo;
  applicationsRepo: ApplicationsRepo;
  academicRecordsService: Pick<AcademicRecordsService, 'settings'>;
  placementPolicyService: Pick<PlacementPolicyService, 'applyContext'>;
  today?: () => string;
}) {
  const today = deps.today ?? (() => isoToday());

  return {
    /**
     * Posts the job and, when it is open and the company approved, tells the students eligible for
     * it. A pending company's students hear of its open jobs when the placement cell approves it.
     */
    async post(companyId: string, input: JobInput): Promise<Job> {
      const row = await deps.jobsRepo.insert({ companyId, ...fieldsOf(input) });
      const company = await deps.jobsRepo.company(companyId);
      if (row.status === 'Open' && company?.status === 'Allowed') {
        const settings = await deps.academicRecordsService.settings();
        await deps.jobsRepo.notifyEligibleStudents(row, company.name, settings.requireVerifiedAcademics);
      }
      return toJob(row);
    },

    /** Tells the eligible students of each of the company's open jobs: on its approval. */
    async announceOpenJobs(companyId: string, companyName: string): Promise<void> {
      const { requireVerifiedAcademics } = await deps.academicRecordsService.settings();
      for (const job of await deps.jobsRepo.listOpenOf(companyId, today())) {
        await deps.jobsRepo.notifyEligibleStudents(job, companyName, requireVerifiedAcademics);
      }
    },

    /** The company's jobs with applicants counted in total and per stage. */
    async withCounts(companyId: string): Promise<JobWithCounts[]> {
      const { jobRows, counts } = await deps.jobsRepo.listWithStageCounts(companyId);
      return jobRows.map((job) => {
        const byStage = stages.map((stage) => ({
          stage,
          count: counts.find((c) => c.jobId === job.id && c.stage === stage)?.n ?? 0,
        }));
        return { ...toJob(job), applicants: byStage.reduce((sum, s) => sum + s.count, 0), byStage };
      });
    },

    async update(companyId: string, jobId: string, input: JobInput): Promise<Job> {
      const row = await deps.jobsRepo.update(companyId, jobId, fieldsOf(input));
      if (!row) throw new NotFound(jobMessages.notFound);
      return toJob(row);
    },

    async setStatus(companyId: string, jobId: string, status: JobStatus): Promise<Job> {
      const row = await deps.jobsRepo.update(companyId, jobId, { status });
      if (!row) throw new NotFound(jobMessages.notFound);
      return toJob(row);
    },

    /**
     * Open vacancies grouped by company, each with its tier, marked applied or with the reason the
     * student may not apply (the same decision as Apply's, from facts read once for the list).
     */
    async vacanciesFor(studentId: string): Promise<VacancyListing> {
      const context = await deps.placementPolicyService.applyContext(studentId);
      if (!context) throw new NotFound(STUDENT_NOT_FOUND);
      const [rows, applied] = await Promise.all([
        deps.jobsRepo.listOpen(context.today),
        deps.applicationsRepo.appliedJobIds(studentId),
      ]);
      const byCompany = new Map<string, VacancyListing[number]>();
      for (const { job, companyName } of rows) {
        const group = byCompany.get(job.companyId) ?? { companyName, jobs: [] };
        byCompany.set(job.companyId, group);
        group.jobs.push({
          ...toJob(job),
          applied: applied.has(job.id),
          tier: tierName(context.policy, job.package),
          notEligibleReason: applyRefusal(job, context),
        });
      }
      return [...byCompany.values()];
    },
  };
}
export type JobsService = ReturnType<typeof createJobsService>;
