import type { z } from 'zod';
import { stages } from '@portal/contracts/applications';
import { bounds } from '@portal/contracts/bounds';
import { randomUUID } from 'node:crypto';
import {
  GET_JOBS_CAP,
  type Job,
  JOBS_PER_DAY,
  type JobStatus,
  type jobEdit,
  type OwnJob,
  type postJobBody,
  type Vacancy,
  type VacancyListing,
  type VacancyPage,
  type vacancyQuery,
} from '@portal/contracts/jobs';
import { companySender, jobs as jobMessages, notFound } from '@portal/contracts/messages';
import { addDays, zoneName } from '@portal/contracts/dates';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, Conflict, NotFound } from '../../lib/errors.ts';
import type { AccountStatus } from '@portal/contracts/common';
import { companyCollegeMessages, mayPostJobsAt } from '@portal/contracts/companies';
import type { NewAnnouncement } from '../announcements/announce.ts';
import type { AnnouncementQueue } from '../announcements/announce.ts';
import type { AcademicRecordsService } from '../academic-records/academic-records.service.ts';
import { tierName } from '@portal/contracts/placement-policy';
import type {
  PlacementPolicyService,
  VacancyContext,
  VacancyFacts,
} from '../placement-policy/placement-policy.service.ts';
import { type ApplyContext, applyDecision, mayApply } from '../eligibility/eligibility.ts';
import type { ProgrammesReader } from '../programmes/programmes.read.ts';
import { createOpenJobsCache, type ListedJob } from './open-jobs-cache.ts';
import type { JobRow, JobsRepo } from './jobs.repo.ts';

type JobInput = z.output<typeof postJobBody>['value'];
type JobEditInput = z.output<typeof jobEdit>;
/** A job's own fields, as a post and an edit both give them. */
type JobFields = Omit<JobInput, 'colleges'>;
type VacancyQuery = z.output<typeof vacancyQuery>;

/**
 * The job's columns from its input; the programme criteria resolved against the catalogues of
 * the colleges it is posted to.
 */
const fieldsOf = async (
  input: JobFields,
  colleges: readonly number[],
  programmes: Pick<ProgrammesReader, 'targets'>,
) => {
  const { targets, labels } = await programmes.targets(input, colleges);
  return { ...plainFieldsOf(input), eligibleDegrees: labels, eligibleProgrammes: targets };
};

const plainFieldsOf = (input: JobFields) => ({
  role: input.role,
  description: input.description,
  qualifications: input.qualifications,
  startDate: input.startDate,
  applicationDeadline: input.applicationDeadline,
  status: input.status,
  minCgpa: input.minCgpa,
  eligibleYears: input.eligibleYears,
  type: input.type,
  package: input.package,
  location: input.location,
  workMode: input.workMode,
});

export const toJob = (row: JobRow): Job => ({
  _id: row.id,
  role: row.role,
  description: row.description,
  qualifications: row.qualifications,
  startDate: row.startDate,
  applicationDeadline: row.applicationDeadline,
  status: row.status,
  eligibility: {
    minCgpa: row.minCgpa,
    degrees: row.eligibleDegrees,
    programmes: row.eligibleProgrammes,
    years: row.eligibleYears,
  },
  type: row.type,
  package: row.package,
  location: row.location,
  workMode: row.workMode,
});

/** A job as this student sees it: its tier, whether they applied, and `applyDecision`'s word. */
const toVacancy = (row: JobRow, ctx: ApplyContext, applied: boolean): Vacancy => {
  const refusal = applyDecision(row, ctx);
  return {
    ...toJob(row),
    applied,
    tier: tierName(ctx.policy, row.package),
    notEligibleReason: refusal?.reason ?? null,
    refusal: refusal?.kind ?? null,
  };
};

type Standing = { id: number; status: AccountStatus };

/**
 * The colleges a job goes to: those named, each one the company asked and that has not refused or
 * suspended it; none named: every college that allows it, or (awaiting every approval) every
 * college it asked, so the job lists there once approved.
 */
function collegesFor(standings: readonly Standing[], named: readonly number[]): number[] {
  const open = standings.filter((c) => mayPostJobsAt(c.status));
  if (named.length === 0) {
    const allowed = open.filter((c) => c.status === 'Allowed');
    return (allowed.length > 0 ? allowed : open).map((c) => c.id);
  }
  if (!named.every((id) => open.some((c) => c.id === id))) {
    throw new BadRequest(companyCollegeMessages.notAsked);
  }
  return [...new Set(named)].sort((a, b) => a - b);
}

/** What the eligible students read of a new job, and who they are: the criteria as the job states them. */
function announcementOf(
  job: Pick<
    JobRow,
    | 'id'
    | 'role'
    | 'applicationDeadline'
    | 'minCgpa'
    | 'eligibleDegrees'
    | 'eligibleProgrammes'
    | 'eligibleYears'
  >,
  company: string,
  verifiedOnly: boolean,
  colleges: number[],
): NewAnnouncement {
  return {
    jobId: job.id,
    colleges,
    sender: companySender(company),
    title: `New job: ${job.role}`,
    body: `${company} is hiring for ${job.role}. Apply by ${job.applicationDeadline}.`,
    verifiedOnly,
    minCgpa: job.minCgpa,
    degrees: job.eligibleDegrees,
    programmes: job.eligibleProgrammes,
    years: job.eligibleYears,
  };
}

export function createJobsService(deps: {
  jobsRepo: JobsRepo;
  academicRecordsService: Pick<AcademicRecordsService, 'settings'>;
  placementPolicyService: Pick<PlacementPolicyService, 'vacancyContext' | 'vacancyContextOf'>;
  programmesReader: Pick<ProgrammesReader, 'targets'>;
  announcements: AnnouncementQueue;
  /** Job dates are days in the clock's zone (config TIME_ZONE). */
  clock: Clock;
}) {
  const { clock } = deps;
  const openJobs = createOpenJobsCache((date) => deps.jobsRepo.listOpen(date));

  /** What a vacancy list needs of the student: the facts deciding reads and the jobs applied to. */
  async function studentSide(studentId: string) {
    const side = await deps.placementPolicyService.vacancyContext(studentId);
    if (!side) throw new NotFound(notFound.student);
    return side;
  }

  /** One page of the open jobs for the student as `side` has them (see `vacancyPage`). */
  async function vacancyPageOf(side: VacancyContext, query: VacancyQuery): Promise<VacancyPage> {
    const { context, applied, collegeId } = side;
    const { jobs: listed, groupOf, groups } = await openJobs.sorted(context.today, query.sort, collegeId);
    const needle = query.search.toLowerCase();
    const company = query.company.toLowerCase();
    const location = query.location.toLowerCase();
    const tier = query.tier?.toLowerCase();
    // The filters asked for, each a test of a listed job; none asked: no job is visited for them.
    const tests: ((l: ListedJob) => boolean)[] = [];
    if (needle !== '') tests.push((l) => l.roleKey.includes(needle) || l.companyKey.includes(needle));
    if (query.type !== undefined) tests.push((l) => l.job.type === query.type);
    if (query.workMode !== undefined) tests.push((l) => l.job.workMode === query.workMode);
    if (company !== '') tests.push((l) => l.companyKey.includes(company));
    if (location !== '') tests.push((l) => l.locationKey.includes(location));
    const { minPackage } = query;
    if (minPackage !== undefined) tests.push((l) => (l.job.package ?? -1) >= minPackage);
    if (tier !== undefined) {
      tests.push((l) => tierName(context.policy, l.job.package).toLowerCase() === tier);
    }
    // The decision once a group of jobs that get the same one (`decisionKey`), not once a job.
    const mayApplyTo = query.eligibleOnly ? groups.map((job) => mayApply(job, context)) : null;
    const start = (query.page - 1) * query.pageSize;
    const page: ListedJob[] = [];
    let total = 0;
    // A job object is visited only when a filter reads it or it is on the page.
    for (let i = 0; i < listed.length; i++) {
      if (mayApplyTo && !mayApplyTo[groupOf[i]!]) continue;
      if (tests.length > 0 && !tests.every((test) => test(listed[i]!))) continue;
      if (total >= start && page.length < query.pageSize) page.push(listed[i]!);
      total++;
    }
    const items = page.map(({ job, companyName }) => ({
      ...toVacancy(job, context, applied.has(job.id)),
      companyName,
    }));
    return { items, total };
  }

  /**
   * The colleges an edit posts a job to: each named one it is posted to already (kept, even where
   * the company has since been suspended: it lists there again once allowed), or one it may post to
   * (`mayPostJobsAt`). Another job's id, or none of the company's, is a 404 as on the edit itself.
   */
  async function editedColleges(companyId: string, jobId: string, named: readonly number[]) {
    const [company, current] = await Promise.all([
      deps.jobsRepo.company(companyId),
      deps.jobsRepo.collegesOf(companyId, jobId),
    ]);
    if (!company) throw new NotFound(notFound.company);
    if (!current) throw new NotFound(jobMessages.notFound);
    const open = company.colleges.filter((c) => mayPostJobsAt(c.status)).map((c) => c.id);
    if (!named.every((id) => current.includes(id) || open.includes(id))) {
      throw new BadRequest(companyCollegeMessages.notAsked);
    }
    return [...new Set(named)].sort((a, b) => a - b);
  }

  return {
    /** The shared copy of the open jobs is out of date: a job or its company changed here. */
    openJobsChanged: () => openJobs.invalidate(),

    /**
     * Posts the job, at most JOBS_PER_DAY a day (in the deployment's zone) per company, and, when
     * it is open and the company approved, announces it to the students eligible for it after the
     * response. A pending company's students hear of its open jobs when the placement cell
     * approves it.
     */
    async post(companyId: string, input: JobInput): Promise<Job> {
      const company = await deps.jobsRepo.company(companyId);
      if (!company) throw new NotFound(notFound.company);
      const colleges = collegesFor(company.colleges, input.colleges);
      const job = {
        id: randomUUID(),
        companyId,
        ...(await fieldsOf(input, colleges, deps.programmesReader)),
      };
      // The students of the colleges that allow the company hear of it now; the others on approval.
      const allowedAt = colleges.filter((id) =>
        company.colleges.some((c) => c.id === id && c.status === 'Allowed'),
      );
      const announcement =
        job.status === 'Open' && allowedAt.length > 0
          ? announcementOf(
              job,
              company.name,
              (await deps.academicRecordsService.settings()).requireVerifiedAcademics,
              allowedAt,
            )
          : null;
      const at = clock.now();
      const day = clock.dateOf(at);
      const row = await deps.jobsRepo.insertWithinLimit(
        job,
        colleges,
        { max: JOBS_PER_DAY, since: clock.startOf(day) },
        announcement,
      );
      if (!row) {
        throw new Conflict(
          jobMessages.dailyLimit(JOBS_PER_DAY, addDays(day, 1), zoneName(at, clock.timeZone)),
        );
      }
      if (announcement) deps.announcements.wake();
      openJobs.invalidate();
      return toJob(row);
    },

    /**
     * The announcements of the company's open jobs, for the students eligible for each: written
     * with the company's approval and delivered after it.
     */
    async openJobAnnouncements(
      companyId: string,
      companyName: string,
      college: number,
    ): Promise<NewAnnouncement[]> {
      const [{ requireVerifiedAcademics }, open] = await Promise.all([
        deps.academicRecordsService.settings(),
        deps.jobsRepo.listOpenOf(companyId, clock.today(), college),
      ]);
      return open.map((job) => announcementOf(job, companyName, requireVerifiedAcademics, [college]));
    },

    /** The company's newest jobs (bounds.jobs) with applicants counted in total and per stage. */
    async withCounts(companyId: string): Promise<OwnJob[]> {
      const rows = await deps.jobsRepo.listWithStageCounts(companyId, bounds.jobs);
      return rows.map(({ job, byStage: counted, colleges }) => {
        const byStage = stages.map((stage) => ({
          stage,
          count: counted.find(([s]) => s === stage)?.[1] ?? 0,
        }));
        return {
          ...toJob(job),
          applicants: byStage.reduce((sum, s) => sum + s.count, 0),
          byStage,
          colleges,
        };
      });
    },

    async update(companyId: string, jobId: string, input: JobEditInput): Promise<Job> {
      // An edit naming colleges posts the job to exactly those; one leaving them out leaves them.
      const named = input.colleges;
      const colleges =
        named === undefined
          ? await deps.jobsRepo.collegesOf(companyId, jobId)
          : await editedColleges(companyId, jobId, named);
      if (!colleges) throw new NotFound(jobMessages.notFound);
      const fields = await fieldsOf(input, colleges, deps.programmesReader);
      const row = await deps.jobsRepo.update(companyId, jobId, fields);
      if (!row) throw new NotFound(jobMessages.notFound);
      if (named !== undefined) await deps.jobsRepo.setColleges(companyId, jobId, colleges);
      openJobs.invalidate();
      return toJob(row);
    },

    async setStatus(companyId: string, jobId: string, status: JobStatus): Promise<Job> {
      const row = await deps.jobsRepo.update(companyId, jobId, { status });
      if (!row) throw new NotFound(jobMessages.notFound);
      openJobs.invalidate();
      return toJob(row);
    },

    /**
     * How many open jobs the college's students see today (posted there, the company allowed
     * there), from the shared copy of the open jobs: the staff's home, read a few seconds stale
     * at most, as the vacancy lists are.
     */
    async openCountAt(collegeId: number): Promise<number> {
      return (await openJobs.sorted(clock.today(), 'deadline', collegeId)).jobs.length;
    },

    /**
     * Open vacancies grouped by company (the spec's `getJobs`), at most GET_JOBS_CAP of them,
     * soonest deadline first, each with its tier, marked applied or with the reason the student
     * may not apply (the same decision as Apply's, from facts read once for the list).
     */
    async vacanciesFor(studentId: string): Promise<VacancyListing> {
      const { context, applied, collegeId } = await studentSide(studentId);
      const listed = (await openJobs.sorted(context.today, 'deadline', collegeId)).jobs;
      const byCompany = new Map<string, VacancyListing[number]>();
      for (const { job, companyName } of listed.slice(0, GET_JOBS_CAP)) {
        const group = byCompany.get(job.companyId) ?? { companyName, jobs: [] };
        byCompany.set(job.companyId, group);
        group.jobs.push(toVacancy(job, context, applied.has(job.id)));
      }
      return [...byCompany.values()];
    },

    /**
     * One page of the open jobs for this student: searched (a part of the role or the company name,
     * in any case), narrowed by type, tier (by its name under the policy in force), lowest package,
     * company, location (a part, any case) and work mode, kept to those `applyDecision` accepts
     * when `eligibleOnly` (the same decision as Apply's, `mayApply`, asked once a group of jobs that
     * read alike to it), in the order asked for. The
     * open jobs come from the shared copy (read once a few seconds for every student), so the
     * filters run here on the server, over that copy, rather than as a query per request.
     */
    async vacancyPage(studentId: string, query: VacancyQuery): Promise<VacancyPage> {
      return vacancyPageOf(await studentSide(studentId), query);
    },

    /** `vacancyPage` for facts another statement read of the student (`vacancyFactsColumns`). */
    vacancyPageFor: (facts: VacancyFacts, query: VacancyQuery) =>
      vacancyPageOf(deps.placementPolicyService.vacancyContextOf(facts), query),
  };
}
export type JobsService = ReturnType<typeof createJobsService>;
