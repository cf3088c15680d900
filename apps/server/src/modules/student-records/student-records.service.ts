import type { Readable } from 'node:stream';
import { isDeepStrictEqual } from 'node:util';
import { bounds } from '@portal/contracts/bounds';
import type { z } from 'zod';
import {
  academicFields,
  type AuditChange,
  auditChanges,
  type AuditField,
  auditLabels,
  auditValue,
} from '@portal/contracts/audit';
import { emailChange, erasure, invalid, notFound, staffRecords } from '@portal/contracts/messages';
import {
  CARD_DESCRIPTION_CHARS,
  CARD_ENTRIES,
  STUDENT_COUNT_CAP,
  type StaffStudentDetails,
  type StudentCard,
  type StudentPage,
  type studentBulkBody,
  type StudentBulkChange,
  type studentListQuery,
  type updateStudentDetailsBody,
} from '@portal/contracts/staff';
import type { BulkOutcome, BulkRowOutcome } from '@portal/contracts/pipeline';
import type { StudentProfileForCompany } from '@portal/contracts/students';
import { csvStream, keysetChunks } from '../../lib/csv.ts';
import { AppError, BadRequest, Conflict, NotFound } from '../../lib/errors.ts';
import { refuseOwnAccount } from '../../lib/own-account.ts';
import type { Clock } from '../../lib/clock.ts';
import { datedFileName } from '../../lib/time-zone.ts';
import type { SessionAccount } from '../../plugins/access.ts';
import type { AcademicRecordsService } from '../academic-records/academic-records.service.ts';
import type { ApplicationsService } from '../applications/applications.service.ts';
import type { EmailChangeService } from '../email-change/email-change.service.ts';
import type { RecordViewsService } from '../record-views/record-views.service.ts';
import { fileUrl } from '../files/files.read.ts';
import {
  filtersOf,
  type StudentFilters,
  type StudentKey,
  type StudentRow,
  type StudentsReader,
  studentCsv,
  toPastEntries,
  toStudentProfileForCompany,
  toStudentRecord,
} from '../students/students.read.ts';
import {
  requireStudentsInView,
  studentsInView,
  visibilityOrRefuse,
} from '../student-visibility/student-visibility.ts';
import type { StaffChange, StaffUpdate, StudentRecordsRepo } from './student-records.repo.ts';

type ListQuery = z.output<typeof studentListQuery>;
type UpdateBody = z.output<typeof updateStudentDetailsBody>;
type Row = Awaited<ReturnType<StudentsReader['chunkAfter']>>[number];

/** Students read per query while the CSV export is sent. */
export const CSV_CHUNK = 1_000;
/** The staff list's CSV: the columns of students.read.ts, in this order. */
const listCsv = studentCsv([
  'Name',
  'Email',
  'Phone',
  'Roll Number',
  'Degrees',
  'CGPA',
  'Year of Passing',
  'Account Status',
  'Placed',
  'Company',
  'Package (LPA)',
]);

/** The fields a staff edit writes, each audited under its label when it changes. */
const editedFields = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'status',
  'fathersName',
  'mothersName',
  ...academicFields,
  'isPlaced',
  'placedCompany',
  'packageOffered',
  'placementNote',
  'debarReason',
  'debarredUntil',
] as const satisfies readonly AuditField[];

/** An estimate to three figures (12,437 → 12,400): it is not a count, and should not read as one. */
export function roundForEstimate(n: number): number {
  if (!Number.isFinite(n) || n <= 0) return 0;
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(n)) - 2);
  return Math.round(n / unit) * unit;
}

/**
 * The parts of the spec's full record a staff save may carry but not change, named as the body
 * names them, in its order: each one sent that differs from the stored record (read as
 * getStudentDetails shows it). The version was checked first, so a difference is the sender's
 * change, not someone else's since the record was read.
 */
function readOnlyChanges(body: UpdateBody, row: StudentRow): string[] {
  const stored = toStudentRecord(row, []);
  const pairs: [string, unknown, unknown][] = [
    ['profilePicture', body.personalDetail.profilePicture, stored.personalDetail.profilePicture],
    ['verification', body.educationalDetails.verification, stored.educationalDetails.verification],
    ['resume', body.resume, stored.resume],
    ['applicationStatus', body.applicationStatus, stored.applicationStatus],
    ['pastInternshipsProjects', body.pastInternshipsProjects, stored.pastInternshipsProjects],
  ];
  return pairs
    .filter(([, sent, current]) => sent !== undefined && !isDeepStrictEqual(sent, current))
    .map(([name]) => name);
}

/**
 * What a staff save does to the verification of the academic details: `verified: true` on an
 * unverified record stamps it with the acting staff member, `false` clears it, and an edit of the
 * academic facts of a record that stays verified re-stamps it (the editor vouches for the new
 * values). Omitted, it stays as it is. Returns the columns to write and the audit row, if any.
 */
function verificationUpdate(
  row: StudentRow,
  verified: boolean | undefined,
  academicsEdited: boolean,
  actor: SessionAccount,
  at: Date,
): { columns?: StaffUpdate['verification']; change?: AuditChange } {
  const was = row.student.academicsVerifiedAt !== null;
  const flag = (before: boolean, after: boolean): AuditChange => ({
    field: auditLabels.academicsVerified,
    oldValue: auditValue(before),
    newValue: auditValue(after),
  });
  const stamp = { at, byId: actor.id, byName: actor.name };
  if (verified === false) return was ? { columns: null, change: flag(true, false) } : {};
  if (verified === true && !was) return { columns: stamp, change: flag(false, true) };
  if (was && academicsEdited) return { columns: stamp };
  return {};
}

/**
 * What a bulk change does to one record: the columns to write and the audit rows, or the reason
 * it is refused, or null when the record is already so.
 */
function bulkChangeOf(
  row: StudentRow,
  change: StudentBulkChange,
  actor: SessionAccount,
  at: Date,
):
  | { refused: string }
  | Pick<StaffChange, 'account' | 'student' | 'verification' | 'changes' | 'voidEmailChange'>
  | null {
  const before = { ...row.account, ...row.student };
  switch (change.action) {
    case 'verify': {
      const v = verificationUpdate(row, true, false, actor, at);
      return v.change ? { account: {}, student: {}, verification: v.columns, changes: [v.change] } : null;
    }
    case 'status': {
      if (change.status === 'Debarred') return { refused: staffRecords.bulkDebarred };
      // A debarment lives as long as the Debarred status.
      const next = { ...before, status: change.status, debarReason: '', debarredUntil: null };
      const changes = auditChanges(before, next, ['status', 'debarReason', 'debarredUntil']);
      if (changes.length === 0) return null;
      return {
        account: { status: change.status },
        student: { debarReason: '', debarredUntil: null },
        changes,
        // A suspended student's email change under way is void, as with a single edit.
        voidEmailChange:
          change.status === 'Suspended' && row.account.status !== 'Suspended'
            ? { auditField: auditLabels.emailChangeVoid }
            : undefined,
      };
    }
    case 'placement': {
      if (change.isPlaced) return { refused: staffRecords.bulkPlaced };
      const next = { ...before, isPlaced: false, placedCompany: '', packageOffered: null };
      const changes = auditChanges(before, next, ['isPlaced', 'placedCompany', 'packageOffered']);
      if (changes.length === 0) return null;
      return { account: {}, student: { isPlaced: false, placedCompany: '', packageOffered: null }, changes };
    }
  }
}

/**
 * The staff's view of the college's students: the searchable list, the CSV export, the full record
 * and its safe editing (optimistic version check, audit of every changed field).
 */
export function createStudentRecordsService(deps: {
  studentRecordsRepo: StudentRecordsRepo;
  studentsReader: Pick<StudentsReader, 'findById' | 'chunkAfter'>;
  applicationsService: ApplicationsService;
  academicRecordsService: AcademicRecordsService;
  emailChangeService: EmailChangeService;
  recordViewsService: RecordViewsService;
  /** The CSV is named after today in the clock's zone (TIME_ZONE); edits are stamped with its time. */
  clock: Clock;
}) {
  const { studentRecordsRepo: repo } = deps;

  /**
   * The planner's estimate of a capped search's matches, kept a minute per college and filter:
   * staff page through one search (pages 2 to 5 asked the planner again, each an EXPLAIN planned
   * afresh), and an estimate a minute old is as good as a new one.
   */
  const estimates = new Map<string, { value: number; at: number }>();
  const ESTIMATE_KEPT_MS = 60_000;
  const estimateOf = async (viewer: SessionAccount, filters: StudentFilters): Promise<number> => {
    const key = JSON.stringify([viewer.collegeId, filters]);
    const now = performance.now();
    const kept = estimates.get(key);
    if (kept && now - kept.at < ESTIMATE_KEPT_MS) return kept.value;
    const value = roundForEstimate(await repo.estimateMatches(filters, viewer.collegeId ?? undefined));
    if (estimates.size >= 1_000) estimates.clear();
    estimates.set(key, { value, at: now });
    return value;
  };

  const service = {
    /** A company browses the students it may see in full (the visibility rule's status filter). */
    listForCompany: (viewer: SessionAccount, query: Omit<ListQuery, 'status'>) => service.list(viewer, query),

    /** A page of the students the viewer sees in full, by the list's filters. */
    async list(
      viewer: SessionAccount,
      query: Omit<ListQuery, 'status'> & Pick<Partial<ListQuery>, 'status'>,
    ): Promise<StudentPage> {
      const filters = filtersOf({ ...query, ...studentsInView(viewer, query) });
      const { rows, matched } = await repo.page(filters, query.page, query.pageSize, STUDENT_COUNT_CAP, {
        entries: CARD_ENTRIES,
        descriptionChars: CARD_DESCRIPTION_CHARS,
      });
      const items = rows.map(({ account, student, internships, projects }): StudentCard => ({
        _id: account.id,
        name: `${account.firstName} ${account.lastName}`,
        emailID: account.email,
        rollNumber: student.rollNumber,
        degrees: student.degrees,
        cgpa: student.cgpa,
        yearOfPassing: student.yearOfPassing,
        verified: student.academicsVerifiedAt !== null,
        role: account.status,
        placementStatus: {
          isPlaced: student.isPlaced,
          companyName: student.placedCompany,
          packageOffered: student.packageOffered,
          status: student.placementNote,
        },
        resume: fileUrl(student.resume),
        ...toPastEntries({ internships, projects }),
      }));
      const capped = matched > STUDENT_COUNT_CAP;
      // Past the cap, the planner's estimate (shown as "about N"), if it is above the cap at all.
      const estimate = capped ? await estimateOf(viewer, filters) : 0;
      return {
        items,
        total: Math.min(matched, STUDENT_COUNT_CAP),
        totalCapped: capped,
        ...(estimate > STUDENT_COUNT_CAP && { totalEstimate: estimate }),
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** The filtered list as CSV, read from the database CSV_CHUNK students at a time as it is sent. */
    async csv(viewer: SessionAccount, query: ListQuery): Promise<{ csv: Readable; fileName: string }> {
      const filters = filtersOf({ ...query, ...studentsInView(viewer, query) });
      const read = (after: StudentKey | null, size: number) =>
        deps.studentsReader.chunkAfter(filters, after, size);
      const first = await read(null, CSV_CHUNK);
      const keyOf = (row: Row): StudentKey => ({ sortName: row.sortName, id: row.account.id });
      const csv = csvStream(listCsv.header, keysetChunks(read, keyOf, CSV_CHUNK, first), listCsv.cells);
      return { csv, fileName: datedFileName('students', 'csv', deps.clock) };
    },

    /**
     * A student as a company sees them, when the visibility rule shows the student in full
     * (suspended, debarred and erased students are not shown to companies browsing).
     * The look is recorded for the student to see.
     */
    async profileForCompany(viewer: SessionAccount, studentId: string): Promise<StudentProfileForCompany> {
      requireStudentsInView(viewer);
      const row = await deps.studentsReader.findById(studentId);
      if (!row || visibilityOrRefuse(viewer, row.account) !== 'full') throw new NotFound(notFound.student);
      await deps.recordViewsService.record(viewer, studentId, 'record');
      return toStudentProfileForCompany(row);
    },

    /** The full record as staff see it; the look is recorded for the student to see. */
    async details(viewer: SessionAccount, studentId: string): Promise<StaffStudentDetails> {
      const row = await deps.studentsReader.findById(studentId);
      if (!row) throw new NotFound(notFound.student);
      visibilityOrRefuse(viewer, row.account);
      // The email change first: a change whose wait is over sends its link, with an audit row.
      const emailChangeUnderWay = await deps.emailChangeService.pending(studentId);
      const [audit, applications, pendingAcademicChange] = await Promise.all([
        repo.auditFor(studentId, bounds.auditEntries),
        deps.applicationsService.listForStudent(studentId),
        deps.academicRecordsService.pendingChange(studentId),
        deps.recordViewsService.record(viewer, studentId, 'record'),
      ]);
      const { account, student } = row;
      return {
        // A student's notifications are their own: staff see the record without them.
        ...toStudentRecord(
          row,
          [],
          pendingAcademicChange,
          // Staff see the debarment as they set it, also once its end date has passed.
          account.status === 'Debarred'
            ? { reason: student.debarReason, until: student.debarredUntil }
            : null,
        ),
        version: row.student.version,
        audit: audit.map((a) => ({
          _id: a.id,
          at: a.createdAt.toISOString(),
          by: a.actorName,
          field: a.field,
          oldValue: a.oldValue,
          newValue: a.newValue,
        })),
        applications,
        pendingEmail: emailChangeUnderWay?.newEmail ?? null,
        emailChange: emailChangeUnderWay,
      };
    },

    /**
     * One change to many students (by ids, or every one matching the list's filter): each record
     * is changed as a single edit would change it, with its audit rows; one refused (the staff
     * member's own record, an erased account, a change needing more than a bulk action gives) is
     * reported with the reason and the rest go on. More than `bounds.bulkRows` are refused first.
     */
    async bulk(actor: SessionAccount, body: z.output<typeof studentBulkBody>): Promise<BulkOutcome> {
      const except = new Set(body.exceptIds);
      const ids = body.matching
        ? (
            await deps.studentsReader.chunkAfter(
              filtersOf({ ...body.matching, ...studentsInView(actor, body.matching) }),
              null,
              bounds.bulkRows + 1 + except.size,
            )
          )
            .map((r) => r.account.id)
            .filter((id) => !except.has(id))
        : [...new Set(body.studentIds)];
      if (ids.length === 0) throw new BadRequest(staffRecords.bulkEmpty);
      if (ids.length > bounds.bulkRows) throw new BadRequest(staffRecords.bulkTooMany(bounds.bulkRows));
      const rows: BulkRowOutcome[] = [];
      const at = deps.clock.now();
      for (const id of ids) {
        const row = await deps.studentsReader.findById(id);
        if (!row) {
          rows.push({ _id: id, name: '', done: false, message: notFound.student });
          continue;
        }
        const out = { _id: id, name: `${row.account.firstName} ${row.account.lastName}` };
        try {
          if (row.account.status === 'Erased') throw new Conflict(erasure.alreadyErased);
          refuseOwnAccount(actor, row.account);
          const change = bulkChangeOf(row, body.change, actor, at);
          if (change === null) {
            rows.push({ ...out, done: false, message: staffRecords.bulkUnchanged });
            continue;
          }
          if ('refused' in change) {
            rows.push({ ...out, done: false, message: change.refused });
            continue;
          }
          const outcome = await repo.applyUpdate(id, row.student.version, {
            ...change,
            actor: { id: actor.id, name: actor.name },
            at,
          });
          rows.push(
            outcome === 'ok'
              ? { ...out, done: true, message: staffRecords.bulkChanged }
              : { ...out, done: false, message: staffRecords.staleEdit },
          );
        } catch (error) {
          if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
          rows.push({ ...out, done: false, message: error.message });
        }
      }
      const done = rows.filter((r) => r.done).length;
      return { summary: staffRecords.bulkSummary(done, rows.length - done), done, rows };
    },

    /**
     * Saves a staff edit: refused when the record is the editor's own account (403), when stale
     * (409), when it changes a read-only part of the record (400) or when the new email is another
     * account's (409). Suspending the student voids an email change under way.
     */
    async update(actor: SessionAccount, body: UpdateBody): Promise<string> {
      const row = await deps.studentsReader.findById(body.id);
      if (!row) throw new NotFound(notFound.student);
      // An erased account stays erased: no edit may bring back a name, an email or a status.
      if (row.account.status === 'Erased') throw new Conflict(erasure.alreadyErased);
      // Nobody edits, verifies or suspends their own student record.
      refuseOwnAccount(actor, row.account);
      if (row.student.version !== body.version) throw new Conflict(staffRecords.staleEdit);
      const refused = readOnlyChanges(body, row);
      if (refused.length > 0) throw new BadRequest(invalid.notChangeable(refused));

      const { personalDetail: p, educationalDetails: e, placementStatus: s } = body;
      // A debarment lives as long as the Debarred status; omitted (or null), it stays as it was.
      const debarment =
        body.role !== 'Debarred'
          ? { reason: '', until: null }
          : (body.debarment ?? { reason: row.student.debarReason, until: row.student.debarredUntil });
      const next = {
        firstName: p.firstName,
        lastName: p.lastName,
        email: p.emailID,
        phone: p.phone,
        status: body.role,
        fathersName: p.fathersName,
        mothersName: p.mothersName,
        rollNumber: e.rollNumber,
        degrees: e.degrees,
        collegeName: e.collegeName,
        cgpa: e.cgpa,
        yearOfPassing: e.yearOfPassing,
        isPlaced: s.isPlaced,
        // Not placed means no company and no package, whatever the form still held.
        placedCompany: s.isPlaced ? s.companyName : '',
        packageOffered: s.isPlaced ? s.packageOffered : null,
        placementNote: s.status,
        debarReason: debarment.reason,
        debarredUntil: debarment.until,
      } satisfies StaffUpdate['account'] & StaffUpdate['student'] & { email: string };
      await deps.academicRecordsService.checkRollNumber(body.id, row.student.rollNumber, next.rollNumber);
      const before = { ...row.account, ...row.student };
      const fieldChanges = auditChanges(before, next, editedFields);
      const academicsEdited = auditChanges(before, next, academicFields).length > 0;
      const at = deps.clock.now();
      const verification = verificationUpdate(row, e.verified, academicsEdited, actor, at);
      const changes = verification.change ? [...fieldChanges, verification.change] : fieldChanges;
      if (changes.length === 0) return staffRecords.noChanges;

      const { firstName, lastName, email, phone, status, ...student } = next;
      // A new email is only requested here: it takes effect once the student approves it and the
      // new address confirms it (modules/email-change), so the account keeps its email and the
      // other fields save.
      const emailChanged = changes.some((c) => c.field === auditLabels.email);
      if (emailChanged && status === 'Suspended') throw new Conflict(emailChange.suspendedStudent);
      if (emailChanged && (await deps.emailChangeService.emailInUse(email, body.id))) {
        throw new Conflict(staffRecords.emailTaken);
      }
      const outcome = await repo.applyUpdate(body.id, body.version, {
        account: { firstName, lastName, phone, status },
        student,
        verification: verification.columns,
        changes: changes.filter((c) => c.field !== auditLabels.email),
        actor: { id: actor.id, name: actor.name },
        at,
        // A suspended student's email change under way is void, in the same transaction.
        voidEmailChange:
          status === 'Suspended' && row.account.status !== 'Suspended'
            ? { auditField: auditLabels.emailChangeVoid }
            : undefined,
      });
      if (outcome === 'stale') throw new Conflict(staffRecords.staleEdit);
      if (!emailChanged) return staffRecords.saved;
      await deps.emailChangeService.requestChange(body.id, email, actor);
      return changes.length > 1 ? emailChange.saved : emailChange.savedEmailOnly;
    },
  };
  return service;
}
export type StudentRecordsService = ReturnType<typeof createStudentRecordsService>;
