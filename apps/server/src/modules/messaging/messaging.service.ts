import type { z } from 'zod';
import { emailLinks } from '@portal/contracts/links';
import { companySender, jobs as jobMessages, messaging, placementCell } from '@portal/contracts/messages';
import {
  fillPlaceholders,
  MAX_RECIPIENTS,
  MESSAGES_PER_HOUR,
  type MessagePreview,
  type MessageText,
  type PlaceholderValues,
  type SentMessagePage,
  type stageMessageBody,
  type stageMessagePreviewBody,
  type staffMessageBody,
} from '@portal/contracts/messaging';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, NotFound, TooManyRequests } from '../../lib/errors.ts';
import type { SessionAccount } from '../../plugins/access.ts';
import type { JobsReader } from '../jobs/jobs.read.ts';
import { writtenMessageEmail } from '../mail/emails.ts';
import type { MailQueue } from '../mail/outbox-queue.ts';
import { filtersOf } from '../students/students.read.ts';
import type { MessagingRepo, NewMessage } from './messaging.repo.ts';
import { placeholderValuesFor } from './messaging.read.ts';

type StageBody = z.output<typeof stageMessageBody>;
type StagePreviewBody = z.output<typeof stageMessagePreviewBody>;
type StaffBody = z.output<typeof staffMessageBody>;
type Filters = StaffBody['filters'];

type Recipient = Awaited<ReturnType<MessagingRepo['studentsMatching']>>[number];

const HOUR = 3_600_000;

/** The staff list's filters in words, kept with the message ("Degree B.Tech, year 2026, not placed"). */
function describeFilters(f: Filters): string {
  const parts = [
    f.search ? `name starts with "${f.search}"` : '',
    f.degree ? `degree ${f.degree}` : '',
    f.year !== undefined ? `year ${f.year}` : '',
    f.placed === undefined ? '' : f.placed === 'true' ? 'placed' : 'not placed',
    f.status ? `status ${f.status}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'All students';
}

/**
 * Messages written to many: a company's to the applicants of its job at a stage, staff's to the
 * students a list's filters choose. Each recipient gets the text filled for them (the contract's
 * `fillPlaceholders`, the web preview's too) as a notification, and as an email when their
 * "stage changes" setting is on; all of it commits together.
 */
export function createMessagingService(deps: {
  messagingRepo: MessagingRepo;
  jobsReader: Pick<JobsReader, 'findWithCompany'>;
  mail: MailQueue;
  appUrl: string;
  clock: Clock;
}) {
  const { messagingRepo: repo } = deps;

  async function ownJob(companyId: string, jobId: string) {
    const job = await deps.jobsReader.findWithCompany(jobId);
    if (!job || job.job.companyId !== companyId) throw new NotFound(jobMessages.notFound);
    return job;
  }

  const fill = (text: MessageText, values: PlaceholderValues) => ({
    subject: fillPlaceholders(text.subject, values),
    body: fillPlaceholders(text.body, values),
  });

  async function checkRate(sender: SessionAccount) {
    if ((await repo.sentSince(sender.id, deps.clock.fromNow(-HOUR))) >= MESSAGES_PER_HOUR) {
      throw new TooManyRequests(messaging.rateLimited(MESSAGES_PER_HOUR));
    }
  }

  function checkCount(count: number, none: string) {
    if (count === 0) throw new BadRequest(none);
    if (count > MAX_RECIPIENTS) throw new BadRequest(messaging.tooMany(MAX_RECIPIENTS, count));
  }

  /** Writes the message for each recipient and sends it all in one transaction. */
  async function deliver(
    message: Omit<NewMessage, 'recipientCount'>,
    recipients: Recipient[],
    valuesOf: (r: Recipient) => PlaceholderValues,
    link: string,
  ): Promise<string> {
    const filled = recipients.map((r) => ({ r, ...fill(message, valuesOf(r)) }));
    await repo.send(
      { ...message, recipientCount: recipients.length },
      filled.map(({ r, subject, body }) => ({
        studentId: r.studentId,
        applicationId: r.applicationId,
        subject,
        body,
      })),
      filled.map(({ r, subject, body }) => ({
        accountId: r.studentId,
        sender: message.senderName,
        title: subject,
        body,
        link: emailLinks.studentApplications,
      })),
      filled
        .filter(({ r }) => r.wantsEmail)
        .map(({ r, subject, body }) =>
          writtenMessageEmail({
            to: r.email,
            accountId: r.studentId,
            sender: message.senderName,
            subject,
            body,
            link,
          }),
        ),
    );
    deps.mail.wake();
    return messaging.sent(recipients.length);
  }

  /** The placeholders of a company's message to the applicants of its job at a stage. */
  const stageValues =
    (job: { job: { role: string }; companyName: string }, stage: string) =>
    (r: Pick<Recipient, 'firstName'>): PlaceholderValues =>
      placeholderValuesFor({ company: job.companyName, jobRole: job.job.role, stage }, r.firstName);

  const staffValues = (r: Recipient): PlaceholderValues =>
    placeholderValuesFor({ company: '', jobRole: '', stage: null }, r.firstName);

  return {
    /** The text filled for one applicant (the first, or the one asked for) and how many would get it; writes nothing. */
    async previewToStage(
      company: SessionAccount,
      jobId: string,
      body: StagePreviewBody,
    ): Promise<MessagePreview> {
      const job = await ownJob(company.id, jobId);
      const [count, recipient] = await Promise.all([
        repo.countAtStage(jobId, body.stage, MAX_RECIPIENTS + 1),
        body.applicationId
          ? repo.applicantAtStage(jobId, body.stage, body.applicationId)
          : repo.applicantsAtStage(jobId, body.stage, 1).then((rows) => rows[0] ?? null),
      ]);
      if (body.applicationId && !recipient) throw new NotFound(messaging.applicantNotFound);
      if (!recipient) return { recipientCount: count, recipient: null, subject: null, body: null };
      const values = stageValues(job, body.stage)(recipient);
      return {
        recipientCount: count,
        recipient: { name: `${recipient.firstName} ${recipient.lastName}`, values },
        ...fill(body, values),
      };
    },

    /** Sends the message to every applicant of the company's job at the stage. */
    async sendToStage(company: SessionAccount, jobId: string, body: StageBody): Promise<string> {
      const job = await ownJob(company.id, jobId);
      await checkRate(company);
      const recipients = await repo.applicantsAtStage(jobId, body.stage, MAX_RECIPIENTS + 1);
      checkCount(recipients.length, messaging.noApplicants);
      return deliver(
        {
          senderId: company.id,
          senderRole: 'company',
          senderName: companySender(job.companyName),
          jobId,
          stage: body.stage,
          subject: body.subject,
          body: body.body,
        },
        recipients,
        stageValues(job, body.stage),
        `${deps.appUrl}${emailLinks.studentApplications}`,
      );
    },

    /** What was sent to the job's applicants, newest first, a page at a time. */
    async listForJob(
      companyId: string,
      jobId: string,
      query: { page: number; pageSize: number },
    ): Promise<SentMessagePage> {
      await ownJob(companyId, jobId);
      const [rows, total] = await Promise.all([
        repo.forJob(jobId, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
        repo.countForJob(jobId),
      ]);
      return {
        items: rows.map((m) => ({
          _id: m.id,
          stage: m.stage,
          subject: m.subject,
          body: m.body,
          sentBy: m.senderName,
          recipientCount: m.recipientCount,
          createdAt: m.createdAt.toISOString(),
        })),
        total,
      };
    },

    /** The staff message filled for the first student the filters choose, and how many they choose. */
    async previewToStudents(body: StaffBody): Promise<MessagePreview> {
      const filters = filtersOf(body.filters);
      const [count, [first]] = await Promise.all([
        repo.countMatching(filters, MAX_RECIPIENTS + 1),
        repo.studentsMatching(filters, 1),
      ]);
      if (!first) return { recipientCount: count, recipient: null, subject: null, body: null };
      const values = staffValues(first);
      return {
        recipientCount: count,
        recipient: { name: `${first.firstName} ${first.lastName}`, values },
        ...fill(body, values),
      };
    },

    /** Sends the staff message to every student the list's filters choose. */
    async sendToStudents(staff: SessionAccount, body: StaffBody): Promise<string> {
      await checkRate(staff);
      const recipients = await repo.studentsMatching(filtersOf(body.filters), MAX_RECIPIENTS + 1);
      checkCount(recipients.length, messaging.noStudents);
      return deliver(
        {
          senderId: staff.id,
          senderRole: 'college-staff',
          senderName: placementCell.member(staff.name),
          filters: describeFilters(body.filters),
          subject: body.subject,
          body: body.body,
        },
        recipients,
        staffValues,
        `${deps.appUrl}${emailLinks.studentProfile}`,
      );
    },
  };
}
export type MessagingService = ReturnType<typeof createMessagingService>;
