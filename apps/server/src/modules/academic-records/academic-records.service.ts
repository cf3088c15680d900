import type { z } from 'zod';
import type {
  AcademicChangeRequest,
  AcademicChangeRequestPage,
  academicChangeRequestQuery,
  academicDecisionBody,
  CollegeSettings,
} from '@portal/contracts/academic-records';
import { academicFields, type AuditChange, auditChanges } from '@portal/contracts/audit';
import { emailLinks } from '@portal/contracts/links';
import { invalid, notFound, placementCell, staffRecords, verification } from '@portal/contracts/messages';
import type { AcademicValues, StudentRecord } from '@portal/contracts/students';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, Conflict, NotFound } from '../../lib/errors.ts';
import { refuseOwnAccount } from '../../lib/own-account.ts';
import type { SessionAccount } from '../../plugins/access.ts';
import type { EmailSettingsReader } from '../email-settings/email-settings.read.ts';
import { academicChangeDecidedEmail } from '../mail/emails.ts';
import type { MailQueue } from '../mail/outbox-queue.ts';
import { type RollNumbers, toPendingChange } from './academic-records.read.ts';
import type { AcademicRecordsRepo } from './academic-records.repo.ts';

type Query = z.output<typeof academicChangeRequestQuery>;
type DecisionBody = z.output<typeof academicDecisionBody>;

/**
 * A change meets another made at the same moment only rarely (the version moved, a second tab
 * filed a request): it is decided afresh on the newer record a few times before giving up.
 */
const ATTEMPTS = 3;

const valuesOf = (row: AcademicValues): AcademicValues => ({
  rollNumber: row.rollNumber,
  degrees: row.degrees,
  collegeName: row.collegeName,
  cgpa: row.cgpa,
  yearOfPassing: row.yearOfPassing,
});

/** "CGPA, Year of passing": the fields a change touches, as the audit log names them. */
const fieldNames = (changes: AuditChange[]) =>
  changes.map((c) => c.field).join(', ') || 'your academic details';

/**
 * Verified academic details and the changes students ask for once they are verified: a student's
 * change to verified facts waits as a request until staff approve (applied, audited, still
 * verified) or reject it; the student is told either way. Also the college's settings.
 */
export function createAcademicRecordsService(deps: {
  academicRecordsRepo: AcademicRecordsRepo;
  emailSettingsReader: Pick<EmailSettingsReader, 'studentContact'>;
  rollNumbers: Pick<RollNumbers, 'refusal'>;
  mail: MailQueue;
  appUrl: string;
  clock: Clock;
}) {
  const { academicRecordsRepo: repo } = deps;

  /** A roll number that misses the college's format or is another student's is refused (400/409). */
  async function checkRollNumber(studentId: string, from: string | null, to: string | null) {
    if (to === null || to === from) return;
    const refusal = await deps.rollNumbers.refusal(to, studentId);
    if (refusal === invalid.rollNumberTaken) throw new Conflict(refusal);
    if (refusal !== null) throw new BadRequest(refusal);
  }

  return {
    checkRollNumber,

    settings: (): Promise<CollegeSettings> => repo.settings(),

    /** A format not sent keeps the one saved (clients that know only the verification switch). */
    saveSettings: async (actor: SessionAccount, values: CollegeSettings) =>
      repo.saveSettings(
        {
          requireVerifiedAcademics: values.requireVerifiedAcademics,
          rollNumberFormat: values.rollNumberFormat ?? (await repo.settings()).rollNumberFormat,
        },
        actor.id,
      ),

    /** The student's change waiting for approval, as their record and staff's show it. */
    async pendingChange(studentId: string): Promise<StudentRecord['pendingAcademicChange']> {
      return toPendingChange(await repo.pendingFor(studentId));
    },

    /**
     * A student saves their academic details. Unverified, the values are written with an audit row
     * per changed field (the student as actor). Verified, the record keeps its values and the
     * change waits for the placement cell ('requested'), replacing any change already waiting.
     * Saving the current values again withdraws a waiting change.
     */
    async studentEdit(studentId: string, values: AcademicValues): Promise<'saved' | 'requested'> {
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const row = await repo.academicsOf(studentId);
        if (!row) throw new NotFound(notFound.student);
        const current = valuesOf(row);
        await checkRollNumber(studentId, current.rollNumber, values.rollNumber);
        const changes = auditChanges(current, values, academicFields);
        if (changes.length === 0) {
          await repo.withdrawPending(studentId);
          return 'saved';
        }
        if (row.verifiedAt === null) {
          const actor = { id: studentId, name: `${row.firstName} ${row.lastName}` };
          const outcome = await repo.applyStudentEdit(studentId, row.version, values, changes, actor);
          if (outcome === 'ok') return 'saved';
        } else if ((await repo.requestChange(studentId, row.version, current, values)) === 'ok') {
          return 'requested';
        }
      }
      throw new Conflict(staffRecords.staleEdit);
    },

    /** Change requests in one status, a page at a time; a waiting one compares with today's record. */
    async list(query: Query): Promise<AcademicChangeRequestPage> {
      const { rows, total } = await repo.page(query.status, query.page, query.pageSize);
      const items = rows.map(({ request, current, firstName, lastName, email }): AcademicChangeRequest => ({
        _id: request.id,
        student: { _id: request.studentId, name: `${firstName} ${lastName}`, emailID: email },
        // Staff may have corrected the record since the student asked: compare with what it holds now.
        oldValues: request.status === 'Pending' ? valuesOf(current) : request.oldValues,
        newValues: request.newValues,
        status: request.status,
        reason: request.reason,
        requestedAt: request.createdAt.toISOString(),
        decidedBy: request.decidedByName,
        decidedAt: request.decidedAt?.toISOString() ?? null,
      }));
      return { items, total };
    },

    /**
     * Approves (the new values go onto the record, audited with the staff member as actor, and it
     * stays verified, stamped by them) or rejects a waiting change; the student gets a notification
     * and an email either way. 404 for an unknown (or replaced) request, 409 once decided, 403 when
     * the student signs in with the deciding staff member's own email.
     */
    async decide(actor: SessionAccount, requestId: string, body: DecisionBody): Promise<string> {
      const approved = body.decision === 'Approved';
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const request = await repo.find(requestId);
        if (!request) throw new NotFound(verification.requestNotFound);
        if (request.status !== 'Pending') throw new Conflict(verification.alreadyDecided);
        const student = await repo.academicsOf(request.studentId);
        if (!student) throw new NotFound(verification.requestNotFound);
        refuseOwnAccount(actor, student);
        const current = valuesOf(student);
        if (approved)
          await checkRollNumber(request.studentId, current.rollNumber, request.newValues.rollNumber);
        const changes = auditChanges(current, request.newValues, academicFields);
        const fields = fieldNames(changes);
        const detail = approved
          ? verification.approvedNotice(fields)
          : verification.rejectedNotice(fields, body.reason);
        const contact = await deps.emailSettingsReader.studentContact(request.studentId);
        const email =
          contact &&
          academicChangeDecidedEmail({
            to: contact.email,
            accountId: request.studentId,
            firstName: contact.firstName,
            approved,
            detail,
            link: `${deps.appUrl}${emailLinks.studentAcademicDetails}`,
          });
        const at = deps.clock.now();
        const outcome = await repo.decide({
          requestId,
          at,
          studentId: request.studentId,
          status: body.decision,
          reason: body.reason,
          actor: { id: actor.id, name: actor.name },
          oldValues: current,
          apply: approved
            ? {
                version: student.version,
                values: request.newValues,
                stamp: { at, byId: actor.id, byName: actor.name },
                changes,
              }
            : null,
          notice: {
            accountId: request.studentId,
            sender: placementCell.sender,
            title: approved ? verification.approvedTitle : verification.rejectedTitle,
            link: emailLinks.studentAcademicDetails,
            body: detail,
          },
          email,
        });
        if (outcome === 'decided') throw new Conflict(verification.alreadyDecided);
        if (outcome === 'ok') {
          if (email) deps.mail.wake();
          return approved ? verification.approved : verification.rejected;
        }
      }
      throw new Conflict(staffRecords.staleEdit);
    },
  };
}
export type AcademicRecordsService = ReturnType<typeof createAcademicRecordsService>;
