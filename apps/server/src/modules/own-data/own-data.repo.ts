import {
  and,
  asc,
  count,
  eq,
  gt,
  inArray,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { currentCollege } from '../../db/college-scope.ts';
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
  messageRecipients,
  messages,
  notifications,
  offers,
  outboxEmails,
  passwordResetTokens,
  projects,
  recordViews,
  sessions,
  studentAuditLog,
  studentImports,
  students,
  trustedDevices,
} from '../../db/schema.ts';

/** Audit entries that record the student's names, and their sign-in addresses. */
const nameFields = [auditLabels.firstName, auditLabels.lastName];
const addressFields = [auditLabels.email, auditLabels.emailChangeRequested];

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

/** What the portal holds of the names and addresses a student had, read under the row lock. */
export type NameHistory = {
  firstName: string;
  lastName: string;
  /** Every first and last name the audit log holds for them (staff corrections, imports). */
  firstNames: string[];
  lastNames: string[];
  /** The names their own steps were signed with (applying, answering an offer, their own edits). */
  signedAs: string[];
};

/** A message the student received, as stored: its template and what it was filled with. */
export type ReceivedMessage = {
  subject: string;
  body: string;
  company: string;
  jobRole: string;
  stage: string | null;
};

/** What erasure writes in place of the personal data; the service decides the values. */
export type Erasure = {
  firstName: string;
  lastName: string;
  email: string;
  /** What stands where others' texts named the student. */
  formerName: string;
  /** The full names to look for in others' texts, longest first. */
  namesOf: (history: NameHistory) => string[];
  /** A message the student received, filled again for the erased account. */
  refill: (message: ReceivedMessage) => { subject: string; body: string };
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

        // Every address and name the student had, before the rows that record them are cleared.
        const tokens = await tx
          .select({ email: emailChangeTokens.newEmail })
          .from(emailChangeTokens)
          .where(eq(emailChangeTokens.accountId, studentId));
        const audited = await tx
          .select({
            field: studentAuditLog.field,
            oldValue: studentAuditLog.oldValue,
            newValue: studentAuditLog.newValue,
          })
          .from(studentAuditLog)
          .where(
            and(
              eq(studentAuditLog.studentId, studentId),
              inArray(studentAuditLog.field, [...nameFields, ...addressFields]),
            ),
          );
        const signed = await tx
          .selectDistinct({ name: applicationEvents.actorName })
          .from(applicationEvents)
          .where(eq(applicationEvents.actorId, studentId))
          .union(
            tx
              .selectDistinct({ name: studentAuditLog.actorName })
              .from(studentAuditLog)
              .where(eq(studentAuditLog.actorId, studentId)),
          );
        const valuesOf = (fields: readonly string[]) =>
          audited.filter((a) => fields.includes(a.field)).flatMap((a) => [a.oldValue, a.newValue]);
        const addresses = [
          ...new Set(
            [row.email, ...tokens.map((t) => t.email), ...valuesOf(addressFields)].map((a) =>
              a.toLowerCase(),
            ),
          ),
        ].filter((a) => a !== '');
        const names = erasure.namesOf({
          firstName: row.firstName,
          lastName: row.lastName,
          firstNames: valuesOf([auditLabels.firstName]),
          lastNames: valuesOf([auditLabels.lastName]),
          signedAs: signed.map((s) => s.name),
        });
        /** `text` with every name replaced (bound values, nested `replace` calls). */
        const renamed = (text: SQLWrapper) =>
          names.reduce<SQL>(
            (inner, name) => sql`replace(${inner}, ${name}, ${erasure.formerName})`,
            sql`${text}`,
          );
        const naming = (...texts: SQLWrapper[]) =>
          or(sql`false`, ...texts.flatMap((text) => names.map((name) => sql`strpos(${text}, ${name}) > 0`)));

        await tx
          .update(accounts)
          .set({
            firstName: erasure.firstName,
            lastName: erasure.lastName,
            email: erasure.email,
            phone: '',
            profilePicture: '',
            // An empty hash never verifies (lib/passwords.ts): no password is kept.
            passwordHash: '',
            status: 'Erased',
            updatedAt: sql`now()`,
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
        // Emails to the student, sent or waiting, to whichever address (rows queued before emails
        // kept their account are found by every address the student had).
        await tx
          .delete(outboxEmails)
          .where(
            or(
              eq(outboxEmails.accountId, studentId),
              and(isNull(outboxEmails.accountId), inArray(outboxEmails.recipient, addresses)),
            ),
          );
        // Others' emails and notifications that named the student ("<name> applied for Analyst.").
        await tx
          .update(outboxEmails)
          .set({ subject: renamed(outboxEmails.subject), body: renamed(outboxEmails.body) })
          .where(naming(outboxEmails.subject, outboxEmails.body));
        await tx
          .update(notifications)
          .set({
            sender: renamed(notifications.sender),
            title: renamed(notifications.title),
            body: renamed(notifications.body),
          })
          .where(
            and(
              // Notifications naming a student go to companies and staff; students' are not searched.
              inArray(
                notifications.accountId,
                tx.select({ id: accounts.id }).from(accounts).where(ne(accounts.role, 'student')),
              ),
              naming(notifications.sender, notifications.title, notifications.body),
            ),
          );
        // The messages the student received: filled again for the erased account, and any name
        // the sender wrote into the message itself replaced.
        const received = await tx
          .select({
            messageId: messageRecipients.messageId,
            subject: messages.subject,
            body: messages.body,
            // {company} was filled with the company's name (the sender is its "(recruiter)" label).
            company: sql<string>`coalesce(${companies.name}, '')`,
            jobRole: sql<string>`coalesce(${jobs.role}, '')`,
            stage: messages.stage,
          })
          .from(messageRecipients)
          .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
          .leftJoin(jobs, eq(jobs.id, messages.jobId))
          .leftJoin(companies, eq(companies.accountId, jobs.companyId))
          .where(eq(messageRecipients.studentId, studentId));
        for (const { messageId, ...message } of received) {
          await tx
            .update(messageRecipients)
            .set(erasure.refill(message))
            .where(
              and(eq(messageRecipients.messageId, messageId), eq(messageRecipients.studentId, studentId)),
            );
        }
        if (received.length > 0) {
          await tx
            .update(messages)
            .set({ subject: renamed(messages.subject), body: renamed(messages.body) })
            .where(
              and(
                inArray(
                  messages.id,
                  received.map((m) => m.messageId),
                ),
                naming(messages.subject, messages.body),
              ),
            );
        }
        // The student's own steps (applying, answering an offer) carried their name, and a reason
        // given on their applications may have.
        const own = tx
          .select({ id: applications.id })
          .from(applications)
          .where(eq(applications.studentId, studentId));
        await tx
          .update(applicationEvents)
          .set({ actorName: erasure.formerName })
          .where(eq(applicationEvents.actorId, studentId));
        await tx
          .update(applicationEvents)
          .set({ note: renamed(applicationEvents.note) })
          .where(and(inArray(applicationEvents.applicationId, own), naming(applicationEvents.note)));
        await tx
          .update(offers)
          .set({ reason: renamed(offers.reason) })
          .where(and(eq(offers.studentId, studentId), naming(offers.reason)));
        // The audit log keeps what changed and who changed it, without the personal values, and
        // the student's own entries are no longer signed with their name.
        await tx
          .update(studentAuditLog)
          .set({ oldValue: '', newValue: '' })
          .where(
            and(
              eq(studentAuditLog.studentId, studentId),
              inArray(studentAuditLog.field, personalAuditFields),
            ),
          );
        await tx
          .update(studentAuditLog)
          .set({ actorName: erasure.formerName })
          .where(eq(studentAuditLog.actorId, studentId));
        await tx
          .update(studentAuditLog)
          .set({ oldValue: renamed(studentAuditLog.oldValue), newValue: renamed(studentAuditLog.newValue) })
          .where(
            and(
              eq(studentAuditLog.studentId, studentId),
              naming(studentAuditLog.oldValue, studentAuditLog.newValue),
            ),
          );
        // A staff import waiting for confirmation that holds the student's row would bring the
        // data back: it is discarded, as staff would discard it, its rows emptied.
        await tx
          .update(studentImports)
          .set({ status: 'discarded', rows: sql`'[]'::jsonb` })
          .where(
            and(
              eq(studentImports.status, 'pending'),
              sql`exists (select 1 from jsonb_array_elements(${studentImports.rows}) as r
                  where lower(r -> 'values' ->> 'email') in ${addresses})`,
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
        .where(eq(collegeSettings.id, currentCollege));
      return row?.retentionMonths ?? null;
    },

    async setRetentionMonths(retentionMonths: number | null, updatedById: string) {
      const set = { retentionMonths, updatedById, updatedAt: sql`now()` };
      await db
        .insert(collegeSettings)
        .values({ id: currentCollege, ...set })
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
