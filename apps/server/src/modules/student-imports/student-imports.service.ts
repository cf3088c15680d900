import { createHash } from 'node:crypto';
import { type AuditChange, auditChanges, auditLabels, auditValue } from '@portal/contracts/audit';
import { emailLinks } from '@portal/contracts/links';
import { invalid, placementCell, studentImports as messages } from '@portal/contracts/messages';
import { rollNumberFitsFormat } from '@portal/contracts/students';
import {
  IMPORT_PREVIEW_CAP,
  IMPORT_TTL_MS,
  importColumns,
  type ImportCreate,
  importFields,
  type ImportError,
  type ImportPreview,
  importRequiredForNew,
  importRequiredMessages,
  type ImportResult,
  type ImportUpdate,
  type ImportValues,
} from '@portal/contracts/student-imports';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, Conflict, NotFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { SessionAccount } from '../../plugins/access.ts';
import { newToken } from '../../lib/tokens.ts';
import { studentInviteEmail } from '../mail/emails.ts';
import type { MailQueue } from '../mail/outbox-queue.ts';
import type { RollNumbers } from '../academic-records/academic-records.read.ts';
import { type ParsedFile, type ParsedRow, parseImportFile } from './import-file.ts';
import type {
  ExistingStudent,
  ImportedUpdate,
  ImportQueries,
  StudentImportsRepo,
} from './student-imports.repo.ts';

/** How long the emailed set-password link of a new student works. */
export const INVITE_LINK_TTL_DAYS = 7;
/** Imports older than this are deleted when the next file is uploaded. */
const KEEP_IMPORTS_MS = 24 * 60 * 60_000;

const personalFields = ['firstName', 'lastName', 'phone'] as const;
const academicImportFields = ['rollNumber', 'degrees', 'cgpa', 'yearOfPassing'] as const;
const comparedFields = [...personalFields, ...academicImportFields] as const;

type NewRow = {
  row: number;
  values: Required<Pick<ImportValues, 'email' | 'firstName' | 'lastName' | 'phone'>> & ImportValues;
  verify: boolean;
  changes: AuditChange[];
};
type UpdateRow = { row: number; student: ExistingStudent; update: ImportedUpdate };

/** What a file would do to the students as they are now. */
type Plan = { creates: NewRow[]; updates: UpdateRow[]; unchanged: number; errors: ImportError[] };

/**
 * Whether a row vouches for academic details: it gives degrees, a CGPA or a year of passing (a roll
 * number alone may only be how the row finds its student).
 */
const hasAcademics = (v: ImportValues) =>
  v.degrees !== undefined || v.cgpa !== undefined || v.yearOfPassing !== undefined;

/**
 * Matches each checked row to a student (by email, else by roll number) and works out what it
 * would do: create a student, change some fields (blank cells change nothing), or nothing. A row
 * that cannot be applied safely becomes an error with its row and column.
 */
function plan(
  parsed: Pick<ParsedFile, 'rows' | 'headers'>,
  existing: ExistingStudent[],
  otherRolesEmails: ReadonlySet<string>,
  rollFormat: string,
): Plan {
  const column = (field: keyof typeof importColumns) => parsed.headers[field] ?? importColumns[field].header;
  const byEmail = new Map(existing.map((s) => [s.email, s]));
  // Roll numbers are one within the college in upper case (`19bce1` is `19BCE1`).
  const byRoll = new Map<string, ExistingStudent[]>();
  for (const s of existing) {
    if (s.rollNumber === null) continue;
    const key = s.rollNumber.toUpperCase();
    byRoll.set(key, [...(byRoll.get(key) ?? []), s]);
  }
  const firstEmail = new Map<string, number>();
  const firstRoll = new Map<string, number>();
  const out: Plan = { creates: [], updates: [], unchanged: 0, errors: [] };
  const error = (row: number, col: string, message: string) => out.errors.push({ row, column: col, message });

  for (const { row, values: v } of parsed.rows) {
    if (v.email === undefined && v.rollNumber === undefined) {
      error(row, '', messages.needsKey);
      continue;
    }
    let duplicate = false;
    if (v.email !== undefined) {
      const seen = firstEmail.get(v.email);
      if (seen === undefined) firstEmail.set(v.email, row);
      else {
        duplicate = true;
        error(row, column('email'), messages.duplicateInFile(seen));
      }
    }
    if (v.rollNumber !== undefined && !rollNumberFitsFormat(rollFormat, v.rollNumber)) {
      error(row, column('rollNumber'), invalid.rollNumberFormat(rollFormat));
      continue;
    }
    if (v.rollNumber !== undefined) {
      const seen = firstRoll.get(v.rollNumber.toUpperCase());
      if (seen === undefined) firstRoll.set(v.rollNumber.toUpperCase(), row);
      else {
        duplicate = true;
        error(row, column('rollNumber'), messages.duplicateInFile(seen));
      }
    }
    if (duplicate) continue;
    // One email is one account: a staff member's or a company's address cannot become a student's.
    if (v.email !== undefined && otherRolesEmails.has(v.email)) {
      error(row, column('email'), messages.emailOfOtherAccount);
      continue;
    }

    const emailMatch = v.email === undefined ? undefined : byEmail.get(v.email);
    const rollMatches = v.rollNumber === undefined ? [] : (byRoll.get(v.rollNumber.toUpperCase()) ?? []);
    let student: ExistingStudent | undefined = emailMatch;
    if (emailMatch) {
      if (rollMatches.length > 0 && !rollMatches.some((s) => s.id === emailMatch.id)) {
        error(row, column('rollNumber'), messages.matchesTwo);
        continue;
      }
    } else if (rollMatches.length > 1) {
      error(row, column('rollNumber'), messages.rollShared);
      continue;
    } else if (rollMatches.length === 1) {
      student = rollMatches[0]!;
      if (v.email !== undefined) {
        error(row, column('email'), messages.emailDiffers(student.email));
        continue;
      }
    }

    if (!student) {
      const missing = importRequiredForNew.filter((f) => v[f] === undefined);
      if (missing.length > 0) {
        for (const f of missing) error(row, column(f), importRequiredMessages[f]);
        continue;
      }
      const values = v as NewRow['values'];
      const verify = hasAcademics(values);
      const changes: AuditChange[] = (['email', ...comparedFields] as const)
        .filter((f) => values[f] !== undefined)
        .map((f) => ({ field: auditLabels[f], oldValue: '', newValue: auditValue(values[f] ?? null) }));
      if (verify) changes.push({ field: auditLabels.academicsVerified, oldValue: 'No', newValue: 'Yes' });
      out.creates.push({ row, values, verify, changes });
      continue;
    }

    const before = { ...student };
    const after = { ...student, ...v };
    const changes = auditChanges(before, after, comparedFields);
    // Staff vouch for the academic details they import: an unverified record becomes verified, and
    // a verified one whose details change is stamped again (as a staff edit does).
    const wasVerified = student.verifiedAt !== null;
    const academicsChanged = auditChanges(before, after, academicImportFields).length > 0;
    const verify = (hasAcademics(v) && !wasVerified) || (wasVerified && academicsChanged);
    if (hasAcademics(v) && !wasVerified) {
      changes.push({ field: auditLabels.academicsVerified, oldValue: 'No', newValue: 'Yes' });
    }
    if (changes.length === 0) {
      out.unchanged += 1;
      continue;
    }
    const changed = new Set(changes.map((c) => c.field));
    const pick = <F extends (typeof comparedFields)[number]>(fields: readonly F[]) =>
      Object.fromEntries(fields.filter((f) => changed.has(auditLabels[f])).map((f) => [f, v[f]]));
    out.updates.push({
      row,
      student,
      update: {
        id: student.id,
        account: pick(personalFields),
        student: pick(academicImportFields),
        verify,
        changes,
      },
    });
  }
  out.errors.sort((a, b) => a.row - b.row);
  return out;
}

/** A fingerprint of what the plan would write: confirming applies only the plan that was shown. */
function digest(p: Plan): string {
  const what = {
    // Field by field in one order: the stored rows come back from JSONB with their keys reordered.
    creates: p.creates.map((c) => [c.row, importFields.map((f) => c.values[f] ?? null)]),
    updates: p.updates.map((u) => [u.row, u.student.id, u.update.changes]),
  };
  return createHash('sha256').update(JSON.stringify(what)).digest('hex');
}

function lookupKeys(rows: ParsedRow[]) {
  const emails = new Set<string>();
  const rolls = new Set<string>();
  for (const { values } of rows) {
    if (values.email !== undefined) emails.add(values.email);
    if (values.rollNumber !== undefined) rolls.add(values.rollNumber);
  }
  return { emails: [...emails], rolls: [...rolls] };
}

const studentName = (s: { firstName: string; lastName: string }) => `${s.firstName} ${s.lastName}`;

/**
 * Bulk import of students from a CSV: a preview that writes nothing but the checked file, then a
 * confirmation that applies exactly what the preview showed, in one transaction.
 */
export function createStudentImportsService(deps: {
  studentImportsRepo: StudentImportsRepo;
  rollNumbers: Pick<RollNumbers, 'format'>;
  mail: MailQueue;
  appUrl: string;
  clock: Clock;
}) {
  const { studentImportsRepo: repo } = deps;
  const { now } = deps.clock;

  async function planFor(
    q: ImportQueries,
    parsed: Pick<ParsedFile, 'rows' | 'headers'>,
    lock: boolean,
    rollFormat: string,
  ) {
    const { emails, rolls } = lookupKeys(parsed.rows);
    // One after the other: inside the apply's transaction both go through one connection.
    const students = await q.studentsMatching(emails, rolls, lock);
    const others = new Set(await q.otherRolesEmails(emails));
    return plan(parsed, students, others, rollFormat);
  }

  /** The import if it is this staff member's, still pending and not expired; else why not. */
  function usable(found: Awaited<ReturnType<ImportQueries['findImport']>>, actor: SessionAccount) {
    if (!found || found.staffId !== actor.id) throw new NotFound(messages.notFound);
    if (found.status === 'applied') throw new Conflict(messages.applied);
    if (found.status === 'discarded') throw new Conflict(messages.discarded);
    if (found.expiresAt <= now()) throw new Conflict(messages.expired);
    return found;
  }

  return {
    /** Checks the file and stores it; nothing is written to any student. */
    async preview(actor: SessionAccount, fileName: string, bytes: Buffer): Promise<ImportPreview> {
      const parsed = await parseImportFile(bytes, fileName);
      const p = await planFor(repo, parsed, false, await deps.rollNumbers.format());
      const errors = [...parsed.errors, ...p.errors].sort((a, b) => a.row - b.row);
      const at = now();
      await repo.deleteOlderThan(new Date(at.getTime() - KEEP_IMPORTS_MS));
      const stored = await repo.insertImport({
        staffId: actor.id,
        fileName,
        rows: parsed.rows,
        errorCount: errors.length,
        planDigest: digest(p),
        expiresAt: new Date(at.getTime() + IMPORT_TTL_MS),
      });
      const create = p.creates.slice(0, IMPORT_PREVIEW_CAP).map((c): ImportCreate => ({
        row: c.row,
        name: studentName(c.values),
        email: c.values.email,
        rollNumber: c.values.rollNumber ?? null,
      }));
      const update = p.updates.slice(0, IMPORT_PREVIEW_CAP).map((u): ImportUpdate => ({
        row: u.row,
        student: { _id: u.student.id, name: studentName(u.student), email: u.student.email },
        changes: u.update.changes.map((c) => ({ field: c.field, from: c.oldValue, to: c.newValue })),
      }));
      return {
        id: stored.id,
        fileName,
        expiresAt: stored.expiresAt.toISOString(),
        totals: {
          rows: parsed.rowCount,
          create: p.creates.length,
          update: p.updates.length,
          unchanged: p.unchanged,
          errors: errors.length,
        },
        create,
        update,
        errors: errors.slice(0, IMPORT_PREVIEW_CAP),
        unchanged: p.unchanged,
      };
    },

    /**
     * Applies the import in one transaction, all or nothing: refused while the file has errors
     * (400), once applied or discarded (409), and when the students changed since the preview so
     * that the file would now do something else (409, upload again to see it).
     */
    async confirm(actor: SessionAccount, id: string): Promise<ImportResult> {
      const at = now();
      const linkExpiresAt = new Date(at.getTime() + INVITE_LINK_TTL_DAYS * 24 * 60 * 60_000);
      // Read before the transaction: on PGlite a query outside it would wait for it to end.
      const rollFormat = await deps.rollNumbers.format();
      const apply = () =>
        repo.transaction(async (tx) => {
          const found = usable(await tx.findImport(id, true), actor);
          if (found.errorCount > 0) throw new BadRequest(messages.hasErrors(found.errorCount));
          const p = await planFor(tx, { rows: found.rows, headers: {} }, true, rollFormat);
          if (p.errors.length > 0 || digest(p) !== found.planDigest) {
            throw new Conflict(messages.changedMeanwhile);
          }
          const who = { id: actor.id, name: actor.name };
          const stamp = { at, byId: actor.id, byName: actor.name };
          await tx.createStudents(
            p.creates.map(({ values: v, verify, changes }) => {
              const { token, hash } = newToken();
              return {
                email: v.email,
                firstName: v.firstName,
                lastName: v.lastName,
                phone: v.phone,
                rollNumber: v.rollNumber ?? null,
                degrees: v.degrees ?? [],
                cgpa: v.cgpa ?? null,
                yearOfPassing: v.yearOfPassing ?? null,
                verified: verify,
                changes,
                tokenHash: hash,
                mail: studentInviteEmail({
                  to: v.email,
                  firstName: v.firstName,
                  invitedBy: placementCell.member(actor.name),
                  link: `${deps.appUrl}${emailLinks.resetPassword('student')}#token=${token}`,
                  days: INVITE_LINK_TTL_DAYS,
                }),
              };
            }),
            who,
            stamp,
            linkExpiresAt,
          );
          await tx.updateStudents(
            p.updates.map((u) => u.update),
            who,
            stamp,
          );
          await tx.closeImport(id, 'applied', at);
          return { created: p.creates.length, updated: p.updates.length };
        });
      // Someone signed up with a new student's email after the plan was made, in this instant.
      const result = await apply().catch((error: unknown) => {
        throw isUniqueViolation(error) ? new Conflict(messages.changedMeanwhile) : error;
      });
      // The invitations go once this answer is on its way: on the embedded database the mail worker's
      // queries share the server's one connection, and sending 5,000 emails kept the answer of a
      // 10,000-row import waiting 11 s behind them (docs/performance.md).
      if (result.created > 0) setImmediate(() => deps.mail.wake());
      const summary =
        result.created + result.updated === 0
          ? messages.nothingToDo
          : messages.done(result.created, result.updated);
      return { ...result, summary };
    },

    /** Drops a pending import; nothing is changed. */
    async discard(actor: SessionAccount, id: string): Promise<string> {
      await repo.transaction(async (tx) => {
        usable(await tx.findImport(id, true), actor);
        await tx.closeImport(id, 'discarded', now());
      });
      return messages.discardedNow;
    },
  };
}
export type StudentImportsService = ReturnType<typeof createStudentImportsService>;
