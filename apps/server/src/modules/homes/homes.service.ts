import { stages } from '@portal/contracts/applications';
import {
  type CompanyHome,
  homeBounds,
  type ProfilePart,
  profileParts,
  type StaffHome,
  type StudentHome,
} from '@portal/contracts/homes';
import { isCompanyStatus } from '@portal/contracts/common';
import { studentVisibility } from '@portal/contracts/student-visibility';
import type { SessionAccount } from '../../plugins/access.ts';
import type { Clock } from '../../lib/clock.ts';
import { NotFound } from '../../lib/errors.ts';
import { freshSharedRead } from '../../lib/fresh-shared-read.ts';
import { notFound } from '@portal/contracts/messages';
import type { JobsService } from '../jobs/jobs.service.ts';
import type { StatisticsService } from '../statistics/statistics.service.ts';
import type { HomesRepo } from './homes.repo.ts';

type ProfileFacts = NonNullable<Awaited<ReturnType<HomesRepo['studentHome']>>>;

const filled = (text: string) => text.trim() !== '';

/** Which parts of the profile a student has filled in (each is a page of their area). */
function partFilled(facts: ProfileFacts): Record<ProfilePart, boolean> {
  return {
    picture: filled(facts.picture),
    personal: [facts.firstName, facts.lastName, facts.phone, facts.fathersName, facts.mothersName].every(
      filled,
    ),
    academic:
      facts.hasRollNumber &&
      facts.degrees.length > 0 &&
      filled(facts.collegeName) &&
      facts.cgpa !== null &&
      facts.yearOfPassing !== null,
    resume: filled(facts.resume),
    internships: facts.hasInternship,
    projects: facts.hasProject,
  };
}

const countByStage = (rows: { stage: (typeof stages)[number] }[]) =>
  stages.map((stage) => ({ stage, count: rows.filter((r) => r.stage === stage).length }));

const iso = (at: Date | null) => (at ?? new Date(0)).toISOString();

/**
 * Each role's home: read through the jobs' and statistics' services for what they already answer
 * (the vacancy list's eligibility decision, a company's jobs with their counts, the placed figures)
 * and through the homes' own few bounded statements for the rest.
 */
export function createHomesService(deps: {
  homesRepo: HomesRepo;
  jobsService: Pick<JobsService, 'vacancyPageFor' | 'withCounts' | 'openCountAt'>;
  statisticsService: Pick<StatisticsService, 'figures'>;
  clock: Clock;
}) {
  const { homesRepo, clock } = deps;

  const readStaffHome = async (collegeId: number): Promise<StaffHome> => {
    const [counts, openJobs, pending, today, activity, figures] = await Promise.all([
      homesRepo.staffCounts(),
      deps.jobsService.openCountAt(collegeId),
      homesRepo.pendingCompanies(homeBounds.list),
      homesRepo.scheduledBetween(clock.startOfToday(), clock.startOfTomorrow(), homeBounds.today),
      homesRepo.recentActivity(homeBounds.activity),
      deps.statisticsService.figures(),
    ]);
    return {
      approvals: {
        companies: pending.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
        companiesWaiting: counts.companiesWaiting,
        nameChangesWaiting: counts.nameChangesWaiting,
        changeRequestsWaiting: counts.changeRequestsWaiting,
      },
      today: today.map((r) => ({
        applicationId: r.applicationId,
        studentId: r.studentId,
        studentName: r.studentName,
        jobRole: r.jobRole,
        companyName: r.companyName,
        stage: r.stage,
        at: iso(r.at),
        place: r.place,
      })),
      figures: {
        students: figures.students,
        placed: figures.placed,
        openJobs,
        applications: figures.applications,
        offersMade: figures.offersMade,
        offersAccepted: figures.offersAccepted,
        offersWaiting: figures.offersWaiting,
      },
      activity: activity.map((a) => ({ ...a, at: a.at.toISOString() })),
    };
  };
  /** One shared reading per college (its staff all see the same home). */
  const staffHomes = new Map<number, () => Promise<StaffHome>>();
  const staffHome = (collegeId: number) => {
    let read = staffHomes.get(collegeId);
    if (!read) {
      read = freshSharedRead(() => readStaffHome(collegeId));
      staffHomes.set(collegeId, read);
    }
    return read();
  };

  return {
    async student(studentId: string): Promise<StudentHome> {
      const facts = await homesRepo.studentHome(studentId);
      if (!facts) throw new NotFound(notFound.student);
      // The vacancy list's own decision (the same as Apply's), newest first, on the facts read above.
      const vacancies = await deps.jobsService.vacancyPageFor(facts.vacancyFacts, {
        search: '',
        company: '',
        location: '',
        eligibleOnly: true,
        sort: 'newest',
        page: 1,
        pageSize: 50,
      });
      const rows = facts.applications;
      const parts = partFilled(facts);
      const missing = profileParts.filter((part) => !parts[part]);
      const now = clock.now();
      return {
        completeness: {
          percent: Math.round((100 * (profileParts.length - missing.length)) / profileParts.length),
          missing,
        },
        offers: rows
          .filter((r) => r.offerState === 'Offered')
          .map((r) => ({
            applicationId: r.applicationId,
            jobRole: r.jobRole,
            companyName: r.companyName,
            package: r.offerPackage ?? 0,
            decideBy: r.decideBy ?? '',
            tier: r.tier ?? '',
          }))
          .sort((a, b) => (a.decideBy < b.decideBy ? -1 : a.decideBy > b.decideBy ? 1 : 0)),
        upcoming: rows
          .filter((r) => r.at !== null && r.at >= now && r.stage !== 'Rejected')
          .sort((a, b) => a.at!.getTime() - b.at!.getTime())
          .slice(0, homeBounds.upcoming)
          .map((r) => ({
            applicationId: r.applicationId,
            jobRole: r.jobRole,
            companyName: r.companyName,
            stage: r.stage,
            at: iso(r.at),
            place: r.place,
          })),
        applications: rows.length,
        applicationsByStage: countByStage(rows),
        newJobs: vacancies.items
          .filter((v) => !v.applied)
          .slice(0, homeBounds.newJobs)
          .map((v) => ({
            _id: v._id,
            role: v.role,
            companyName: v.companyName,
            applicationDeadline: v.applicationDeadline,
            package: v.package ?? null,
            type: v.type,
          })),
      };
    },

    /**
     * The staff's home is the same for every staff member of a college: staff asking at the same
     * moment share one reading (lib/fresh-shared-read.ts, as the statistics do), each answer still
     * read wholly after its request. Its headline figures, which count every student, application
     * and offer, are kept until those change (`statisticsService.figures`); the rest are bounded
     * reads and the open jobs' shared copy.
     */
    async staff(staff: SessionAccount): Promise<StaffHome> {
      // Staff always belong to a college (a company has none, and never reaches this route).
      if (staff.collegeId === null) throw new NotFound(notFound.staff);
      return staffHome(staff.collegeId);
    },

    async company(company: SessionAccount): Promise<CompanyHome> {
      const [jobs, today, awaiting] = await Promise.all([
        deps.jobsService.withCounts(company.id),
        homesRepo.scheduledBetween(
          clock.startOfToday(),
          clock.startOfTomorrow(),
          homeBounds.today,
          company.id,
        ),
        homesRepo.companyCounts(company.id),
      ]);
      return {
        status: isCompanyStatus(company.status) ? company.status : 'Suspended',
        jobs,
        // The one rule: its applicants' names while the placement cell lets it see students.
        today: today
          .filter(
            (r) =>
              studentVisibility(
                company,
                { id: r.studentId, status: r.studentStatus, collegeId: r.studentCollege },
                { applicant: true },
              ) !== 'none',
          )
          .map((r) => ({
            applicationId: r.applicationId,
            studentName: r.studentName,
            jobRole: r.jobRole,
            companyName: r.companyName,
            stage: r.stage,
            at: iso(r.at),
            place: r.place,
          })),
        awaiting,
      };
    },
  };
}
export type HomesService = ReturnType<typeof createHomesService>;
