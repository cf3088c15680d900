import { bounds } from '@portal/contracts/bounds';
import type { StudentApplication } from '@portal/contracts/applications';
import { emailLinks } from '@portal/contracts/links';
import { applying, jobs as jobMessages, notFound } from '@portal/contracts/messages';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors.ts';
import { applyRefusal } from '../eligibility/eligibility.ts';
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
import type { ApplicationsRepo } from './applications.repo.ts';

export function createApplicationsService(deps: {
  applicationsRepo: ApplicationsRepo;
  jobsReader: Pick<JobsReader, 'findWithCompany'>;
  placementPolicyService: Pick<PlacementPolicyService, 'applyContext'>;
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
      // A job of a company not approved (yet) or suspended is not listed, so it is not found.
      if (!found || found.companyStatus !== 'Allowed') throw new NotFound(jobMessages.notFound);
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
