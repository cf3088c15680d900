import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { OfferState } from '@portal/contracts/offers';
import type { AuditChange } from '@portal/contracts/audit';
import type { Stage } from '@portal/contracts/applications';
import type { Database } from '../../db/client.ts';
import {
  accounts,
  applicationEvents,
  applications,
  companies,
  jobs,
  offers,
  studentAuditLog,
  students,
} from '../../db/schema.ts';
import { publishStageChanges } from '../live/publish.ts';
import { insertNotifications, type NewNotification } from '../notifications/notify.ts';
import { acceptedOffersOf } from './offers.read.ts';

export type OfferRow = typeof offers.$inferSelect;
export type Placement = { isPlaced: boolean; placedCompany: string; packageOffered: number | null };
export type OfferEvent = {
  applicationId: string;
  stage: Stage;
  offerState: OfferState;
  note: string;
  actor: { id: string | null; name: string };
};

/** An offer with what the rules and the notices need: the job, its company and the student. */
const describedColumns = {
  offer: offers,
  stage: applications.stage,
  role: jobs.role,
  jobType: jobs.type,
  companyId: jobs.companyId,
  company: companies.name,
  studentFirstName: accounts.firstName,
  studentLastName: accounts.lastName,
};

/** The queries an offer's change runs, on the database or inside one transaction. */
function queries(db: Database) {
  const described = () =>
    db
      .select(describedColumns)
      .from(offers)
      .innerJoin(applications, eq(applications.id, offers.applicationId))
      .innerJoin(jobs, eq(jobs.id, offers.jobId))
      .innerJoin(companies, eq(companies.accountId, jobs.companyId))
      .innerJoin(accounts, eq(accounts.id, offers.studentId));

  return {
    /** The students' Accepted offers (offers.read.ts), read inside the change's transaction. */
    acceptedFor: (studentIds: string[]) => acceptedOffersOf(db, studentIds),

    /** The application's offer, described; null when it has none. */
    async find(applicationId: string) {
      const [row] = await described().where(eq(offers.applicationId, applicationId));
      return row ?? null;
    },

    async describe(offerIds: string[]) {
      if (offerIds.length === 0) return [];
      return described().where(inArray(offers.id, offerIds));
    },

    /**
     * Holds the student's row until the transaction ends (two decisions of one student run one
     * after the other) and returns their placement record as it stands.
     */
    async lockStudent(studentId: string): Promise<Placement | null> {
      const [row] = await db
        .select({
          isPlaced: students.isPlaced,
          placedCompany: students.placedCompany,
          packageOffered: students.packageOffered,
        })
        .from(students)
        .where(eq(students.accountId, studentId))
        .for('update');
      return row ?? null;
    },

    /** What the placement policy reads about a student besides their offers. */
    async policyFacts(studentId: string) {
      const [row] = await db
        .select({
          status: accounts.status,
          debarReason: students.debarReason,
          debarredUntil: students.debarredUntil,
          verified: sql<boolean>`${students.academicsVerifiedAt} is not null`,
        })
        .from(students)
        .innerJoin(accounts, eq(accounts.id, students.accountId))
        .where(eq(students.accountId, studentId));
      return row ?? null;
    },

    /** The student's Accepted offers with the company of each, the highest package first. */
    acceptedWithCompany(studentId: string) {
      return db
        .select({ package: offers.package, company: companies.name })
        .from(offers)
        .innerJoin(jobs, eq(jobs.id, offers.jobId))
        .innerJoin(companies, eq(companies.accountId, jobs.companyId))
        .where(and(eq(offers.studentId, studentId), eq(offers.state, 'Accepted')))
        .orderBy(desc(offers.package), asc(offers.decidedAt), asc(offers.id));
    },

    /** Moves the offer from `from` to `to`; false when it was no longer at `from`. */
    async setState(offerId: string, from: OfferState, to: OfferState, reason: string, at: Date) {
      const rows = await db
        .update(offers)
        .set({ state: to, ...(reason ? { reason } : {}), decidedAt: at })
        .where(and(eq(offers.id, offerId), eq(offers.state, from)))
        .returning({ id: offers.id });
      return rows.length > 0;
    },

    async stateOf(offerId: string): Promise<OfferState | null> {
      const [row] = await db.select({ state: offers.state }).from(offers).where(eq(offers.id, offerId));
      return row?.state ?? null;
    },

    /** Every offer still Offered after its decide-by date becomes Lapsed, once: the ids of those it moved. */
    async lapse(today: string, at: Date) {
      const rows = await db
        .update(offers)
        .set({ state: 'Lapsed', decidedAt: at })
        .where(and(eq(offers.state, 'Offered'), lt(offers.decideBy, today)))
        .returning({ id: offers.id });
      return rows.map((r) => r.id);
    },

    /** Whether any offer is due to lapse (a cheap look on the partial index before a transaction). */
    async anyDue(today: string) {
      const [row] = await db
        .select({ id: offers.id })
        .from(offers)
        .where(and(eq(offers.state, 'Offered'), lt(offers.decideBy, today)))
        .limit(1);
      return row !== undefined;
    },

    async addEvents(events: OfferEvent[]) {
      if (events.length === 0) return;
      await db.insert(applicationEvents).values(
        events.map((e) => ({
          applicationId: e.applicationId,
          stage: e.stage,
          offerState: e.offerState,
          note: e.note,
          actorId: e.actor.id,
          actorName: e.actor.name,
        })),
      );
      await publishStageChanges(db, [...new Set(events.map((e) => e.applicationId))]);
    },

    /** Writes the placement record with its audit rows (the record's version moves on). */
    async setPlacement(
      studentId: string,
      placement: Placement,
      changes: AuditChange[],
      actor: { id: string | null; name: string },
    ) {
      await db
        .update(students)
        .set({ ...placement, version: sql`${students.version} + 1` })
        .where(eq(students.accountId, studentId));
      if (changes.length === 0) return;
      await db
        .insert(studentAuditLog)
        .values(changes.map((c) => ({ ...c, studentId, actorId: actor.id, actorName: actor.name })));
    },

    notify: (rows: NewNotification[]) => insertNotifications(db, rows),
  };
}
export type OfferQueries = ReturnType<typeof queries>;

export function createOffersRepo(db: Database) {
  const q = queries(db);
  return {
    find: (applicationId: string) => q.find(applicationId),
    anyDue: (today: string) => q.anyDue(today),
    policyFacts: (studentId: string) => q.policyFacts(studentId),
    /** Runs `work` in one transaction, with the queries bound to it. */
    transaction<T>(work: (tx: OfferQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(queries(tx as unknown as Database)));
    },
  };
}
export type OffersRepo = ReturnType<typeof createOffersRepo>;
