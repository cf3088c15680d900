import { and, eq, ne, sql } from 'drizzle-orm';
import { currentCollege } from '../../db/college-scope.ts';
import { invalid } from '@portal/contracts/messages';
import {
  type AcademicValues,
  DEFAULT_ROLL_NUMBER_FORMAT,
  rollNumberFitsFormat,
  type StudentRecord,
} from '@portal/contracts/students';
import type { Database } from '../../db/client.ts';
import { collegeSettings, students } from '../../db/schema.ts';

/**
 * "Only verified students can apply" in the student's college, as a column of a query of
 * `students` (null should the row be missing: off, as `academicRecordsService.settings()` reads it).
 * The placement policy's facts statements read it in the same round trip as the student.
 */
export const requireVerifiedAcademicsSql = sql<boolean | null>`(
        select ${collegeSettings.requireVerifiedAcademics} from ${collegeSettings}
        where ${collegeSettings.id} = ${students.collegeId})`;

/** The change waiting for the placement cell's approval, as the student's record shows it. */
export const toPendingChange = (
  row: { id: string; createdAt: Date; newValues: AcademicValues } | null,
): StudentRecord['pendingAcademicChange'] =>
  row && { _id: row.id, requestedAt: row.createdAt.toISOString(), newValues: row.newValues };

/*
 * Roll numbers as the college writes them: the format staff keep in the settings and uniqueness
 * within the college (compared in upper case: `19bce1234` is `19BCE1234`). Read by every writer
 * of a roll number (the student's own edit, the staff edit, the CSV import), so the rule is one.
 */
export function createRollNumbers(db: Database) {
  const format = async (): Promise<string> => {
    const [row] = await db
      .select({ format: collegeSettings.rollNumberFormat })
      .from(collegeSettings)
      .where(eq(collegeSettings.id, currentCollege));
    return row?.format ?? DEFAULT_ROLL_NUMBER_FORMAT;
  };

  return {
    format,

    /** Why `roll` cannot be this student's (the format, shown; or another student has it), or null. */
    async refusal(roll: string, studentId: string): Promise<string | null> {
      const wanted = await format();
      if (!rollNumberFitsFormat(wanted, roll)) return invalid.rollNumberFormat(wanted);
      const [taken] = await db
        .select({ id: students.accountId })
        .from(students)
        .where(
          and(sql`upper(${students.rollNumber}) = ${roll.toUpperCase()}`, ne(students.accountId, studentId)),
        )
        .limit(1);
      return taken ? invalid.rollNumberTaken : null;
    },
  };
}
export type RollNumbers = ReturnType<typeof createRollNumbers>;
