import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { allowedMoves, needsPackage, needsSchedule, type Stage } from '@portal/contracts/applications';
import { emailLinks } from '@portal/contracts/links';
import { companySender, jobs as jobMessages, pipeline } from '@portal/contracts/messages';
import { bounds } from '@portal/contracts/bounds';
import type {
  ApplicantDetails,
  ApplicantPage,
  ApplicantRow,
  applicantFilter,
  applicantsQuery,
  BulkOutcome,
  BulkRowOutcome,
  bulkMoveBody,
  moveStageBody,
} from '@portal/contracts/pipeline';
import { csvStream, keysetChunks } from '../../lib/csv.ts';
import { AppError, BadRequest, Conflict, NotFound } from '../../lib/errors.ts';
import type { SessionAccount } from '../../plugins/access.ts';
import type { RecordViewsService } from '../record-views/record-views.service.ts';
import type { EmailSettingsReader } from '../email-settings/email-settings.read.ts';
import type { JobsReader } from '../jobs/jobs.read.ts';
import { interviewScheduledEmail, offerMadeEmail, stageChangedEmail } from '../mail/emails.ts';
import type { MailQueue } from '../mail/outbox-queue.ts';
import type { TimelineReader } from '../messaging/messaging.read.ts';
import { withMessages } from '../messaging/timeline.ts';
import type { QueuedEmail } from '../mail/outbox-queue.ts';
import { toOffer, toStageChange } from '../offers/offers.read.ts';
import type { OffersService } from '../offers/offers.service.ts';
import type { Clock } from '../../lib/clock.ts';
import { formatInZone } from '../../lib/time-zone.ts';
import { inviteAttachment, type ScheduledStage, uidHost } from '../calendar/calendar-events.ts';
import type { CollegesService } from '../colleges/colleges.service.ts';
import { collegeOrigin } from '../mail/college-links.ts';
import { type StudentsReader, toStudentProfileForCompany } from '../students/students.read.ts';
import {
  fullyVisibleSql,
  requireStudentsInView,
  visibilityOrRefuse,
} from '../student-visibility/student-visibility.ts';
import { type SeenStudent, studentVisibility, type Viewer } from '@portal/contracts/student-visibility';
import type { PlacedStanding } from '@portal/contracts/placement-policy';
import type { PlacementPolicyService } from '../placement-policy/placement-policy.service.ts';
import type { ApplicantFilter, ApplicantKey, ApplicantOrder, Move, PipelineRepo } from './pipeline.repo.ts';

/** Applicants read per query while a CSV export is sent. */
const CSV_CHUNK = 1_000;

type MoveBody = z.output<typeof moveStageBody>;
type ListQuery = z.output<typeof applicantsQuery>;

/** The table's filters as the repo reads them, with where the viewer sees the record. */
const filterOf = (viewer: SessionAccount, q: z.output<typeof applicantFilter>): ApplicantFilter => ({
  jobId: q.jobId,
  stage: q.stage,
  search: q.search,
  degree: q.degree,
  cgpaMin: q.cgpaMin,
  cgpaMax: q.cgpaMax,
  verified: q.verified === undefined ? undefined : q.verified === 'true',
  year: q.year,
  recordSeen: fullyVisibleSql(viewer),
});

/** Most applicants the previous/next links look through in the table's order. */
const NEIGHBOUR_WINDOW = 2_000;
type Applicant = NonNullable<Awaited<ReturnType<PipelineRepo['findForCompany']>>>;

/**
 * The reason a move is refused, or null when it is allowed: only to a stage `allowedMoves` names
 * (forward through the pipeline, or to Rejected, never out of Offer Letter or Rejected), with the
 * package for an offer; staying put is a reschedule and needs a schedule. The company's form
 * offers and checks the same rules from the contract.
 */
export function refusal(
  from: Stage,
  to: Stage,
  body: Pick<MoveBody, 'schedule' | 'packageOffered'>,
): string | null {
  const moves = allowedMoves(from);
  if (moves.length === 0) return pipeline.finished(from);
  if (body.schedule && !needsSchedule(to)) return pipeline.scheduleNotAllowed;
  if (from === to) return body.schedule ? null : pipeline.backwards(from, to);
  if (!moves.includes(to)) return pipeline.backwards(from, to);
  if (needsPackage(to) && body.packageOffered === undefined) return pipeline.packageRequired;
  return null;
}

export function createPipelineService(deps: {
  pipelineRepo: PipelineRepo;
  studentsReader: Pick<StudentsReader, 'findById'>;
  jobsReader: Pick<JobsReader, 'findWithCompany'>;
  offersService: Pick<OffersService, 'terms' | 'lapseDue'>;
  placementPolicyService: Pick<PlacementPolicyService, 'placedStandings'>;
  recordViewsService: Pick<RecordViewsService, 'record'>;
  emailSettingsReader: Pick<EmailSettingsReader, 'studentContact'>;
  timelineReader: TimelineReader;
  mail: MailQueue;
  appUrl: string;
  /** The student's college: an invite's link leads into it, as the email's own links do. */
  collegesService: Pick<CollegesService, 'byId'>;
  /** Schedules are written in the clock's zone, named beside each time (config TIME_ZONE). */
  clock: Clock;
  /** The address calendar invites name as their organizer (MAIL_FROM's). */
  organizerEmail: string;
}) {
  const { pipelineRepo: repo } = deps;
  const host = uidHost(deps.appUrl);

  /** Whether the company sees an applicant's record, or only their name and stage. */
  const withheld = (viewer: Viewer, student: SeenStudent) =>
    studentVisibility(viewer, student, { applicant: true }) !== 'full';

  /** Each applicant's standing under the placement policy (placed, and whether an offer is forbidden). */
  const standings = (rows: Applicant[]) =>
    deps.placementPolicyService.placedStandings(
      rows.map((a) => ({
        studentId: a.application.studentId,
        job: { package: a.jobPackage, type: a.jobType },
      })),
    );

  const toRow = (viewer: Viewer, a: Applicant, placed: PlacedStanding | null): ApplicantRow => {
    const hidden = withheld(viewer, {
      id: a.application.studentId,
      status: a.status,
      collegeId: a.collegeId,
    });
    return {
      _id: a.application.id,
      jobId: a.application.jobId,
      role: a.role,
      studentId: a.application.studentId,
      name: `${a.firstName} ${a.lastName}`,
      withheld: hidden,
      degrees: hidden ? [] : a.degrees,
      cgpa: hidden ? null : a.cgpa,
      appliedAt: a.application.createdAt.toISOString(),
      stage: a.application.stage,
      placed,
    };
  };

  async function apply(actor: SessionAccount, a: Applicant, body: MoveBody): Promise<boolean> {
    const from = a.application.stage;
    const to = body.stage;
    const schedule = body.schedule ? { at: new Date(body.schedule.at), place: body.schedule.place } : null;
    const scheduledFor = schedule ? formatInZone(schedule.at, deps.clock.timeZone) : '';
    const where = schedule ? ` Scheduled for ${scheduledFor}, ${schedule.place}.` : '';
    // The decide-by date and the placement policy are checked before anything is written.
    const offer =
      needsPackage(to) && body.packageOffered !== undefined
        ? {
            studentId: a.application.studentId,
            jobId: a.application.jobId,
            package: body.packageOffered,
            ...(await deps.offersService.terms(
              a.application.studentId,
              { package: body.packageOffered, type: a.jobType },
              body.decideBy,
            )),
          }
        : undefined;
    // A rejection before a scheduled stage's time calls the calendar entry off (one held already stays).
    const scheduledAt = a.application.scheduleAt;
    const cancels =
      to === 'Rejected' && needsSchedule(from) && scheduledAt !== null && scheduledAt > deps.clock.now()
        ? { at: scheduledAt, place: a.application.schedulePlace }
        : null;
    const move: Move = {
      applicationId: a.application.id,
      from,
      to,
      schedule,
      // Each invite or cancellation sent is one more version of the calendar entry.
      ...(schedule || cancels ? { calendarSequence: a.application.calendarSequence + 1 } : {}),
      // A reschedule stays at its stage: the history gets no new entry.
      event:
        from === to
          ? null
          : {
              applicationId: a.application.id,
              stage: to,
              // The offer's first event: the history shows it as the offer made.
              ...(offer ? { offerState: 'Offered' as const } : {}),
              actorId: actor.id,
              actorName: a.companyName,
            },
      notice: {
        accountId: a.application.studentId,
        sender: companySender(a.companyName),
        title: from === to ? `${to} rescheduled` : to,
        // A schedule is read on the Interview page; anything else, an offer included, on Application Status.
        link: needsSchedule(to) ? emailLinks.studentInterviews : emailLinks.studentApplications,
        body: offer
          ? `Congratulations! ${a.companyName} offers you ${a.role} at ${offer.package} LPA. ` +
            `Please accept or decline it on Application Status by ${offer.decideBy}.`
          : `Your application for ${a.role} at ${a.companyName} is now at ${to}.${where}`,
      },
      email: null,
      ...(offer ? { offer } : {}),
    };
    move.email = await emailAbout(move, a, scheduledFor, cancels);
    return repo.move(move);
  }

  /**
   * The student's email about a move: an interview email when a schedule is given (and wanted),
   * otherwise a stage-change email for a new stage (when wanted).
   */
  async function emailAbout(
    move: Move,
    a: Applicant,
    scheduledFor: string,
    cancels: { at: Date; place: string } | null,
  ): Promise<QueuedEmail | null> {
    const contact = await deps.emailSettingsReader.studentContact(a.application.studentId);
    if (!contact) return null;
    const common = {
      to: contact.email,
      accountId: a.application.studentId,
      firstName: contact.firstName,
      company: a.companyName,
      role: a.role,
    };
    // The email's links are moved to the student's college as it is sent (mail/college-links.ts);
    // the invite's text is folded into lines by then, so its link is written there from the start.
    const origin = collegeOrigin(deps.appUrl, await deps.collegesService.byId(a.collegeId));
    const invite = (stage: ScheduledStage, cancelled: boolean) =>
      inviteAttachment({
        stamp: deps.clock.now(),
        stage,
        host,
        cancelled,
        organizer: { name: companySender(a.companyName), email: deps.organizerEmail },
        attendee: { name: `${a.firstName} ${a.lastName}`, email: contact.email },
        description: cancelled
          ? `Cancelled: your application for ${a.role} at ${a.companyName} was not taken further.`
          : `Your ${stage.stage} with ${a.companyName} for ${a.role}. ${origin}${emailLinks.studentInterviews}`,
      });
    const calendarStage = (at: Date, place: string, stage: Stage): ScheduledStage => ({
      applicationId: a.application.id,
      stage,
      at,
      place,
      sequence: move.calendarSequence ?? a.application.calendarSequence,
      role: a.role,
      company: a.companyName,
    });
    if (move.schedule && contact.interviews) {
      const email = interviewScheduledEmail({
        ...common,
        stage: move.to,
        when: scheduledFor,
        place: move.schedule.place,
        rescheduled: move.from === move.to,
        link: `${deps.appUrl}${emailLinks.studentInterviews}`,
      });
      return {
        ...email,
        attachments: [invite(calendarStage(move.schedule.at, move.schedule.place, move.to), false)],
      };
    }
    if (move.offer && contact.stageChanges) {
      return offerMadeEmail({
        ...common,
        pkg: move.offer.package,
        decideBy: move.offer.decideBy,
        link: `${deps.appUrl}${emailLinks.studentApplications}`,
      });
    }
    // A rejection after a schedule is told (with the cancellation) if either email is wanted.
    if (move.from !== move.to && (contact.stageChanges || (cancels && contact.interviews))) {
      const email = stageChangedEmail({
        ...common,
        stage: move.to,
        detail: move.notice.body,
        link: `${deps.appUrl}${emailLinks.studentApplications}`,
      });
      return cancels
        ? { ...email, attachments: [invite(calendarStage(cancels.at, cancels.place, move.from), true)] }
        : email;
    }
    return null;
  }

  return {
    /** One page of the company's applicants, newest first, and how many match in all. */
    async list(viewer: SessionAccount, query: ListQuery): Promise<ApplicantPage> {
      requireStudentsInView(viewer);
      const companyId = viewer.id;
      await deps.offersService.lapseDue();
      const filter = filterOf(viewer, query);
      const [rows, total] = await Promise.all([
        repo.list(
          companyId,
          filter,
          { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
          { sort: query.sort, order: query.order },
        ),
        repo.count(companyId, filter),
      ]);
      const placed = await standings(rows);
      return { items: rows.map((row, i) => toRow(viewer, row, placed[i] ?? null)), total };
    },

    /**
     * The applicants before and after one in the table's order and filter (the applicant page's
     * previous and next), with its place: looked for among the first NEIGHBOUR_WINDOW matches.
     */
    async neighbours(
      viewer: SessionAccount,
      applicationId: string,
      query: Omit<ListQuery, 'page' | 'pageSize'>,
    ): Promise<{ previous: string | null; next: string | null; position: number; total: number }> {
      requireStudentsInView(viewer);
      const filter = filterOf(viewer, query);
      const order: ApplicantOrder = { sort: query.sort, order: query.order };
      const [ids, total] = await Promise.all([
        repo.idsInOrder(viewer.id, filter, order, NEIGHBOUR_WINDOW),
        repo.count(viewer.id, filter),
      ]);
      const at = ids.indexOf(applicationId);
      if (at < 0) {
        // Outside the filtered window: one of its applicants the filter leaves out, or none of its.
        if (!(await repo.findForCompany(viewer.id, applicationId))) {
          throw new NotFound(pipeline.applicationNotFound);
        }
        return { previous: null, next: null, position: 0, total };
      }
      return { previous: ids[at - 1] ?? null, next: ids[at + 1] ?? null, position: at + 1, total };
    },

    /**
     * An applicant with the student's record, when the company may see it: that look is recorded
     * for the student to see. A withheld record is neither shown nor recorded.
     */
    async details(viewer: SessionAccount, applicationId: string): Promise<ApplicantDetails> {
      requireStudentsInView(viewer);
      await deps.offersService.lapseDue();
      const a = await repo.findForCompany(viewer.id, applicationId);
      if (!a) throw new NotFound(pipeline.applicationNotFound);
      const studentId = a.application.studentId;
      const seen = visibilityOrRefuse(
        viewer,
        { id: studentId, status: a.status, collegeId: a.collegeId },
        { applicant: true },
      );
      if (seen === 'full') await deps.recordViewsService.record(viewer, studentId, 'record');
      const [student, events, sent, [placed]] = await Promise.all([
        seen === 'full' ? deps.studentsReader.findById(studentId) : null,
        repo.events(applicationId),
        deps.timelineReader.timeline([applicationId]),
        standings([a]),
      ]);
      if (seen === 'full' && !student) throw new NotFound(pipeline.applicationNotFound);
      return {
        ...toRow(viewer, a, placed ?? null),
        schedule: a.application.scheduleAt
          ? { at: a.application.scheduleAt.toISOString(), place: a.application.schedulePlace }
          : null,
        packageOffered: a.application.packageOffered,
        history: withMessages(events.map(toStageChange), sent),
        student: student ? toStudentProfileForCompany(student) : null,
        eligibilitySnapshot: a.application.eligibilitySnapshot ?? null,
        offer: a.offer ? toOffer(a.offer) : null,
      };
    },

    /** One move, refused with a message when the pipeline does not allow it. */
    async move(actor: SessionAccount, applicationId: string, body: MoveBody): Promise<string> {
      requireStudentsInView(actor);
      const a = await repo.findForCompany(actor.id, applicationId);
      if (!a) throw new NotFound(pipeline.applicationNotFound);
      const refused = refusal(a.application.stage, body.stage, body);
      if (refused) throw new BadRequest(refused);
      if (!(await apply(actor, a, body))) throw new Conflict(pipeline.changedMeanwhile);
      deps.mail.wake();
      return a.application.stage === body.stage ? pipeline.rescheduled : pipeline.moved(body.stage);
    },

    /**
     * A move entered on a drive day's room board, by the company or by staff for it: the
     * application of the company's job moves as a move of the company's does (the same rules,
     * history, notice, email and live event). `companyId` is the panel's company, which the board
     * checked the actor may act for.
     */
    async moveOnBoard(
      actor: SessionAccount,
      companyId: string,
      applicationId: string,
      to: Stage,
    ): Promise<string> {
      const a = await repo.findForCompany(companyId, applicationId);
      if (!a) throw new NotFound(pipeline.applicationNotFound);
      const body: MoveBody = { stage: to };
      const refused = refusal(a.application.stage, to, body);
      if (refused) throw new BadRequest(refused);
      if (!(await apply(actor, a, body))) throw new Conflict(pipeline.changedMeanwhile);
      deps.mail.wake();
      return pipeline.moved(to);
    },

    /**
     * One move for many applicants (by ids, or every one matching the table's filter), each applied
     * as a single move is (its history, notification, email and calendar entry): one refused (a
     * stage it cannot reach, the placement policy, moved meanwhile) is reported with the reason and
     * the rest go on. More than `bounds.bulkRows` matching the filter are refused before any move.
     */
    async bulk(actor: SessionAccount, body: z.output<typeof bulkMoveBody>): Promise<BulkOutcome> {
      requireStudentsInView(actor);
      const except = new Set(body.exceptIds);
      const ids = body.matching
        ? (
            await repo.idsInOrder(
              actor.id,
              filterOf(actor, body.matching),
              { sort: 'appliedAt', order: 'desc' },
              bounds.bulkRows + 1 + except.size,
            )
          ).filter((id) => !except.has(id))
        : [...new Set(body.applicationIds)];
      if (ids.length === 0) throw new BadRequest(pipeline.bulkEmpty);
      if (ids.length > bounds.bulkRows) throw new BadRequest(pipeline.bulkTooMany(bounds.bulkRows));
      const found = new Map((await repo.findManyForCompany(actor.id, ids)).map((a) => [a.application.id, a]));
      const move: MoveBody = {
        stage: body.stage,
        ...(body.schedule ? { schedule: body.schedule } : {}),
        ...(body.packageOffered !== undefined ? { packageOffered: body.packageOffered } : {}),
        ...(body.decideBy !== undefined ? { decideBy: body.decideBy } : {}),
      };
      const rows: BulkRowOutcome[] = [];
      for (const id of ids) {
        const a = found.get(id);
        if (!a) {
          rows.push({ _id: id, name: '', done: false, message: pipeline.applicationNotFound });
          continue;
        }
        const row = { _id: id, name: `${a.firstName} ${a.lastName}` };
        const refused = refusal(a.application.stage, body.stage, move);
        if (refused) {
          rows.push({ ...row, done: false, message: refused });
          continue;
        }
        try {
          const moved = await apply(actor, a, move);
          rows.push(
            moved
              ? {
                  ...row,
                  done: true,
                  message:
                    a.application.stage === body.stage ? pipeline.rescheduled : pipeline.moved(body.stage),
                }
              : { ...row, done: false, message: pipeline.changedMeanwhile },
          );
        } catch (error) {
          // A refusal with the user's message (the placement policy, an offer's dates) stays on its row.
          if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
          rows.push({ ...row, done: false, message: error.message });
        }
      }
      const done = rows.filter((r) => r.done).length;
      if (done) deps.mail.wake();
      return { summary: pipeline.bulkMoveSummary(done, body.stage, rows.length - done), done, rows };
    },

    /** A job's applicants as CSV, newest first, read CSV_CHUNK at a time as it is sent. */
    async csv(viewer: SessionAccount, jobId: string): Promise<{ csv: Readable; role: string }> {
      requireStudentsInView(viewer);
      const companyId = viewer.id;
      const job = await deps.jobsReader.findWithCompany(jobId);
      if (!job || job.job.companyId !== companyId) throw new NotFound(jobMessages.notFound);
      const read = (after: ApplicantKey | null, size: number) =>
        repo.csvChunkAfter(companyId, jobId, after, size);
      const first = await read(null, CSV_CHUNK);
      type Row = (typeof first)[number];
      const keyOf = (r: Row): ApplicantKey => ({ at: r.at, id: r.id });
      const csv = csvStream(
        ['Name', 'Degrees', 'CGPA', 'Applied on', 'Stage'],
        keysetChunks(read, keyOf, CSV_CHUNK, first),
        (r) => {
          const hidden = withheld(viewer, { id: r.studentId, status: r.status, collegeId: r.collegeId });
          return [
            `${r.firstName} ${r.lastName}`,
            hidden ? '' : r.degrees.join('; '),
            hidden ? null : r.cgpa,
            deps.clock.dateOf(r.createdAt),
            r.stage,
          ];
        },
      );
      return { csv, role: job.job.role };
    },
  };
}
export type PipelineService = ReturnType<typeof createPipelineService>;
