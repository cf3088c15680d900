import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, min, sql } from 'drizzle-orm';
import { maxWaiting } from '@portal/contracts/events';
import type { Database } from '../../db/client.ts';
import { currentCollege } from '../../db/college-scope.ts';
import {
  accounts,
  applications,
  companies,
  driveDayCoordinators,
  driveDays,
  eventRegistrations,
  events,
  jobColleges,
  jobs,
  students,
} from '../../db/schema.ts';
import { enqueueEmailEach, enqueueEmails, type QueuedEmail } from '../mail/outbox-queue.ts';
import { publishLiveEach } from '../live/publish.ts';
import { insertNotifications, type Notice, notifyEach } from '../notifications/notify.ts';

export type EventRow = typeof events.$inferSelect;
export type NewEvent = typeof events.$inferInsert;

/** What an event's registered and waiting students are told of a change: a notice and an email each. */
export type EventTidings = { notice: Notice; email: Omit<QueuedEmail, 'to' | 'accountId'> };

/** At most this many events in a list (staff's, a company's, the candidates a student's is chosen from). */
const LIST_LIMIT = 200;

const countOf = (condition: ReturnType<typeof sql>) =>
  sql<number>`(select count(*)::int from ${eventRegistrations}
    where ${eventRegistrations.eventId} = ${events.id} and ${condition})`;

/** An event with its job's role and company, and how many registered, wait and attended. */
const eventColumns = {
  event: events,
  role: jobs.role,
  company: companies.name,
  requiredToApply: sql<boolean>`coalesce(${jobs.requiredEventId} = ${events.id}, false)`,
  registered: countOf(sql`${eventRegistrations.status} = 'registered'`),
  waiting: countOf(sql`${eventRegistrations.status} = 'waiting'`),
  attended: countOf(sql`${eventRegistrations.attendedAt} is not null`),
};
export type EventListRow = {
  event: EventRow;
  role: string | null;
  company: string | null;
  requiredToApply: boolean;
  registered: number;
  waiting: number;
  attended: number;
};

/** A notice and an email to each student registered or waiting at the event, in one statement each. */
async function tellStudents(tx: Pick<Database, 'execute'>, eventId: string, tell: EventTidings) {
  await notifyEach(
    tx,
    sql`select ${eventRegistrations.studentId} from ${eventRegistrations}
        where ${eventRegistrations.eventId} = ${eventId}::uuid`,
    tell.notice,
  );
  await enqueueEmailEach(
    tx,
    sql`select ${accounts.id}, ${accounts.email} from ${eventRegistrations}
        join ${accounts} on ${accounts.id} = ${eventRegistrations.studentId}
        where ${eventRegistrations.eventId} = ${eventId}::uuid`,
    tell.email,
  );
}

/**
 * The events' queries. `dateOf` is the clock's day of an instant (config TIME_ZONE): the drive day an
 * event falls on, whose coordinators hear of its changes.
 */
export function createEventsRepo(db: Database, { dateOf }: { dateOf: (at: Date) => string }) {
  /**
   * Who hears that an event's registrations, attendance or details changed (an `event` live event
   * naming it), the one rule: those who may have its page or its door open. Its college's staff,
   * the company that made it, and the coordinators of that company on the event's day (their door
   * list; a move tells those of the day it left too, `movedFrom`). No one else: not its students
   * (their notifications tell them), not another company's coordinators, not another college.
   */
  const publishEventChange = async (
    tx: Pick<Database, 'select' | 'execute'>,
    eventId: string,
    movedFrom?: Date,
  ) => {
    const [event] = await tx.select({ startsAt: events.startsAt }).from(events).where(eq(events.id, eventId));
    if (!event) return;
    const days = [...new Set([event.startsAt, movedFrom].flatMap((at) => (at ? [dateOf(at)] : [])))];
    await publishLiveEach(
      tx,
      sql`select a.id from ${accounts} a join ${events} e on e.id = ${eventId}::uuid
            where a.role = 'college-staff' and a.college_id = e.college_id
          union
          select e.company_id from ${events} e where e.id = ${eventId}::uuid and e.company_id is not null
          union
          select c.account_id from ${driveDayCoordinators} c
            join ${driveDays} d on d.id = c.drive_day_id
            join ${events} e on e.id = ${eventId}::uuid
              and e.college_id = d.college_id and e.company_id = any(c.company_ids)
            where d.date in (${sql.join(
              days.map((day) => sql`${day}::date`),
              sql`, `,
            )})`,
      'event',
      { eventId },
    );
  };

  const listed = () =>
    db
      .select(eventColumns)
      .from(events)
      .leftJoin(jobs, eq(jobs.id, events.jobId))
      .leftJoin(companies, eq(companies.accountId, jobs.companyId));

  return {
    /** A job with its company and the first college it is posted to; null when there is no such job. */
    async job(jobId: string) {
      const [row] = await db
        .select({
          job: jobs,
          company: companies.name,
          collegeId: min(jobColleges.collegeId),
        })
        .from(jobs)
        .innerJoin(companies, eq(companies.accountId, jobs.companyId))
        .leftJoin(jobColleges, eq(jobColleges.jobId, jobs.id))
        .where(eq(jobs.id, jobId))
        .groupBy(jobs.id, companies.name);
      return row ?? null;
    },

    /** The open jobs posted to the request's college, by company and role. */
    collegeJobs: () =>
      db
        .select({ id: jobs.id, role: jobs.role, company: companies.name })
        .from(jobs)
        .innerJoin(
          jobColleges,
          and(eq(jobColleges.jobId, jobs.id), eq(jobColleges.collegeId, currentCollege)),
        )
        .innerJoin(companies, eq(companies.accountId, jobs.companyId))
        .where(eq(jobs.status, 'Open'))
        .orderBy(asc(companies.name), asc(jobs.role))
        .limit(500),

    /** Whether the job is posted to the college. */
    async jobPostedTo(jobId: string, collegeId: number) {
      const [row] = await db
        .select({ jobId: jobColleges.jobId })
        .from(jobColleges)
        .where(and(eq(jobColleges.jobId, jobId), eq(jobColleges.collegeId, collegeId)));
      return row !== undefined;
    },

    /** Inserts the event and, when `required`, makes its job require attending it, in one transaction. */
    async create(values: NewEvent, required: boolean): Promise<EventRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(events).values(values).returning();
        if (required && values.jobId) {
          await tx.update(jobs).set({ requiredEventId: row!.id }).where(eq(jobs.id, values.jobId));
        }
        return row!;
      });
    },

    /** The events of the request's college (staff), soonest first. */
    collegeEvents: () =>
      listed().where(eq(events.collegeId, currentCollege)).orderBy(desc(events.startsAt)).limit(LIST_LIMIT),

    /** A company's events, soonest first. */
    companyEvents: (companyId: string) =>
      listed().where(eq(events.companyId, companyId)).orderBy(desc(events.startsAt)).limit(LIST_LIMIT),

    async find(id: string): Promise<EventListRow | null> {
      const [row] = await listed().where(eq(events.id, id));
      return row ?? null;
    },

    /**
     * The events of the student's college that have not ended, each with what deciding whether it is
     * open to them reads: the job's criteria, whether their application to it is at the event's
     * stage, their registration and, when waiting, how many wait before them.
     */
    async studentCandidates(studentId: string, now: Date) {
      const mine = sql`${eventRegistrations.eventId} = ${events.id} and ${eventRegistrations.studentId} = ${studentId}`;
      return db
        .select({
          ...eventColumns,
          job: jobs,
          atStage: sql<boolean>`exists (select 1 from ${applications}
            where ${applications.jobId} = ${events.jobId} and ${applications.studentId} = ${studentId}
              and ${applications.stage} = ${events.stage})`,
          myStatus: sql<
            'registered' | 'waiting' | null
          >`(select ${eventRegistrations.status} from ${eventRegistrations} where ${mine})`,
          myAttendedAt: sql<
            string | null
          >`(select ${eventRegistrations.attendedAt}::text from ${eventRegistrations} where ${mine})`,
          ahead: sql<number>`(select count(*)::int from ${eventRegistrations} ahead
            where ahead.event_id = ${events.id} and ahead.status = 'waiting'
              and ahead.seq < (select r.seq from ${eventRegistrations} r
                where r.event_id = ${events.id} and r.student_id = ${studentId}))`,
        })
        .from(events)
        .leftJoin(jobs, eq(jobs.id, events.jobId))
        .leftJoin(companies, eq(companies.accountId, jobs.companyId))
        .where(
          and(
            eq(
              events.collegeId,
              sql`(select ${students.collegeId} from ${students} where ${students.accountId} = ${studentId})`,
            ),
            gt(events.endsAt, now),
          ),
        )
        .orderBy(asc(events.startsAt))
        .limit(LIST_LIMIT);
    },

    /** Whether the student's application to the job is at the stage now. */
    async atStage(studentId: string, jobId: string, stage: string) {
      const [row] = await db
        .select({ id: applications.id })
        .from(applications)
        .where(
          and(
            eq(applications.studentId, studentId),
            eq(applications.jobId, jobId),
            sql`${applications.stage} = ${stage}`,
          ),
        );
      return row !== undefined;
    },

    async registration(eventId: string, studentId: string) {
      const [row] = await db
        .select()
        .from(eventRegistrations)
        .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.studentId, studentId)));
      return row ?? null;
    },

    /**
     * Registers the student, or puts them on the waiting list when the places are taken. The event's
     * row is locked first, so two students asking for the last place at once get one each way.
     * Null when the student is already registered or waiting; `full` when the waiting list is too.
     */
    async register(eventId: string, studentId: string, at: Date) {
      return db.transaction(async (tx) => {
        const [event] = await tx
          .select({ capacity: events.capacity })
          .from(events)
          .where(eq(events.id, eventId))
          .for('update');
        if (!event) return null;
        const [taken] = await tx
          .select({
            registered: sql<number>`count(*) filter (where ${eventRegistrations.status} = 'registered')::int`,
            waiting: sql<number>`count(*) filter (where ${eventRegistrations.status} = 'waiting')::int`,
            mine: sql<number>`count(*) filter (where ${eventRegistrations.studentId} = ${studentId})::int`,
          })
          .from(eventRegistrations)
          .where(eq(eventRegistrations.eventId, eventId));
        if (taken!.mine > 0) return null;
        const status = taken!.registered < event.capacity ? 'registered' : 'waiting';
        if (status === 'waiting' && taken!.waiting >= maxWaiting) return 'full' as const;
        await tx.insert(eventRegistrations).values({ eventId, studentId, status, registeredAt: at });
        await publishEventChange(tx, eventId);
        return { status, position: status === 'waiting' ? taken!.waiting + 1 : null } as const;
      });
    },

    /**
     * Cancels the student's registration unless their attendance is recorded; when they held a place,
     * the first on the waiting list takes it and is told (the notice, and the email addressed here to
     * their sign-in email), and the event's managers' pages are told of the change, in the same
     * transaction. Resolves to what happened: `none` (not registered), `attended`, or `cancelled`
     * with whom it promoted.
     */
    async cancel(
      eventId: string,
      studentId: string,
      tell: { notice: Notice; email: Omit<QueuedEmail, 'to' | 'accountId'> },
    ) {
      return db.transaction(async (tx) => {
        await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('update');
        const [own] = await tx
          .select()
          .from(eventRegistrations)
          .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.studentId, studentId)));
        if (!own) return { outcome: 'none' } as const;
        if (own.attendedAt) return { outcome: 'attended' } as const;
        await tx.delete(eventRegistrations).where(eq(eventRegistrations.id, own.id));
        await publishEventChange(tx, eventId);
        if (own.status !== 'registered') return { outcome: 'cancelled', promoted: null } as const;
        const [next] = await tx
          .select({
            id: eventRegistrations.id,
            studentId: eventRegistrations.studentId,
            email: accounts.email,
          })
          .from(eventRegistrations)
          .innerJoin(accounts, eq(accounts.id, eventRegistrations.studentId))
          .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.status, 'waiting')))
          .orderBy(asc(eventRegistrations.seq))
          .limit(1);
        if (!next) return { outcome: 'cancelled', promoted: null } as const;
        await tx
          .update(eventRegistrations)
          .set({ status: 'registered' })
          .where(eq(eventRegistrations.id, next.id));
        await insertNotifications(tx, [{ ...tell.notice, accountId: next.studentId }]);
        await enqueueEmails(tx, [{ ...tell.email, to: next.email, accountId: next.studentId }]);
        return { outcome: 'cancelled', promoted: next.studentId } as const;
      });
    },

    /**
     * Changes the event's time and place, if it is not cancelled, and tells its registered and
     * waiting students (none when `tell` is null: nothing they would notice changed), in one
     * transaction. A change they are told of also raises the calendar sequence, in the same
     * statement, so an imported invite takes the new time. False when it was cancelled meanwhile.
     */
    async update(
      eventId: string,
      set: Pick<NewEvent, 'startsAt' | 'endsAt' | 'place' | 'onlineLink'>,
      tell: EventTidings | null,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        // The day it leaves: that day's coordinators drop it from their door.
        const [before] = await tx
          .select({ startsAt: events.startsAt })
          .from(events)
          .where(eq(events.id, eventId))
          .for('update');
        const [changed] = await tx
          .update(events)
          .set(tell ? { ...set, calendarSequence: sql`${events.calendarSequence} + 1` } : set)
          .where(and(eq(events.id, eventId), isNull(events.cancelledAt)))
          .returning({ id: events.id });
        if (!changed) return false;
        if (tell) {
          await tellStudents(tx, eventId, tell);
          await publishEventChange(tx, eventId, before?.startsAt);
        }
        return true;
      });
    },

    /**
     * Cancels the event (once: `cancelled` false when it already was; its calendar sequence goes
     * up in the same statement, so calendars drop the entry), releases the job that
     * required it (`released`: a talk that will not happen cannot be attended) and tells its
     * registered and waiting students, in one transaction.
     */
    async cancelEvent(
      eventId: string,
      at: Date,
      tell: EventTidings,
    ): Promise<{ cancelled: boolean; released: boolean }> {
      return db.transaction(async (tx) => {
        const [cancelled] = await tx
          .update(events)
          .set({ cancelledAt: at, calendarSequence: sql`${events.calendarSequence} + 1` })
          .where(and(eq(events.id, eventId), isNull(events.cancelledAt)))
          .returning({ id: events.id });
        if (!cancelled) return { cancelled: false, released: false };
        const released = await tx
          .update(jobs)
          .set({ requiredEventId: null })
          .where(eq(jobs.requiredEventId, eventId))
          .returning({ id: jobs.id });
        await tellStudents(tx, eventId, tell);
        await publishEventChange(tx, eventId);
        return { cancelled: true, released: released.length > 0 };
      });
    },

    /** Registrations with names and roll numbers: places first, then the waiting list, each in order. */
    registrations: (eventId: string) =>
      db
        .select({
          studentId: eventRegistrations.studentId,
          firstName: accounts.firstName,
          lastName: accounts.lastName,
          rollNumber: students.rollNumber,
          status: eventRegistrations.status,
          registeredAt: eventRegistrations.registeredAt,
          attendedAt: eventRegistrations.attendedAt,
        })
        .from(eventRegistrations)
        .innerJoin(accounts, eq(accounts.id, eventRegistrations.studentId))
        .innerJoin(students, eq(students.accountId, eventRegistrations.studentId))
        .where(eq(eventRegistrations.eventId, eventId))
        .orderBy(asc(eventRegistrations.status), asc(eventRegistrations.seq)),

    /**
     * Records the student's attendance once: only a registered student not yet recorded is updated,
     * so two scans at once record one; a recorded attendance tells the event's managers' pages in
     * its transaction. Resolves to the row as it now is, and whether this call wrote it.
     */
    async recordAttendance(eventId: string, studentId: string, at: Date, byId: string) {
      const where = and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.studentId, studentId));
      const written = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(eventRegistrations)
          .set({ attendedAt: at, attendanceById: byId })
          .where(
            and(where, eq(eventRegistrations.status, 'registered'), isNull(eventRegistrations.attendedAt)),
          )
          .returning();
        if (row) await publishEventChange(tx, eventId);
        return row;
      });
      if (written) return { row: written, written: true };
      const [row] = await db.select().from(eventRegistrations).where(where);
      return { row: row ?? null, written: false };
    },

    /** The companies the account coordinates on the drive day of this date (none when it coordinates none). */
    async coordinatedCompanies(accountId: string, date: string): Promise<string[]> {
      const rows = await db
        .select({ companyIds: driveDayCoordinators.companyIds })
        .from(driveDayCoordinators)
        .innerJoin(driveDays, eq(driveDays.id, driveDayCoordinators.driveDayId))
        .where(and(eq(driveDayCoordinators.accountId, accountId), eq(driveDays.date, date)));
      return [...new Set(rows.flatMap((r) => r.companyIds))];
    },

    /** The request's college's events of these companies starting in [from, to), not cancelled, soonest first. */
    companyEventsStarting: (companyIds: string[], from: Date, to: Date) =>
      listed()
        .where(
          and(
            eq(events.collegeId, currentCollege),
            inArray(events.companyId, companyIds),
            gte(events.startsAt, from),
            lt(events.startsAt, to),
            isNull(events.cancelledAt),
          ),
        )
        .orderBy(asc(events.startsAt))
        .limit(LIST_LIMIT),

    async studentName(studentId: string) {
      const [row] = await db
        .select({ firstName: accounts.firstName, lastName: accounts.lastName })
        .from(accounts)
        .where(eq(accounts.id, studentId));
      return row ? `${row.firstName} ${row.lastName}` : null;
    },
  };
}
export type EventsRepo = ReturnType<typeof createEventsRepo>;
