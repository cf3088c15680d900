import { bounds } from '@portal/contracts/bounds';
import {
  allowedMoves,
  mayWithdraw,
  stages,
  pipelineStages,
  type StudentApplication,
  withdrawableStages,
} from '@portal/contracts/applications';
import type { JobPage } from '@portal/contracts/jobs';
import { tierName } from '@portal/contracts/placement-policy';
import { emailLinks } from '@portal/contracts/links';
import { applying, jobs as jobMessages, notFound, placementCell } from '@portal/contracts/messages';
import type { SessionAccount } from '../../plugins/access.ts';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors.ts';
import { applyDecision, applyRefusal } from '../eligibility/eligibility.ts';
import { toJob } from '../jobs/jobs.service.ts';
import type { EmailSettingsReader } from '../email-settings/email-settings.read.ts';
import type { JobsReader } from '../jobs/jobs.read.ts';
import { newApplicantEmail } from '../mail/emails.ts';
import type { MailQueue } from '../mail/outbox-queue.ts';
import type { TimelineReader } from '../messaging/messaging.read.ts';
import { withMessages } from '../messaging/timeline.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { toOffer, toStageChange } from '../offers/offers.read.ts';
import type { OffersService } from '../offers/offers.service.ts';
import type { PlacementPolicyService } from '../placement-policy/placement-policy.service.ts';
import { type StudentsReader, toStudentProfileForCompany } from '../students/students.read.ts';
import type { ApplicationsRepo } from './applications.repo.ts';

/** The stages staff close for a placed student: everything before an offer, not yet final. */
const openStages = stages.filter((s) => s !== 'Offer Letter' && allowedMoves(s).length > 0);

export function createApplicationsService(deps: {
  applicationsRepo: ApplicationsRepo;
  jobsReader: Pick<JobsReader, 'findWithCompany'>;
  placementPolicyService: Pick<PlacementPolicyService, 'applyContext' | 'acceptedOffers'>;
  studentsReader: Pick<StudentsReader, 'findById'>;
  notificationsService: NotificationsService;
  offersService: Pick<OffersService, 'lapseDue'>;
  emailSettingsReader: Pick<EmailSettingsReader, 'companyContact'>;
  timelineReader: TimelineReader;
  mail: MailQueue;
  appUrl: string;
}) {
  return {
    /**
     * A student applies: refused for a debarment in force (403, with its reason and end date), an
     * unknown job (a job of a company that is not Allowed is unknown to students), and for the
     * reason the vacancy list shows (`applyRefusal`: timing, the job's criteria, the placement
     * policy: 400), or a second application (the unique key settles concurrent clicks).
     */
    async apply(studentId: string, jobId: string): Promise<void> {
      // The student's facts and the job, asked at once: one wait instead of two on the busiest write
      // of placement day.
      const [context, found] = await Promise.all([
        deps.placementPolicyService.applyContext(studentId),
        deps.jobsReader.findWithCompany(jobId),
      ]);
      if (!context) throw new NotFound(notFound.student);
      const refusal = found && applyRefusal(found.job, context);
      if (refusal && context.student.debarment) throw new Forbidden(refusal);
      // A job not posted to the student's college, or of a company it has not approved (yet) or
      // suspended, is not listed there, so it is not found.
      if (!found || !found.listedHere) throw new NotFound(jobMessages.notFound);
      if (refusal) throw new BadRequest(refusal);

      const { student } = context;
      const studentName = context.name;
      const company = await deps.emailSettingsReader.companyContact(found.job.companyId);
      const emails =
        company?.newApplicants === true
          ? [
              newApplicantEmail({
                to: company.email,
                accountId: found.job.companyId,
                firstName: company.firstName,
                student: studentName,
                role: found.job.role,
                link: `${deps.appUrl}${emailLinks.companyApplicants}?jobId=${jobId}`,
              }),
            ]
          : [];
      const created = await deps.applicationsRepo.create({
        jobId,
        studentId,
        actorName: studentName,
        // The facts eligibility was just decided on, kept for the company to read.
        snapshot: {
          cgpa: student.cgpa,
          degrees: student.degrees,
          yearOfPassing: student.yearOfPassing,
          verified: student.verified,
        },
        emails,
      });
      if (!created) throw new Conflict(applying.alreadyApplied);
      if (emails.length) deps.mail.wake();
      await deps.notificationsService.notify([
        {
          accountId: found.job.companyId,
          aboutStudentId: studentId,
          sender: studentName,
          title: applying.newApplicantTitle,
          link: emailLinks.companyApplicants,
          body: applying.newApplicant(studentName, found.job.role),
        },
      ]);
    },

    /**
     * One job as this student sees it (its page): the same decision as Apply's with its reason,
     * their application to it, the stages of the process, what of their profile is missing, and
     * their record as the company will read it (the review before Apply). A job of a company not
     * approved, or suspended, is not found, as for Apply.
     */
    async jobPage(studentId: string, jobId: string): Promise<JobPage> {
      const [context, found, application, row] = await Promise.all([
        deps.placementPolicyService.applyContext(studentId),
        deps.jobsReader.findWithCompany(jobId),
        deps.applicationsRepo.forStudentJob(studentId, jobId),
        deps.studentsReader.findById(studentId),
      ]);
      if (!context || !row) throw new NotFound(notFound.student);
      if (!found || !found.listedHere) throw new NotFound(jobMessages.notFound);
      const refusal = application ? null : applyDecision(found.job, context);
      return {
        job: {
          ...toJob(found.job),
          companyName: found.companyName,
          applied: application !== null,
          tier: tierName(context.policy, found.job.package),
          notEligibleReason: refusal?.reason ?? null,
          refusal: refusal?.kind ?? null,
        },
        application: application && {
          _id: application.id,
          stage: application.stage,
          appliedAt: application.createdAt.toISOString(),
          withdrawable: mayWithdraw(application.stage),
        },
        stages: [...pipelineStages],
        today: context.today,
        missing: context.missing,
        record: toStudentProfileForCompany(row),
      };
    },

    /**
     * The student withdraws their application while the company has not shortlisted it yet
     * (`withdrawableStages`): it moves to Withdrawn (an event of its history, by the student), any
     * schedule it had is dropped, and the company is told. Another student's application is not
     * found; one that moved on is refused with its stage (409).
     */
    async withdraw(studentId: string, applicationId: string): Promise<void> {
      const [own, context] = await Promise.all([
        deps.applicationsRepo.ownWithJob(studentId, applicationId),
        deps.placementPolicyService.applyContext(studentId),
      ]);
      if (!own || !context) throw new NotFound(applying.applicationNotFound);
      if (!mayWithdraw(own.application.stage)) {
        throw new Conflict(applying.notWithdrawable(own.application.stage));
      }
      const withdrawn = await deps.applicationsRepo.withdraw({
        applicationId,
        studentId,
        actorName: context.name,
        from: withdrawableStages,
        notice: {
          accountId: own.companyId,
          aboutStudentId: studentId,
          sender: context.name,
          title: applying.withdrawnTitle,
          body: applying.withdrawnBody(context.name, own.role),
        },
      });
      if (!withdrawn) {
        // The company moved it on between the read and the write: say where it is now.
        const now = await deps.applicationsRepo.ownWithJob(studentId, applicationId);
        throw new Conflict(applying.notWithdrawable(now?.application.stage ?? own.application.stage));
      }
    },

    /**
     * Staff close a placed student's other applications in one step: each one not yet at an
     * offer or final moves to Withdrawn by the placement cell (its history says so), any schedule
     * dropped; each company is told; the student's audit log records it. Refused (409) for a
     * student without an accepted offer; an unknown student is not found.
     */
    async closeOthers(actor: SessionAccount, studentId: string): Promise<string> {
      const [context, accepted] = await Promise.all([
        deps.placementPolicyService.applyContext(studentId),
        deps.placementPolicyService.acceptedOffers([studentId]),
      ]);
      if (!context) throw new NotFound(notFound.student);
      if ((accepted.get(studentId) ?? []).length === 0) throw new Conflict(applying.notPlaced);
      const closed = await deps.applicationsRepo.closeOpen({
        studentId,
        open: openStages,
        actor: { id: actor.id, name: actor.name },
        note: applying.closedNote,
        noticeOf: ({ role, companyId }) => ({
          accountId: companyId,
          aboutStudentId: studentId,
          sender: placementCell.sender,
          title: applying.closedTitle,
          body: applying.closedBody(context.name, role),
        }),
        audit: (n) => ({ field: 'Applications', oldValue: `${n} open`, newValue: applying.closedNote }),
      });
      return applying.closedOthers(closed.length);
    },

    /** The student's applications (also on their staff record), with offers past their date lapsed. */
    async listForStudent(studentId: string): Promise<StudentApplication[]> {
      await deps.offersService.lapseDue();
      const rows = await deps.applicationsRepo.listForStudent(studentId, bounds.applications);
      const sent = await deps.timelineReader.timeline(rows.map((r) => r.application.id));
      return rows.map(({ application, role, company, offer, events }) => ({
        _id: application.id,
        jobId: application.jobId,
        company,
        role,
        appliedAt: application.createdAt.toISOString(),
        stage: application.stage,
        schedule: application.scheduleAt
          ? { at: application.scheduleAt.toISOString(), place: application.schedulePlace }
          : null,
        history: withMessages(
          events.map(toStageChange),
          sent.filter((m) => m.applicationId === application.id),
        ),
        offer: offer ? toOffer(offer) : null,
      }));
    },
  };
}
export type ApplicationsService = ReturnType<typeof createApplicationsService>;
