import { DEFAULT_ROLL_NUMBER_FORMAT } from '@portal/contracts/students';
import { currentCollege } from '../../db/college-scope.ts';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AuditChange } from '@portal/contracts/audit';
import type { ChangeRequestStatus, CollegeSettings } from '@portal/contracts/academic-records';
import type { AcademicValues } from '@portal/contracts/students';
import type { Database } from '../../db/client.ts';
import {
  academicChangeRequests,
  accounts,
  collegeSettings,
  studentAuditLog,
  students,
} from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { insertNotifications, type NewNotification } from '../notifications/notify.ts';
import { enqueueEmails, type QueuedEmail } from '../mail/outbox-queue.ts';

type Actor = { id: string; name: string };

/** Who verified the academic details and when, written to the student's row. */
export type VerificationStamp = { at: Date; byId: string; byName: string };

export type Decision = {
  requestId: string;
  studentId: string;
  status: Exclude<ChangeRequestStatus, 'Pending'>;
  reason: string;
  actor: Actor;
  /** When the decision is made (the service's clock). */
  at: Date;
  /** The student's values when the decision was made: what an approval replaced. */
  oldValues: AcademicValues;
  /** Set for an approval: the new values go onto the record if it is still at `version`. */
  apply: {
    version: number;
    values: AcademicValues;
    stamp: VerificationStamp;
    changes: AuditChange[];
  } | null;
  notice: NewNotification;
  email: QueuedEmail | null;
};

/** Thrown inside a transaction to roll it back and report why. */
class Refused extends Error {
  constructor(readonly outcome: 'stale' | 'decided') {
    super(outcome);
  }
}

const stamped = (stamp: VerificationStamp) => ({
  academicsVerifiedAt: stamp.at,
  academicsVerifiedById: stamp.byId,
  academicsVerifiedByName: stamp.byName,
});

const settingsColumns = {
  requireVerifiedAcademics: collegeSettings.requireVerifiedAcademics,
  rollNumberFormat: collegeSettings.rollNumberFormat,
};

export function createAcademicRecordsRepo(db: Database) {
  const pendingOf = (studentId: string) =>
    and(eq(academicChangeRequests.studentId, studentId), eq(academicChangeRequests.status, 'Pending'));

  return {
    async settings(): Promise<CollegeSettings> {
      const [row] = await db
        .select(settingsColumns)
        .from(collegeSettings)
        .where(eq(collegeSettings.id, currentCollege));
      return row ?? { requireVerifiedAcademics: false, rollNumberFormat: DEFAULT_ROLL_NUMBER_FORMAT };
    },

    async saveSettings(values: CollegeSettings, actorId: string): Promise<CollegeSettings> {
      const set = { ...values, updatedById: actorId, updatedAt: sql`now()` };
      const [row] = await db
        .insert(collegeSettings)
        .values({ id: currentCollege, ...set })
        .onConflictDoUpdate({ target: collegeSettings.id, set })
        .returning(settingsColumns);
      return row!;
    },

    /** The academic facts of a student, with what a change must check: version and verification. */
    async academicsOf(studentId: string) {
      const [row] = await db
        .select({
          email: accounts.email,
          firstName: accounts.firstName,
          lastName: accounts.lastName,
          version: students.version,
          verifiedAt: students.academicsVerifiedAt,
          rollNumber: students.rollNumber,
          degrees: students.degrees,
          collegeName: students.collegeName,
          cgpa: students.cgpa,
          yearOfPassing: students.yearOfPassing,
        })
        .from(students)
        .innerJoin(accounts, eq(accounts.id, students.accountId))
        .where(eq(students.accountId, studentId));
      return row ?? null;
    },

    async pendingFor(studentId: string) {
      const [row] = await db.select().from(academicChangeRequests).where(pendingOf(studentId));
      return row ?? null;
    },

    /**
     * A student's own change to unverified academic details, with its audit rows, if the record is
     * still at `version` and unverified. Any change request still waiting is withdrawn: the record
     * now holds what the student wants. 'stale' when the record changed in between.
     */
    async applyStudentEdit(
      studentId: string,
      version: number,
      values: AcademicValues,
      changes: AuditChange[],
      actor: Actor,
    ): Promise<'ok' | 'stale'> {
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(students)
          .set({ ...values, version: sql`${students.version} + 1` })
          .where(
            and(
              eq(students.accountId, studentId),
              eq(students.version, version),
              isNull(students.academicsVerifiedAt),
            ),
          )
          .returning({ id: students.accountId });
        if (updated.length === 0) return 'stale' as const;
        if (changes.length > 0) {
          await tx
            .insert(studentAuditLog)
            .values(changes.map((c) => ({ ...c, studentId, actorId: actor.id, actorName: actor.name })));
        }
        await tx.delete(academicChangeRequests).where(pendingOf(studentId));
        return 'ok' as const;
      });
    },

    /**
     * Files a change to verified academic details, replacing the one waiting (a new id, so a
     * decision about the replaced one cannot apply values staff never saw). 'stale' when the
     * record changed in between or another change was filed at the same moment.
     */
    async requestChange(
      studentId: string,
      version: number,
      oldValues: AcademicValues,
      newValues: AcademicValues,
    ): Promise<'ok' | 'stale'> {
      try {
        return await db.transaction(async (tx) => {
          const [held] = await tx
            .select({ id: students.accountId })
            .from(students)
            .where(and(eq(students.accountId, studentId), eq(students.version, version)))
            .for('update');
          if (!held) return 'stale' as const;
          await tx.delete(academicChangeRequests).where(pendingOf(studentId));
          await tx.insert(academicChangeRequests).values({ studentId, oldValues, newValues });
          return 'ok' as const;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'stale';
        throw error;
      }
    },

    /** Drops the student's waiting change request, if any (they went back to the current values). */
    async withdrawPending(studentId: string) {
      await db.delete(academicChangeRequests).where(pendingOf(studentId));
    },

    /** One page of requests in a status with their students: waiting ones oldest first, decided newest first. */
    async page(status: ChangeRequestStatus, page: number, pageSize: number) {
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            request: academicChangeRequests,
            firstName: accounts.firstName,
            lastName: accounts.lastName,
            email: accounts.email,
            current: {
              rollNumber: students.rollNumber,
              degrees: students.degrees,
              collegeName: students.collegeName,
              cgpa: students.cgpa,
              yearOfPassing: students.yearOfPassing,
            },
          })
          .from(academicChangeRequests)
          .innerJoin(accounts, eq(accounts.id, academicChangeRequests.studentId))
          .innerJoin(students, eq(students.accountId, academicChangeRequests.studentId))
          .where(eq(academicChangeRequests.status, status))
          .orderBy(
            status === 'Pending'
              ? asc(academicChangeRequests.createdAt)
              : desc(academicChangeRequests.decidedAt),
            asc(academicChangeRequests.id),
          )
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db
          .select({ n: count() })
          .from(academicChangeRequests)
          .where(eq(academicChangeRequests.status, status)),
      ]);
      return { rows, total: counted?.n ?? 0 };
    },

    async find(requestId: string) {
      const [row] = await db
        .select()
        .from(academicChangeRequests)
        .where(eq(academicChangeRequests.id, requestId));
      return row ?? null;
    },

    /**
     * Records a decision in one transaction: only if the request is still Pending (two staff
     * deciding at once: one wins), with, for an approval, the new values on the record (if it is
     * still at the version read), its audit rows and the verification stamp; then the student's
     * notification and email. 'decided' when someone decided first, 'stale' when the record changed.
     */
    async decide(d: Decision): Promise<'ok' | 'stale' | 'decided'> {
      try {
        await db.transaction(async (tx) => {
          const decided = await tx
            .update(academicChangeRequests)
            .set({
              status: d.status,
              reason: d.reason,
              oldValues: d.oldValues,
              decidedById: d.actor.id,
              decidedByName: d.actor.name,
              decidedAt: d.at,
            })
            .where(
              and(eq(academicChangeRequests.id, d.requestId), eq(academicChangeRequests.status, 'Pending')),
            )
            .returning({ id: academicChangeRequests.id });
          if (decided.length === 0) throw new Refused('decided');
          if (d.apply) {
            const applied = await tx
              .update(students)
              .set({ ...d.apply.values, ...stamped(d.apply.stamp), version: sql`${students.version} + 1` })
              .where(and(eq(students.accountId, d.studentId), eq(students.version, d.apply.version)))
              .returning({ id: students.accountId });
            if (applied.length === 0) throw new Refused('stale');
            if (d.apply.changes.length > 0) {
              await tx.insert(studentAuditLog).values(
                d.apply.changes.map((c) => ({
                  ...c,
                  studentId: d.studentId,
                  actorId: d.actor.id,
                  actorName: d.actor.name,
                })),
              );
            }
          }
          await insertNotifications(tx, [d.notice]);
          if (d.email) await enqueueEmails(tx, [d.email]);
        });
        return 'ok';
      } catch (error) {
        if (error instanceof Refused) return error.outcome;
        throw error;
      }
    },
  };
}
export type AcademicRecordsRepo = ReturnType<typeof createAcademicRecordsRepo>;
