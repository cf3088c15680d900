import { and, asc, count, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import { auditLabels } from '@portal/contracts/audit';
import type { Database } from '../../db/client.ts';
import {
  academicChangeRequests,
  accounts,
  applicationEvents,
  applications,
  collegeSettings,
  companies,
  calendarFeeds,
  emailChangeRequests,
  emailChangeTokens,
  internships,
  jobs,
  notifications,
  offers,
  outboxEmails,
  passwordResetTokens,
  projects,
  recordViews,
  sessions,
  studentAuditLog,
  students,
  trustedDevices,
} from '../../db/schema.ts';

const SETTINGS_ID = 1;

/** Audit entries whose old and new values are personal data, cleared on erasure. */
const personalAuditFields = [
  auditLabels.firstName,
  auditLabels.lastName,
  auditLabels.email,
  auditLabels.emailChangeRequested,
  auditLabels.emailChangeApproved,
  auditLabels.emailChangeDeclined,
  auditLabels.emailChangeLostAddress,
  auditLabels.emailChangeSecondApproval,
  auditLabels.emailChangeLinkSent,
  auditLabels.emailChangeVoid,
  auditLabels.phone,
  auditLabels.fathersName,
  auditLabels.mothersName,
  auditLabels.rollNumber,
  auditLabels.placementNote,
  auditLabels.debarReason,
];

/** What erasure writes in place of the personal data; the service decides the values. */
export type Erasure = {
  firstName: string;
  lastName: string;
  email: string;
  actor: { id: string; name: string };
  auditField: string;
  reason: string;
};

/** The facts the erasure rule is decided on, read under the row lock. */
export type ErasureFacts = { status: string; yearOfPassing: number | null; pendingOffers: number };

/** Which students not erased yet have passed in `dueYear` or earlier and have no offer waiting. */
const dueFilter = (dueYear: number) =>
  and(
    ne(accounts.status, 'Erased'),
    lte(students.yearOfPassing, dueYear),
    sql`not exists (select 1 from ${offers} where ${offers.studentId} = ${students.accountId} and ${offers.state} = 'Offered')`,
  );

export function createOwnDataRepo(db: Database) {
  return {
    /** Everything the student's ZIP holds besides the record itself, each list oldest first. */
    async exportRows(studentId: string) {
      const [apps, events, offerRows, notes, views, audit, changes] = await Promise.all([
        db
          .select({
            id: applications.id,
            stage: applications.stage,
            scheduleAt: applications.scheduleAt,
            schedulePlace: applications.schedulePlace,
            packageOffered: applications.packageOffered,
            eligibilitySnapshot: applications.eligibilitySnapshot,
            createdAt: applications.createdAt,
            updatedAt: applications.updatedAt,
            jobId: jobs.id,
            role: jobs.role,
            type: jobs.type,
            jobPackage: jobs.package,
            company: companies.name,
          })
          .from(applications)
          .innerJoin(jobs, eq(jobs.id, applications.jobId))
          .innerJoin(companies, eq(companies.accountId, jobs.companyId))
          .where(eq(applications.studentId, studentId))
          .orderBy(asc(applications.createdAt), asc(applications.id)),
        db
          .select({
            applicationId: applicationEvents.applicationId,
            stage: applicationEvents.stage,
            offerState: applicationEvents.offerState,
            note: applicationEvents.note,
            by: applicationEvents.actorName,
            at: applicationEvents.createdAt,
          })
          .from(applicationEvents)
          .innerJoin(applications, eq(applications.id, applicationEvents.applicationId))
          .where(eq(applications.studentId, studentId))
          .orderBy(asc(applicationEvents.createdAt), asc(applicationEvents.id)),
        db
          .select({
            applicationId: offers.applicationId,
            role: jobs.role,
            company: companies.name,
            package: offers.package,
            tier: offers.tierName,
            policyVersion: offers.policyVersion,
            state: offers.state,
            decideBy: offers.decideBy,
            reason: offers.reason,
            decidedAt: offers.decidedAt,
            createdAt: offers.createdAt,
          })
          .from(offers)
          .innerJoin(jobs, eq(jobs.id, offers.jobId))
          .innerJoin(companies, eq(companies.accountId, jobs.companyId))
          .where(eq(offers.studentId, studentId))
          .orderBy(asc(offers.createdAt)),
        db
          .select({
            sender: notifications.sender,
            title: notifications.title,
            body: notifications.body,
            readAt: notifications.readAt,
            createdAt: notifications.createdAt,
          })
          .from(notifications)
          .where(eq(notifications.accountId, studentId))
          .orderBy(asc(notifications.createdAt)),
        db
          .select({ viewer: recordViews.viewerName, what: recordViews.what, at: recordViews.createdAt })
          .from(recordViews)
          .where(eq(recordViews.studentId, studentId))
          .orderBy(asc(recordViews.createdAt)),
        db
          .select({
            by: studentAuditLog.actorName,
            field: studentAuditLog.field,
            oldValue: studentAuditLog.oldValue,
            newValue: studentAuditLog.newValue,
            at: studentAuditLog.createdAt,
          })
          .from(studentAuditLog)
          .where(eq(studentAuditLog.studentId, studentId))
          .orderBy(asc(studentAuditLog.createdAt)),
        db
          .select({
            oldValues: academicChangeRequests.oldValues,
            newValues: academicChangeRequests.newValues,
            status: academicChangeRequests.status,
            reason: academicChangeRequests.reason,
            decidedBy: academicChangeRequests.decidedByName,
            decidedAt: academicChangeRequests.decidedAt,
            createdAt: academicChangeRequests.createdAt,
          })
          .from(academicChangeRequests)
          .where(eq(academicChangeRequests.studentId, studentId))
          .orderBy(asc(academicChangeRequests.createdAt)),
      ]);
      return { applications: apps, events, offers: offerRows, notifications: notes, views, audit, changes };
    },

    /** The facts the record page shows erasure by, or null when there is no such student. */
    async erasureFacts(studentId: string): Promise<(ErasureFacts & { name: string }) | null> {
      const [row] = await db
        .select({
          status: accounts.status,
          yearOfPassing: students.yearOfPassing,
          firstName: accounts.firstName,
          lastName: accounts.lastName,
          pendingOffers: sql<number>`(select count(*)::int from ${offers} where ${offers.studentId} = ${students.accountId} and ${offers.state} = 'Offered')`,
        })
        .from(students)
        .innerJoin(accounts, eq(accounts.id, students.accountId))
        .where(eq(students.accountId, studentId));
      if (!row) return null;
      const { firstName, lastName, ...facts } = row;
      return { ...facts, name: `${firstName} ${lastName}` };
    },

    /**
     * Erases the student's personal data in one transaction, after `refuse` (the service's rule)
     * found nothing against it in the facts read under the row lock. Returns the storage keys of
     * their files, for the caller to delete once committed; 'missing' or the refusal otherwise.
     */
    async erase(
      studentId: string,
      refuse: (facts: ErasureFacts & { name: string; email: string }) => string | null,
      erasure: Erasure,
    ): Promise<{ files: string[] } | { refused: string } | 'missing'> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({
            status: accounts.status,
            email: accounts.email,
            firstName: accounts.firstName,
            lastName: accounts.lastName,
            profilePicture: accounts.profilePicture,
            yearOfPassing: students.yearOfPassing,
            resume: students.resume,
          })
          .from(students)
          .innerJoin(accounts, eq(accounts.id, students.accountId))
          .where(eq(students.accountId, studentId))
          .for('update');
        if (!row) return 'missing' as const;
        const [pending] = await tx
          .select({ n: count() })
          .from(offers)
          .where(and(eq(offers.studentId, studentId), eq(offers.state, 'Offered')));
        const refusal = refuse({
          status: row.status,
          yearOfPassing: row.yearOfPassing,
          pendingOffers: pending?.n ?? 0,
          name: `${row.firstName} ${row.lastName}`,
          email: row.email,
        });
        if (refusal) return { refused: refusal };

        await tx
          .update(accounts)
          .set({
            firstName: erasure.firstName,
            lastName: erasure.lastName,
            email: erasure.email,
            phone: '',
            profilePicture: '',
            status: 'Erased',
            updatedAt: new Date(),
          })
          .where(eq(accounts.id, studentId));
        await tx
          .update(students)
          .set({
            fathersName: '',
            mothersName: '',
            rollNumber: null,
            resume: '',
            placementNote: '',
            applicationStatus: '',
            debarReason: '',
            debarredUntil: null,
            version: sql`${students.version} + 1`,
          })
          .where(eq(students.accountId, studentId));
        await tx.delete(internships).where(eq(internships.studentId, studentId));
        await tx.delete(projects).where(eq(projects.studentId, studentId));
        await tx.delete(sessions).where(eq(sessions.accountId, studentId));
        await tx.delete(trustedDevices).where(eq(trustedDevices.accountId, studentId));
        await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.accountId, studentId));
        // An email change under way is void: its requests (with their links) and any older link go.
        await tx.delete(emailChangeRequests).where(eq(emailChangeRequests.accountId, studentId));
        await tx.delete(emailChangeTokens).where(eq(emailChangeTokens.accountId, studentId));
        await tx.delete(calendarFeeds).where(eq(calendarFeeds.accountId, studentId));
        await tx.delete(notifications).where(eq(notifications.accountId, studentId));
        // Requests to change verified academic details carry the roll number; none can be decided now.
        await tx.delete(academicChangeRequests).where(eq(academicChangeRequests.studentId, studentId));
        // Emails to the old address, sent or waiting, with whatever body the outbox kept.
        await tx.delete(outboxEmails).where(eq(outboxEmails.recipient, row.email));
        // The student's own steps (applying, accepting an offer) carried their name.
        await tx
          .update(applicationEvents)
          .set({ actorName: `${erasure.firstName} ${erasure.lastName}` })
          .where(eq(applicationEvents.actorId, studentId));
        await tx
          .update(studentAuditLog)
          .set({ oldValue: '', newValue: '' })
          .where(
            and(
              eq(studentAuditLog.studentId, studentId),
              inArray(studentAuditLog.field, personalAuditFields),
            ),
          );
        await tx.insert(studentAuditLog).values({
          studentId,
          actorId: erasure.actor.id,
          actorName: erasure.actor.name,
          field: erasure.auditField,
          oldValue: '',
          newValue: erasure.reason,
        });
        return { files: [row.resume, row.profilePicture].filter((key) => key !== '') };
      });
    },

    async retentionMonths(): Promise<number | null> {
      const [row] = await db
        .select({ retentionMonths: collegeSettings.retentionMonths })
        .from(collegeSettings)
        .where(eq(collegeSettings.id, SETTINGS_ID));
      return row?.retentionMonths ?? null;
    },

    async setRetentionMonths(retentionMonths: number | null, updatedById: string) {
      const set = { retentionMonths, updatedById, updatedAt: new Date() };
      await db
        .insert(collegeSettings)
        .values({ id: SETTINGS_ID, ...set })
        .onConflictDoUpdate({ target: collegeSettings.id, set });
    },

    /** How many students are due under `dueYear`, and the first `shown` of them by year and name. */
    async due(dueYear: number, shown: number) {
      const [total] = await db
        .select({ n: count() })
        .from(students)
        .innerJoin(accounts, eq(accounts.id, students.accountId))
        .where(dueFilter(dueYear));
      const rows = await db
        .select({
          id: students.accountId,
          firstName: accounts.firstName,
          lastName: accounts.lastName,
          rollNumber: students.rollNumber,
          yearOfPassing: students.yearOfPassing,
        })
        .from(students)
        .innerJoin(accounts, eq(accounts.id, students.accountId))
        .where(dueFilter(dueYear))
        .orderBy(
          asc(students.yearOfPassing),
          asc(accounts.firstName),
          asc(accounts.lastName),
          asc(students.accountId),
        )
        .limit(shown);
      return { count: total?.n ?? 0, rows };
    },

    /** The ids of up to `size` due students after `afterId`, in id order (a batch of the bulk erasure). */
    async dueIdsAfter(dueYear: number, afterId: string | null, size: number): Promise<string[]> {
      const rows = await db
        .select({ id: students.accountId })
        .from(students)
        .innerJoin(accounts, eq(accounts.id, students.accountId))
        .where(and(dueFilter(dueYear), afterId === null ? undefined : gt(students.accountId, afterId)))
        .orderBy(asc(students.accountId))
        .limit(size);
      return rows.map((r) => r.id);
    },
  };
}
export type OwnDataRepo = ReturnType<typeof createOwnDataRepo>;
