import path from 'node:path';
import type { Readable } from 'node:stream';
import { conflicts, erasure, notFound } from '@portal/contracts/messages';
import { fillPlaceholders } from '@portal/contracts/messaging';
import {
  erasedEmail,
  erasureRefusal,
  FORMER_STUDENT,
  type ErasureStatus,
  RETENTION_PREVIEW_NAMES,
  type RetentionApplied,
  type RetentionPreview,
  retentionDueYear,
} from '@portal/contracts/own-data';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors.ts';
import { isOwnAccount } from '../../lib/own-account.ts';
import type { Storage } from '../../lib/storage.ts';
import { datedFileName } from '../../lib/time-zone.ts';
import { createZip } from '../../lib/zip-archive.ts';
import type { SessionAccount } from '../../plugins/access.ts';
import type { ErrorLog } from '../record-views/record-views.service.ts';
import { debarmentOn, type StudentsReader, toStudentRecord } from '../students/students.read.ts';
import { placeholderValuesFor } from '../messaging/messaging.read.ts';
import type { NameHistory, OwnDataRepo } from './own-data.repo.ts';

/** Students erased per batch when retention is applied, each in its own transaction. */
export const RETENTION_BATCH = 50;

const README = `Your data from the campus placement portal
==========================================

record.json          Your profile: personal details, academic details (with who verified them and
                     when), internships, projects, placement record, email settings, and your
                     requests to change verified academic details.
applications.json    Every job you applied to, with the company, and every stage the application
                     reached: when, who moved it there, and any note.
offers.json          Every offer made to you: package, tier, the date to decide by and its state.
notifications.json   Every notification the portal holds for you.
record-views.json    Who opened your full record or resume (companies and the placement cell), and when.
audit.json           Every change made to your record by the placement cell or by you: who, when,
                     which field, the old and the new value.
files/               Your uploaded resume and profile picture, as stored.

Passwords, sign-in sessions and emailed links are never part of this download.
Dates and times are in UTC (ISO 8601).
`;

const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n';

/**
 * Every full name the student went by, longest first (so a longer name is replaced before one it
 * contains): the name now, the names their own steps were signed with, and each first name with
 * each last name the audit log holds (a name staff corrected still stands in older texts).
 */
function fullNamesOf(h: NameHistory): string[] {
  const clean = (list: string[]) => [...new Set(list.map((n) => n.trim()).filter((n) => n !== ''))];
  const names = new Set(clean(h.signedAs));
  for (const first of clean([h.firstName, ...h.firstNames])) {
    for (const last of clean([h.lastName, ...h.lastNames])) names.add(`${first} ${last}`);
  }
  names.delete(FORMER_STUDENT);
  return [...names].sort((a, b) => b.length - a.length);
}

/**
 * A student's own data (issue #16): the ZIP they download, staff erasing a graduate's personal
 * data, and the retention setting that erases graduates in bulk. What is erased and what is kept
 * is explained in docs/architecture.md.
 */
export function createOwnDataService(deps: {
  ownDataRepo: OwnDataRepo;
  studentsReader: Pick<StudentsReader, 'findById'>;
  storage: Storage;
  log: ErrorLog;
  /** Graduation years, debarments and file names follow the clock's day (config TIME_ZONE). */
  clock: Clock;
}) {
  const { ownDataRepo: repo, storage, log, clock } = deps;

  /** Deletes the files of an erased account; a failure is logged, the erasure stands. */
  async function deleteFiles(studentId: string, keys: string[]) {
    for (const key of keys) {
      try {
        await storage.delete(key);
      } catch (error) {
        log.error({ err: error, studentId, key }, 'could not delete an erased student’s file');
      }
    }
  }

  async function erase(actor: SessionAccount, studentId: string, reason: string, confirmation?: string) {
    const outcome = await repo.erase(
      studentId,
      (facts) => {
        // Staff never erase an account with their own email (retention skips it too).
        if (isOwnAccount(actor, facts)) return conflicts.ownAccount;
        const refusal = erasureRefusal(facts, clock.today());
        if (refusal) return refusal;
        if (
          confirmation !== undefined &&
          confirmation.trim().toLowerCase() !== facts.name.trim().toLowerCase()
        ) {
          return erasure.confirmation;
        }
        return null;
      },
      {
        firstName: 'Former',
        lastName: 'student',
        email: erasedEmail(studentId),
        formerName: FORMER_STUDENT,
        namesOf: fullNamesOf,
        refill: (message) => {
          const values = placeholderValuesFor(message, FORMER_STUDENT);
          return {
            subject: fillPlaceholders(message.subject, values),
            body: fillPlaceholders(message.body, values),
          };
        },
        actor: { id: actor.id, name: actor.name },
        auditField: erasure.auditField,
        reason,
      },
    );
    if (outcome === 'missing') throw new NotFound(notFound.student);
    if ('refused' in outcome) return outcome;
    await deleteFiles(studentId, outcome.files);
    return 'erased' as const;
  }

  const dueYearNow = async () => {
    const months = await repo.retentionMonths();
    return { months, dueYear: months === null ? null : retentionDueYear(months, clock.today()) };
  };

  return {
    /** The student's data as a ZIP, streamed as it is written; files are read from storage on the way. */
    async exportZip(studentId: string): Promise<{ zip: Readable; fileName: string }> {
      const row = await deps.studentsReader.findById(studentId);
      if (!row) throw new NotFound(notFound.student);
      const rows = await repo.exportRows(studentId);
      const { notifications: _none, ...record } = toStudentRecord(
        row,
        [],
        null,
        debarmentOn(row, clock.today()),
      );
      const eventsOf = (applicationId: string) =>
        rows.events.filter((e) => e.applicationId === applicationId).map(({ applicationId: _a, ...e }) => e);

      const zip = await createZip({ zlib: { level: 6 } });
      zip.append(README, { name: 'README.txt' });
      zip.append(
        json({
          ...record,
          emailSettings: {
            stageChanges: row.student.emailStageChanges,
            interviews: row.student.emailInterviews,
          },
          academicChangeRequests: rows.changes,
          accountCreatedAt: row.account.createdAt,
        }),
        { name: 'record.json' },
      );
      zip.append(
        json(
          rows.applications.map(({ id, ...application }) => ({
            id,
            ...application,
            events: eventsOf(id),
          })),
        ),
        { name: 'applications.json' },
      );
      zip.append(json(rows.offers), { name: 'offers.json' });
      zip.append(json(rows.notifications), { name: 'notifications.json' });
      zip.append(json(rows.views), { name: 'record-views.json' });
      zip.append(json(rows.audit), { name: 'audit.json' });
      const files: [string, string][] = [
        ['resume', row.student.resume],
        ['profile-picture', row.account.profilePicture],
      ];
      for (const [name, key] of files) {
        if (key === '') continue;
        const file = await storage.get(key);
        if (!file) {
          log.error({ studentId, key }, 'a file named by a student record is missing from storage');
          continue;
        }
        zip.append(file.body as Readable, { name: `files/${name}${path.extname(key)}` });
      }
      void zip.finalize();
      return { zip, fileName: datedFileName('my-data', 'zip', clock) };
    },

    /** Whether the record page may offer erasure now, and what staff type to confirm it. */
    async erasureStatus(studentId: string): Promise<ErasureStatus> {
      const facts = await repo.erasureFacts(studentId);
      if (!facts) throw new NotFound(notFound.student);
      const reason = erasureRefusal(facts, clock.today());
      return { allowed: reason === null, reason, confirmWith: facts.name };
    },

    /** Staff erase one student: 409 when erased already, 400 when not allowed or not confirmed. */
    async eraseStudent(
      actor: SessionAccount,
      studentId: string,
      body: { confirmation: string; reason: string },
    ) {
      const outcome = await erase(actor, studentId, body.reason, body.confirmation);
      if (outcome === 'erased') return erasure.erased;
      if (outcome.refused === erasure.alreadyErased) throw new Conflict(outcome.refused);
      if (outcome.refused === conflicts.ownAccount) throw new Forbidden(outcome.refused);
      throw new BadRequest(outcome.refused);
    },

    retentionSetting: async () => ({ retentionMonths: await repo.retentionMonths() }),

    async saveRetention(actor: SessionAccount, retentionMonths: number | null) {
      await repo.setRetentionMonths(retentionMonths, actor.id);
      return { retentionMonths };
    },

    /** Who retention would erase now: the count and the first few by year of passing and name. */
    async previewRetention(): Promise<RetentionPreview> {
      const { months, dueYear } = await dueYearNow();
      if (dueYear === null) return { retentionMonths: null, dueYear: null, count: 0, students: [] };
      const { count, rows } = await repo.due(dueYear, RETENTION_PREVIEW_NAMES);
      return {
        retentionMonths: months,
        dueYear,
        count,
        students: rows.map((r) => ({
          _id: r.id,
          name: `${r.firstName} ${r.lastName}`,
          rollNumber: r.rollNumber,
          yearOfPassing: r.yearOfPassing,
        })),
      };
    },

    /**
     * Erases every student due under the retention setting, RETENTION_BATCH at a time, each as a
     * single erasure would (its own transaction, the rule checked again under the lock).
     */
    async applyRetention(actor: SessionAccount, reason: string): Promise<RetentionApplied> {
      const { dueYear } = await dueYearNow();
      if (dueYear === null) throw new BadRequest(erasure.retentionOff);
      let erased = 0;
      let after: string | null = null;
      for (;;) {
        const ids = await repo.dueIdsAfter(dueYear, after, RETENTION_BATCH);
        for (const id of ids) {
          if ((await erase(actor, id, reason)) === 'erased') erased += 1;
        }
        if (ids.length < RETENTION_BATCH) break;
        after = ids[ids.length - 1]!;
      }
      return { erased, message: erasure.applied(erased) };
    },
  };
}
export type OwnDataService = ReturnType<typeof createOwnDataService>;
