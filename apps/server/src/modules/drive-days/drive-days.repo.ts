import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { currentCollege } from '../../db/college-scope.ts';
import type { Database } from '../../db/client.ts';
import {
  accounts,
  applications,
  companies,
  driveDayCoordinators,
  driveDayInterviews,
  driveDayPanels,
  driveDayRankings,
  driveDayRooms,
  driveDayShortlists,
  driveDays,
  jobs,
  noShows,
  students,
  studentAuditLog,
} from '../../db/schema.ts';
import { enqueueEmails, type QueuedEmail } from '../mail/outbox-queue.ts';
import { publishLiveEach } from '../live/publish.ts';
import { insertNotifications, type NewNotification } from '../notifications/notify.ts';

export type DayRow = typeof driveDays.$inferSelect;
export type PanelRow = typeof driveDayPanels.$inferSelect;
export type NewPanel = typeof driveDayPanels.$inferInsert;
export type NewInterview = typeof driveDayInterviews.$inferInsert;

/** What one write of the service tells: notifications and emails, committed with the change. */
export type Tidings = { notices: NewNotification[]; emails: QueuedEmail[] };

const isUniqueViolation = (error: unknown): boolean => {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return true;
  return false;
};

/** Every query of drive days, rooms, panels, rankings, interviews and the no-show ledger. */
export function createDriveDaysRepo(db: Database) {
  const interviewColumns = {
    id: driveDayInterviews.id,
    driveDayId: driveDayInterviews.driveDayId,
    panelId: driveDayInterviews.panelId,
    slot: driveDayInterviews.slot,
    studentId: driveDayInterviews.studentId,
    applicationId: driveDayInterviews.applicationId,
    startAt: driveDayInterviews.startAt,
    endAt: driveDayInterviews.endAt,
    booked: driveDayInterviews.booked,
    calendarSequence: driveDayInterviews.calendarSequence,
    firstName: accounts.firstName,
    lastName: accounts.lastName,
    email: accounts.email,
    emailInterviews: students.emailInterviews,
    jobId: jobs.id,
    role: jobs.role,
    companyId: jobs.companyId,
    company: companies.name,
    stage: driveDayPanels.stage,
    roomName: driveDayRooms.name,
    onlineLink: driveDayPanels.onlineLink,
    noShowReason: noShows.reason,
    noShowWaived: sql<boolean | null>`${noShows.waivedAt} is not null`,
    applicationStage: applications.stage,
    checkedInAt: driveDayInterviews.checkedInAt,
    checkedInBy: driveDayInterviews.checkedInBy,
    calledInAt: driveDayInterviews.calledInAt,
    calledInBy: driveDayInterviews.calledInBy,
    checkedOutAt: driveDayInterviews.checkedOutAt,
    checkedOutBy: driveDayInterviews.checkedOutBy,
    result: driveDayInterviews.result,
    resultBy: driveDayInterviews.resultBy,
  };
  const interviews = () =>
    db
      .select(interviewColumns)
      .from(driveDayInterviews)
      .innerJoin(driveDayPanels, eq(driveDayPanels.id, driveDayInterviews.panelId))
      .innerJoin(jobs, eq(jobs.id, driveDayPanels.jobId))
      .innerJoin(companies, eq(companies.accountId, jobs.companyId))
      .innerJoin(accounts, eq(accounts.id, driveDayInterviews.studentId))
      .innerJoin(students, eq(students.accountId, driveDayInterviews.studentId))
      .innerJoin(applications, eq(applications.id, driveDayInterviews.applicationId))
      .leftJoin(driveDayRooms, eq(driveDayRooms.id, driveDayPanels.roomId))
      .leftJoin(noShows, eq(noShows.interviewId, driveDayInterviews.id));

  const noShowColumns = {
    id: noShows.id,
    studentId: noShows.studentId,
    firstName: accounts.firstName,
    lastName: accounts.lastName,
    reason: noShows.reason,
    markedByName: noShows.markedByName,
    markedAt: noShows.markedAt,
    waivedReason: noShows.waivedReason,
    waivedByName: noShows.waivedByName,
    waivedAt: noShows.waivedAt,
    role: jobs.role,
    company: companies.name,
    driveDayId: driveDayInterviews.driveDayId,
  };
  const ledger = () =>
    db
      .select(noShowColumns)
      .from(noShows)
      .innerJoin(driveDayInterviews, eq(driveDayInterviews.id, noShows.interviewId))
      .innerJoin(driveDayPanels, eq(driveDayPanels.id, driveDayInterviews.panelId))
      .innerJoin(jobs, eq(jobs.id, driveDayPanels.jobId))
      .innerJoin(companies, eq(companies.accountId, jobs.companyId))
      .innerJoin(accounts, eq(accounts.id, noShows.studentId));

  /**
   * Tells everyone who may be looking at the day's room board that it changed (a `board` live
   * event naming the day): the college's staff, the day's coordinators, the companies with panels
   * on it, and the students with interviews on the panel (every panel of the day when none given),
   * whose "You are next" may have changed.
   */
  const publishBoard = (
    driveDayId: string,
    panelId: string | null,
    executor: Pick<Database, 'execute'> = db,
  ) =>
    publishLiveEach(
      executor,
      sql`select a.id from ${accounts} a
            join ${driveDays} d on d.id = ${driveDayId}::uuid
            where a.role = 'college-staff' and a.college_id = d.college_id
          union
          select c.account_id from ${driveDayCoordinators} c where c.drive_day_id = ${driveDayId}::uuid
          union
          select j.company_id from ${driveDayPanels} p join ${jobs} j on j.id = p.job_id
            where p.drive_day_id = ${driveDayId}::uuid
          union
          select i.student_id from ${driveDayInterviews} i
            where i.drive_day_id = ${driveDayId}::uuid and i.live
              and (${panelId}::uuid is null or i.panel_id = ${panelId}::uuid)`,
      'board',
      { driveDayId },
    );

  return {
    /** The new day with its rooms, or null when a day is already declared on that date. */
    async declare(day: typeof driveDays.$inferInsert, rooms: string[]) {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx.insert(driveDays).values(day).returning();
          if (rooms.length)
            await tx.insert(driveDayRooms).values(rooms.map((name) => ({ driveDayId: row!.id, name })));
          return row!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    async addRooms(driveDayId: string, rooms: string[]) {
      await db
        .insert(driveDayRooms)
        .values(rooms.map((name) => ({ driveDayId, name })))
        .onConflictDoNothing();
    },

    listDays: () =>
      db
        .select()
        .from(driveDays)
        .where(eq(driveDays.collegeId, currentCollege))
        .orderBy(desc(driveDays.date))
        .limit(100),

    async day(id: string) {
      const [row] = await db.select().from(driveDays).where(eq(driveDays.id, id));
      return row ?? null;
    },

    rooms: (driveDayId: string) =>
      db
        .select()
        .from(driveDayRooms)
        .where(eq(driveDayRooms.driveDayId, driveDayId))
        .orderBy(asc(driveDayRooms.name)),

    allRooms: (driveDayIds: string[]) =>
      driveDayIds.length
        ? db
            .select()
            .from(driveDayRooms)
            .where(inArray(driveDayRooms.driveDayId, driveDayIds))
            .orderBy(asc(driveDayRooms.name))
        : Promise.resolve([]),

    async job(jobId: string) {
      const [row] = await db
        .select({ id: jobs.id, companyId: jobs.companyId, role: jobs.role, company: companies.name })
        .from(jobs)
        .innerJoin(companies, eq(companies.accountId, jobs.companyId))
        .where(eq(jobs.id, jobId));
      return row ?? null;
    },

    /** Adds a panel; a previewed allotment no longer holds. */
    async addPanel(panel: NewPanel) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(driveDayPanels).values(panel).returning();
        await tx.update(driveDays).set({ preview: null }).where(eq(driveDays.id, panel.driveDayId));
        return row!;
      });
    },

    updatePanel: (id: string, set: Pick<Partial<NewPanel>, 'closedFrom' | 'delays'>) =>
      db.update(driveDayPanels).set(set).where(eq(driveDayPanels.id, id)),

    /** The day's panels with their job, company and room; of one company when given. */
    panels: (driveDayIds: string[], companyId?: string) =>
      driveDayIds.length === 0
        ? Promise.resolve([])
        : db
            .select({
              panel: driveDayPanels,
              role: jobs.role,
              company: companies.name,
              companyId: jobs.companyId,
              package: jobs.package,
              roomName: driveDayRooms.name,
            })
            .from(driveDayPanels)
            .innerJoin(jobs, eq(jobs.id, driveDayPanels.jobId))
            .innerJoin(companies, eq(companies.accountId, jobs.companyId))
            .leftJoin(driveDayRooms, eq(driveDayRooms.id, driveDayPanels.roomId))
            .where(
              and(
                inArray(driveDayPanels.driveDayId, driveDayIds),
                companyId ? eq(jobs.companyId, companyId) : undefined,
              ),
            )
            .orderBy(
              asc(companies.name),
              asc(jobs.role),
              asc(driveDayPanels.startMinute),
              asc(driveDayPanels.id),
            ),

    /**
     * The applications at `stage` of each job, with the company's order on the day (null when not
     * ordered) and the student's name.
     */
    candidates: (driveDayId: string, processes: { jobId: string; stage: PanelRow['stage'] }[]) =>
      processes.length === 0
        ? Promise.resolve([])
        : db
            .select({
              applicationId: applications.id,
              studentId: applications.studentId,
              jobId: applications.jobId,
              stage: applications.stage,
              firstName: accounts.firstName,
              lastName: accounts.lastName,
              position: driveDayShortlists.position,
              appliedAt: applications.createdAt,
            })
            .from(applications)
            .innerJoin(accounts, eq(accounts.id, applications.studentId))
            .leftJoin(
              driveDayShortlists,
              and(
                eq(driveDayShortlists.applicationId, applications.id),
                eq(driveDayShortlists.driveDayId, driveDayId),
              ),
            )
            .where(
              sql`(${applications.jobId}, ${applications.stage}::text) in (${sql.join(
                processes.map((p) => sql`(${p.jobId}::uuid, ${p.stage}::text)`),
                sql`, `,
              )})`,
            )
            .orderBy(
              asc(applications.jobId),
              sql`${driveDayShortlists.position} asc nulls last`,
              asc(applications.createdAt),
              asc(applications.id),
            ),

    /** The applications of one student at an interview stage of these jobs. */
    studentApplications: (studentId: string, jobIds: string[]) =>
      jobIds.length === 0
        ? Promise.resolve([])
        : db
            .select({ id: applications.id, jobId: applications.jobId, stage: applications.stage })
            .from(applications)
            .where(and(eq(applications.studentId, studentId), inArray(applications.jobId, jobIds))),

    async saveShortlist(driveDayId: string, applicationIds: string[], all: string[]) {
      await db.transaction(async (tx) => {
        if (all.length)
          await tx
            .delete(driveDayShortlists)
            .where(
              and(
                eq(driveDayShortlists.driveDayId, driveDayId),
                inArray(driveDayShortlists.applicationId, all),
              ),
            );
        if (applicationIds.length)
          await tx
            .insert(driveDayShortlists)
            .values(
              applicationIds.map((applicationId, position) => ({ driveDayId, applicationId, position })),
            );
        await tx.update(driveDays).set({ preview: null }).where(eq(driveDays.id, driveDayId));
      });
    },

    rankings: (driveDayId: string, studentId?: string) =>
      db
        .select()
        .from(driveDayRankings)
        .where(
          and(
            eq(driveDayRankings.driveDayId, driveDayId),
            studentId ? eq(driveDayRankings.studentId, studentId) : undefined,
          ),
        )
        .orderBy(asc(driveDayRankings.studentId), asc(driveDayRankings.rank)),

    async saveRanking(driveDayId: string, studentId: string, applicationIds: string[], at: Date) {
      await db.transaction(async (tx) => {
        await tx
          .delete(driveDayRankings)
          .where(and(eq(driveDayRankings.driveDayId, driveDayId), eq(driveDayRankings.studentId, studentId)));
        await tx.insert(driveDayRankings).values(
          applicationIds.map((applicationId, rank) => ({
            driveDayId,
            studentId,
            applicationId,
            rank,
            updatedAt: at,
          })),
        );
        await tx.update(driveDays).set({ preview: null }).where(eq(driveDays.id, driveDayId));
      });
    },

    setPreview: (driveDayId: string, preview: unknown) =>
      db.update(driveDays).set({ preview }).where(eq(driveDays.id, driveDayId)),

    /** The live interviews of these days (or of one student, or of one company's panels). */
    interviews: (where: { driveDayIds?: string[]; studentId?: string; companyId?: string; id?: string }) =>
      interviews()
        .where(
          and(
            eq(driveDayInterviews.live, true),
            where.driveDayIds ? inArray(driveDayInterviews.driveDayId, where.driveDayIds) : undefined,
            where.studentId ? eq(driveDayInterviews.studentId, where.studentId) : undefined,
            where.companyId ? eq(jobs.companyId, where.companyId) : undefined,
            where.id ? eq(driveDayInterviews.id, where.id) : undefined,
          ),
        )
        .orderBy(asc(driveDayInterviews.startAt), asc(driveDayInterviews.panelId)),

    /** Application rows the calendar entries continue from (their invite sequence). */
    applicationSequences: (ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select({ id: applications.id, calendarSequence: applications.calendarSequence })
            .from(applications)
            .where(inArray(applications.id, ids)),

    /**
     * Writes a published or re-allotted day in one transaction: the interviews that end (`ended`),
     * the new ones, each application's schedule (so the Interview page and calendar feeds show it),
     * the day's state and every notice and email about it.
     */
    async writeDay(p: {
      driveDayId: string;
      set: Partial<typeof driveDays.$inferInsert>;
      ended: string[];
      added: NewInterview[];
      schedules: { applicationId: string; at: Date | null; place: string; sequence: number }[];
      tidings: Tidings;
    }) {
      await db.transaction(async (tx) => {
        if (Object.keys(p.set).length)
          await tx.update(driveDays).set(p.set).where(eq(driveDays.id, p.driveDayId));
        if (p.ended.length)
          await tx
            .update(driveDayInterviews)
            .set({ live: false })
            .where(inArray(driveDayInterviews.id, p.ended));
        if (p.added.length) await tx.insert(driveDayInterviews).values(p.added);
        for (const s of p.schedules)
          await tx
            .update(applications)
            .set({ scheduleAt: s.at, schedulePlace: s.place, calendarSequence: s.sequence })
            .where(eq(applications.id, s.applicationId));
        await insertNotifications(tx, p.tidings.notices);
        await enqueueEmails(tx, p.tidings.emails);
      });
    },

    /** Live interviews of a panel (taken slots), for booking. */
    panelTaken: (panelIds: string[]) =>
      panelIds.length === 0
        ? Promise.resolve([])
        : db
            .select({
              panelId: driveDayInterviews.panelId,
              slot: driveDayInterviews.slot,
              applicationId: driveDayInterviews.applicationId,
            })
            .from(driveDayInterviews)
            .where(and(eq(driveDayInterviews.live, true), inArray(driveDayInterviews.panelId, panelIds))),

    /**
     * Books a slot: the student's earlier booking on the day for the application ends and the new
     * one is inserted in one transaction; the unique index on live (panel, slot) decides between
     * students booking at the same moment. Null when the slot was taken.
     */
    async book(p: {
      interview: NewInterview;
      schedule: { at: Date; place: string; sequence: number };
      tidings: Tidings;
    }) {
      try {
        return await db.transaction(async (tx) => {
          await tx
            .update(driveDayInterviews)
            .set({ live: false })
            .where(
              and(
                eq(driveDayInterviews.driveDayId, p.interview.driveDayId),
                eq(driveDayInterviews.applicationId, p.interview.applicationId),
                eq(driveDayInterviews.live, true),
              ),
            );
          const [row] = await tx
            .insert(driveDayInterviews)
            .values(p.interview)
            .returning({ id: driveDayInterviews.id });
          await tx
            .update(applications)
            .set({
              scheduleAt: p.schedule.at,
              schedulePlace: p.schedule.place,
              calendarSequence: p.schedule.sequence,
            })
            .where(eq(applications.id, p.interview.applicationId));
          await insertNotifications(tx, p.tidings.notices);
          await enqueueEmails(tx, p.tidings.emails);
          return row!.id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    publishBoard,

    /** Writes a no-show; null when the interview already has one. */
    async markNoShow(row: typeof noShows.$inferInsert, tidings: Tidings) {
      try {
        return await db.transaction(async (tx) => {
          const [written] = await tx.insert(noShows).values(row).returning();
          await insertNotifications(tx, tidings.notices);
          const [i] = await tx
            .select({ driveDayId: driveDayInterviews.driveDayId, panelId: driveDayInterviews.panelId })
            .from(driveDayInterviews)
            .where(eq(driveDayInterviews.id, row.interviewId));
          if (i) await publishBoard(i.driveDayId, i.panelId, tx);
          return written!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    ledger: (where: { studentId?: string; since?: Date; id?: string } = {}) =>
      ledger()
        .where(
          and(
            where.studentId ? eq(noShows.studentId, where.studentId) : undefined,
            where.since ? gte(noShows.markedAt, where.since) : undefined,
            where.id ? eq(noShows.id, where.id) : undefined,
          ),
        )
        .orderBy(desc(noShows.markedAt))
        .limit(500),

    /** The student's account status and debarment, as the penalty reads and writes them. */
    async standing(studentId: string) {
      const [row] = await db
        .select({
          status: accounts.status,
          debarReason: students.debarReason,
          debarredUntil: students.debarredUntil,
        })
        .from(students)
        .innerJoin(accounts, eq(accounts.id, students.accountId))
        .where(eq(students.accountId, studentId));
      return row ?? null;
    },

    /**
     * Sets (or lifts, with `debarment` null) the student's debarment, marks a no-show waived when
     * given, and keeps each change in the student's audit log.
     */
    async setDebarment(p: {
      studentId: string;
      /** Undefined: the debarment stays as it is. */
      debarment?: { reason: string; until: string } | null;
      waive?: { id: string; reason: string; byId: string; byName: string; at: Date };
      audit: { field: string; oldValue: string; newValue: string }[];
      actor: { id: string | null; name: string };
      tidings: Tidings;
    }) {
      await db.transaction(async (tx) => {
        if (p.waive)
          await tx
            .update(noShows)
            .set({
              waivedReason: p.waive.reason,
              waivedById: p.waive.byId,
              waivedByName: p.waive.byName,
              waivedAt: p.waive.at,
            })
            .where(eq(noShows.id, p.waive.id));
        if (p.debarment !== undefined) {
          await tx
            .update(accounts)
            .set({ status: p.debarment ? 'Debarred' : 'Allowed' })
            .where(eq(accounts.id, p.studentId));
          await tx
            .update(students)
            .set({ debarReason: p.debarment?.reason ?? '', debarredUntil: p.debarment?.until ?? null })
            .where(eq(students.accountId, p.studentId));
        }
        if (p.audit.length)
          await tx.insert(studentAuditLog).values(
            p.audit.map((a) => ({
              ...a,
              studentId: p.studentId,
              actorId: p.actor.id,
              actorName: p.actor.name,
            })),
          );
        await insertNotifications(tx, p.tidings.notices);
      });
    },
  };
}
export type DriveDaysRepo = ReturnType<typeof createDriveDaysRepo>;
