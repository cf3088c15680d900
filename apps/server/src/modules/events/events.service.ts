import {
  type AttendanceCode,
  codeLifetimeMs,
  type CreateEventBody,
  type EventDetail,
  type EventJobChoice,
  type PlacementEvent,
  type ScanResult,
  type StudentEvent,
  type UpdateEventBody,
} from '@portal/contracts/events';
import { events as messages, placementCell } from '@portal/contracts/messages';
import { emailLinks } from '@portal/contracts/links';
import type { Clock } from '../../lib/clock.ts';
import { toCsv } from '../../lib/csv.ts';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors.ts';
import { writeCalendar } from '../../lib/icalendar.ts';
import { formatInZone } from '../../lib/time-zone.ts';
import type { SessionAccount } from '../../plugins/access.ts';
import { uidHost } from '../calendar/calendar-events.ts';
import { criteriaCause, type JobCriteria } from '../eligibility/eligibility.ts';
import type { JobsService } from '../jobs/jobs.service.ts';
import type {
  PlacementPolicyService,
  StudentApplyContext,
} from '../placement-policy/placement-policy.service.ts';
import { readCode, signCode } from './attendance-codes.ts';
import { eventCancelledEmail, eventChangedEmail, eventPlaceEmail } from '../mail/emails.ts';
import type { MailQueue } from '../mail/outbox-queue.ts';
import { eventCalendarEntry } from './events.read.ts';
import type { EventListRow, EventRow, EventsRepo } from './events.repo.ts';

/** A code signed this far in the server's future is not one it made (clocks of two instances may differ a little). */
const FUTURE_SKEW_MS = 5_000;

const nameOf = (r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`;

const toEvent = (r: EventListRow): PlacementEvent => ({
  ...toCommon(r),
  registered: r.registered,
  waiting: r.waiting,
  attended: r.attended,
});

function toCommon(r: Omit<EventListRow, 'registered' | 'waiting' | 'attended'>) {
  const e = r.event;
  return {
    id: e.id,
    kind: e.kind,
    title: e.title,
    description: e.description,
    startsAt: e.startsAt.toISOString(),
    endsAt: e.endsAt.toISOString(),
    place: e.place,
    onlineLink: e.onlineLink,
    capacity: e.capacity,
    audience: e.audience,
    jobId: e.jobId,
    job: r.role && r.company ? `${r.role} at ${r.company}` : null,
    stage: e.stage,
    requiredToApply: r.requiredToApply,
    organiser: e.companyId ? (r.company ?? placementCell.sender) : placementCell.sender,
    cancelledAt: e.cancelledAt?.toISOString() ?? null,
  };
}

export function createEventsService(deps: {
  eventsRepo: EventsRepo;
  placementPolicyService: Pick<PlacementPolicyService, 'applyContext'>;
  /** A job that comes to require its talk changes what the vacancy lists say. */
  jobsService: Pick<JobsService, 'openJobsChanged'>;
  clock: Clock;
  /** Wakes the mail worker once a promotion's email is queued. */
  mail: MailQueue;
  appUrl: string;
  /** The key that signs attendance codes (config ATTENDANCE_CODE_SECRET). */
  codeSecret: string;
}) {
  const { eventsRepo: repo, clock } = deps;
  const host = uidHost(deps.appUrl);
  const when = (at: Date) => formatInZone(at, clock.timeZone);
  const whereOf = (e: Pick<EventRow, 'place' | 'onlineLink'>) =>
    [e.place, e.onlineLink].filter(Boolean).join(', ');
  const eventsLink = `${deps.appUrl}${emailLinks.studentEvents}`;

  /** The event as its owner may still change it: neither cancelled nor over. */
  async function changeableEvent(actor: SessionAccount, id: string): Promise<EventListRow> {
    const row = await ownedEvent(actor, id);
    if (row.event.cancelledAt) throw new Conflict(messages.isCancelled);
    if (row.event.endsAt <= clock.now()) throw new Conflict(messages.ended);
    return row;
  }

  /** The event if this staff member's college or this company holds it; 404 otherwise. */
  async function ownedEvent(actor: SessionAccount, id: string): Promise<EventListRow> {
    const row = await repo.find(id);
    const own =
      row &&
      (actor.role === 'company' ? row.event.companyId === actor.id : row.event.collegeId === actor.collegeId);
    if (!own) throw new NotFound(messages.notFound);
    return row;
  }

  /**
   * Records attendance from a scanned code, for whoever may scan at the event (checked by the
   * caller): signed by this server, for this event, at most 30 s old; once.
   */
  async function recordScan(actor: SessionAccount, id: string, code: string): Promise<ScanResult> {
    const facts = readCode(deps.codeSecret, code);
    const now = clock.now();
    if (!facts || facts.issuedAt > now.getTime() + FUTURE_SKEW_MS) throw new BadRequest(messages.codeForged);
    if (facts.eventId !== id) throw new BadRequest(messages.codeOtherEvent);
    if (now.getTime() - facts.issuedAt > codeLifetimeMs) throw new BadRequest(messages.codeExpired);
    const { row, written } = await repo.recordAttendance(id, facts.studentId, now, actor.id);
    if (!row || row.status !== 'registered') throw new Conflict(messages.codeNotRegistered);
    const student = (await repo.studentName(facts.studentId)) ?? '';
    return written
      ? { outcome: 'recorded', student, text: messages.recorded(student) }
      : {
          outcome: 'alreadyRecorded',
          student,
          text: messages.alreadyRecorded(student, when(row.attendedAt!)),
        };
  }

  /** Whether the event is open to the student: its audience is the college, the job's eligible students or a stage's applicants. */
  async function openTo(
    student: Pick<SessionAccount, 'id' | 'collegeId'>,
    event: EventRow,
    job: JobCriteria | null,
    known: { atStage?: boolean; context?: () => Promise<StudentApplyContext | null> } = {},
  ): Promise<boolean> {
    if (event.collegeId !== student.collegeId) return false;
    if (event.audience === 'college') return true;
    if (event.audience === 'stage') {
      return (
        known.atStage ?? (event.jobId !== null && (await repo.atStage(student.id, event.jobId, event.stage!)))
      );
    }
    if (!job) return false;
    const context = await (known.context ?? (() => deps.placementPolicyService.applyContext(student.id)))();
    return context !== null && criteriaCause(job, context.student, context.settings) === null;
  }

  /** The event as the student may reach it: 404 when it does not exist or is not open to them (unless they hold a registration). */
  async function studentEvent(student: SessionAccount, id: string) {
    const row = await repo.find(id);
    if (!row || row.event.collegeId !== student.collegeId) throw new NotFound(messages.notFound);
    const registration = await repo.registration(id, student.id);
    if (!registration) {
      const job = row.event.jobId ? await repo.job(row.event.jobId) : null;
      if (!(await openTo(student, row.event, job?.job ?? null))) throw new NotFound(messages.notFound);
    }
    return { row, registration };
  }

  return {
    /** The college's open jobs, for staff to make an event for one. */
    jobs: (): Promise<EventJobChoice[]> => repo.collegeJobs(),

    async list(actor: SessionAccount): Promise<PlacementEvent[]> {
      const rows = actor.role === 'company' ? await repo.companyEvents(actor.id) : await repo.collegeEvents();
      return rows.map(toEvent);
    },

    async create(actor: SessionAccount, body: CreateEventBody): Promise<PlacementEvent> {
      const startsAt = new Date(body.startsAt);
      if (startsAt < clock.now()) throw new BadRequest(messages.startsInPast);
      let collegeId = actor.collegeId;
      if (body.jobId) {
        const job = await repo.job(body.jobId);
        if (!job) throw new BadRequest(messages.jobNotFound);
        if (actor.role === 'company') {
          if (job.job.companyId !== actor.id) throw new BadRequest(messages.notYourJob);
          collegeId = job.collegeId;
        } else if (collegeId === null || !(await repo.jobPostedTo(body.jobId, collegeId))) {
          throw new BadRequest(messages.jobNotFound);
        }
      } else if (actor.role === 'company') {
        throw new BadRequest(messages.jobRequired);
      }
      if (collegeId === null) throw new BadRequest(messages.jobNotFound);
      const row = await repo.create(
        {
          collegeId,
          kind: body.kind,
          title: body.title,
          description: body.description ?? '',
          startsAt,
          endsAt: new Date(body.endsAt),
          place: body.place,
          onlineLink: body.onlineLink,
          capacity: body.capacity,
          audience: body.audience,
          jobId: body.jobId,
          stage: body.audience === 'stage' ? body.stage : null,
          companyId: actor.role === 'company' ? actor.id : null,
          createdById: actor.id,
          createdByName: actor.name,
        },
        body.requiredToApply,
      );
      if (body.requiredToApply) deps.jobsService.openJobsChanged();
      return toEvent((await repo.find(row.id))!);
    },

    /**
     * Moves the event to another time or place; its registered and waiting students are told (a
     * notification and an email each) when either changed.
     */
    async update(actor: SessionAccount, id: string, body: UpdateEventBody): Promise<PlacementEvent> {
      const row = await changeableEvent(actor, id);
      const { event } = row;
      const startsAt = new Date(body.startsAt);
      const endsAt = new Date(body.endsAt);
      const timeChanged =
        startsAt.getTime() !== event.startsAt.getTime() || endsAt.getTime() !== event.endsAt.getTime();
      if (timeChanged && startsAt < clock.now()) throw new BadRequest(messages.startsInPast);
      const set = { startsAt, endsAt, place: body.place, onlineLink: body.onlineLink };
      const changed = timeChanged || set.place !== event.place || set.onlineLink !== event.onlineLink;
      const tell = changed
        ? {
            notice: {
              sender: event.companyId ? (row.company ?? placementCell.sender) : placementCell.sender,
              title: messages.changedTitle,
              body: messages.changedBody(event.title, when(startsAt), whereOf(set)),
              link: emailLinks.studentEvents,
            },
            email: eventChangedEmail({
              title: event.title,
              when: when(startsAt),
              where: whereOf(set),
              link: eventsLink,
            }),
          }
        : null;
      if (!(await repo.update(id, set, tell))) throw new Conflict(messages.isCancelled);
      if (tell) deps.mail.wake();
      return toEvent((await repo.find(id))!);
    },

    /** Cancels the event: registration closes and its registered and waiting students are told. */
    async cancelEvent(actor: SessionAccount, id: string): Promise<string> {
      const row = await changeableEvent(actor, id);
      const { event } = row;
      const cancelled = await repo.cancelEvent(id, clock.now(), {
        notice: {
          sender: event.companyId ? (row.company ?? placementCell.sender) : placementCell.sender,
          title: messages.cancelledTitle,
          body: messages.cancelledBody(event.title, when(event.startsAt)),
          link: emailLinks.studentEvents,
        },
        email: eventCancelledEmail({ title: event.title, when: when(event.startsAt), link: eventsLink }),
      });
      if (!cancelled.cancelled) throw new Conflict(messages.isCancelled);
      // The job no longer requires its talk: the vacancy lists read the open jobs' shared copy.
      if (cancelled.released) deps.jobsService.openJobsChanged();
      deps.mail.wake();
      return messages.eventCancelled;
    },

    async detail(actor: SessionAccount, id: string): Promise<EventDetail> {
      const row = await ownedEvent(actor, id);
      const registrations = await repo.registrations(id);
      return {
        event: toEvent(row),
        registrations: registrations.map((r) => ({
          studentId: r.studentId,
          student: nameOf(r),
          rollNumber: r.rollNumber,
          status: r.status,
          registeredAt: r.registeredAt.toISOString(),
          attendedAt: r.attendedAt?.toISOString() ?? null,
        })),
      };
    },

    /** The registrations and attendance as CSV, with the event's title for the file name. */
    async csv(actor: SessionAccount, id: string): Promise<{ csv: string; title: string }> {
      const row = await ownedEvent(actor, id);
      const registrations = await repo.registrations(id);
      const csv = toCsv(
        ['Name', 'Roll number', 'Status', 'Registered at', 'Attended', 'Attended at'],
        registrations.map((r) => [
          nameOf(r),
          r.rollNumber,
          r.status === 'registered' ? 'Registered' : 'Waiting list',
          when(r.registeredAt),
          r.attendedAt ? 'Yes' : 'No',
          r.attendedAt ? when(r.attendedAt) : '',
        ]),
      );
      return { csv, title: row.event.title };
    },

    /** The events open to the student (and any they registered for) that have not ended. */
    async studentList(student: SessionAccount): Promise<StudentEvent[]> {
      const rows = await repo.studentCandidates(student.id, clock.now());
      // The student's facts are read once, and only if an event is for a job's eligible students.
      let facts: Promise<StudentApplyContext | null> | undefined;
      const context = () => (facts ??= deps.placementPolicyService.applyContext(student.id));
      const list: StudentEvent[] = [];
      for (const r of rows) {
        if (
          r.myStatus === null &&
          (r.event.cancelledAt !== null ||
            !(await openTo(student, r.event, r.job, { atStage: r.atStage, context })))
        ) {
          continue;
        }
        list.push({
          ...toCommon(r),
          full: r.registered >= r.event.capacity,
          mine:
            r.myStatus === null
              ? null
              : {
                  status: r.myStatus,
                  position: r.myStatus === 'waiting' ? r.ahead + 1 : null,
                  attendedAt: r.myAttendedAt === null ? null : new Date(r.myAttendedAt).toISOString(),
                },
        });
      }
      return list;
    },

    async register(student: SessionAccount, id: string): Promise<string> {
      const { row, registration } = await studentEvent(student, id);
      if (registration) throw new Conflict(messages.alreadyRegistered);
      if (row.event.cancelledAt) throw new Conflict(messages.isCancelled);
      if (row.event.endsAt <= clock.now()) throw new Conflict(messages.ended);
      const result = await repo.register(id, student.id, clock.now());
      if (!result) throw new Conflict(messages.alreadyRegistered);
      if (result === 'full') throw new Conflict(messages.waitingFull);
      return result.status === 'registered' ? messages.registered : messages.waiting(result.position!);
    },

    async cancel(student: SessionAccount, id: string): Promise<string> {
      const { row } = await studentEvent(student, id);
      const result = await repo.cancel(id, student.id, {
        notice: {
          sender: placementCell.sender,
          title: messages.promotedTitle,
          body: messages.promotedBody(row.event.title, when(row.event.startsAt)),
          link: emailLinks.studentEvents,
        },
        email: eventPlaceEmail({
          title: row.event.title,
          when: when(row.event.startsAt),
          where: whereOf(row.event),
          link: eventsLink,
        }),
      });
      if (result.outcome === 'none') throw new NotFound(messages.notRegistered);
      if (result.outcome === 'attended') throw new Conflict(messages.attendedCannotCancel);
      if (result.promoted) deps.mail.wake();
      return messages.cancelled;
    },

    /** A freshly signed code for the student's QR; the phone asks again every 30 seconds. */
    async code(student: SessionAccount, id: string): Promise<AttendanceCode> {
      const { row, registration } = await studentEvent(student, id);
      if (!registration) throw new NotFound(messages.notRegistered);
      if (row.event.cancelledAt) throw new Conflict(messages.isCancelled);
      if (registration.status !== 'registered') throw new Conflict(messages.notConfirmed);
      const now = clock.now();
      if (row.event.endsAt <= now) throw new Conflict(messages.ended);
      return {
        code: signCode(deps.codeSecret, { eventId: id, studentId: student.id, issuedAt: now.getTime() }),
        issuedAt: now.toISOString(),
      };
    },

    /** Records attendance from a scanned code: signed by this server, for this event, at most 30 s old. */
    async scan(actor: SessionAccount, id: string, code: string): Promise<ScanResult> {
      await ownedEvent(actor, id);
      return recordScan(actor, id, code);
    },

    /** Today's events (not cancelled) of the companies the coordinator coordinates today. */
    async coordinatorEvents(actor: SessionAccount): Promise<PlacementEvent[]> {
      const companies = await repo.coordinatedCompanies(actor.id, clock.today());
      if (companies.length === 0) return [];
      const rows = await repo.companyEventsStarting(companies, clock.startOfToday(), clock.startOfTomorrow());
      return rows.map(toEvent);
    },

    /**
     * A drive day's coordinator records attendance as the event's owner would, at an event of a
     * company their assignment names, on the day they coordinate, that day only. Another college's
     * event is a 404; an event outside their companies or day a 403 saying so.
     */
    async coordinatorScan(actor: SessionAccount, id: string, code: string): Promise<ScanResult> {
      const row = await repo.find(id);
      if (!row || row.event.collegeId !== actor.collegeId) throw new NotFound(messages.notFound);
      const today = clock.today();
      const { companyId, startsAt } = row.event;
      if (
        companyId === null ||
        clock.dateOf(startsAt) !== today ||
        !(await repo.coordinatedCompanies(actor.id, today)).includes(companyId)
      ) {
        throw new Forbidden(messages.notCoordinatorsEvent);
      }
      return recordScan(actor, id, code);
    },

    /**
     * The event as a calendar file ("Add to calendar"), for a student who holds a place at it. The
     * same UID each time with the event's sequence, so importing it again after a move updates the
     * entry; once cancelled it is METHOD:CANCEL, the entry STATUS:CANCELLED, as the pipeline's
     * cancellations are.
     */
    async invite(student: SessionAccount, id: string): Promise<string> {
      const { row, registration } = await studentEvent(student, id);
      if (registration?.status !== 'registered') throw new NotFound(messages.notRegistered);
      const entry = eventCalendarEntry(row.event, host);
      return writeCalendar({
        method: entry.cancelled ? 'CANCEL' : 'PUBLISH',
        stamp: clock.now(),
        events: [entry],
      });
    },
  };
}
export type EventsService = ReturnType<typeof createEventsService>;
