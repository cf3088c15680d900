import { sql } from 'drizzle-orm';
import type { AcademicValues, StudentRecord } from '@portal/contracts/students';
import { collegeSettings } from '../../db/schema.ts';

/** The settings row every deployment has (migration 0007 seeds it); the repo writes it. */
export const SETTINGS_ID = 1;

/**
 * "Only verified students can apply" as a column of another query (null should the row be missing:
 * off, as `academicRecordsService.settings()` reads it). The placement policy's facts statements
 * read it in the same round trip as the student.
 */
export const requireVerifiedAcademicsSql = sql<boolean | null>`(
        select ${collegeSettings.requireVerifiedAcademics} from ${collegeSettings}
        where ${collegeSettings.id} = ${SETTINGS_ID})`;

/** The change waiting for the placement cell's approval, as the student's record shows it. */
export const toPendingChange = (
  row: { id: string; createdAt: Date; newValues: AcademicValues } | null,
): StudentRecord['pendingAcademicChange'] =>
  row && { _id: row.id, requestedAt: row.createdAt.toISOString(), newValues: row.newValues };
