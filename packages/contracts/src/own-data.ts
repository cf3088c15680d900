import { z } from 'zod';
import { erasure } from './messages.ts';

/**
 * A student's own data (issue #16): the ZIP they download, the erasure staff do after graduation
 * and the retention setting that erases in bulk. The rules live here, once, for server and web.
 */

/** The name an erased account carries; applications and statistics still count it. */
export const FORMER_STUDENT = erasure.formerStudent;

/** The sign-in email an erased account gets: unique, and `.invalid` never delivers (RFC 2606). */
export const erasedEmail = (accountId: string) => `erased-${accountId}@invalid`;

/** The year and month (1-12) of a calendar day, YYYY-MM-DD. */
const yearAndMonth = (day: string) => ({ year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) });

/**
 * Why a student's account may not be erased now, or null when it may: it must not be erased
 * already, the year of passing must be before the current calendar year (a student passing in 2026
 * may be erased from 1 January 2027), and no offer may wait for the student's decision. `today` is
 * the date (YYYY-MM-DD) in the deployment's zone: the year turns at midnight there, not in UTC.
 */
export function erasureRefusal(
  student: { status: string; yearOfPassing: number | null; pendingOffers: number },
  today: string,
): string | null {
  if (student.status === 'Erased') return erasure.alreadyErased;
  if (student.yearOfPassing === null || student.yearOfPassing >= yearAndMonth(today).year) {
    return erasure.notGraduated(student.yearOfPassing);
  }
  if (student.pendingOffers > 0) return erasure.pendingOffer;
  return null;
}

/**
 * The latest year of passing whose students are due for erasure under a retention of `months`
 * months after the year of passing: a student passing in year Y is due from the first day of
 * (Y + 1) plus `months` months. With 0 months that is the graduation rule above. `today` is the
 * date (YYYY-MM-DD) in the deployment's zone.
 */
export function retentionDueYear(months: number, today: string): number {
  const { year, month } = yearAndMonth(today);
  const years = Math.floor(months / 12);
  // Months into the year since 1 January: a retention of that many months or fewer has run out.
  return (months % 12 <= month - 1 ? year - 1 : year - 2) - years;
}

/** Staff erase a student by typing the full name shown on the record, with a reason. */
export const eraseStudentBody = z.object({
  confirmation: z.string({ error: erasure.confirmation }).trim().min(1, erasure.confirmation).max(200),
  reason: z.string({ error: erasure.reason }).trim().min(1, erasure.reason).max(500, erasure.reason),
});
export type EraseStudentBody = z.infer<typeof eraseStudentBody>;

/** Whether the record page may offer erasure, and if not, why. */
export const erasureStatus = z.object({
  allowed: z.boolean(),
  reason: z.string().nullable(),
  /** What the staff member types to confirm. */
  confirmWith: z.string(),
});
export type ErasureStatus = z.infer<typeof erasureStatus>;

export const RETENTION_MAX_MONTHS = 600;
export const retentionSetting = z.object({
  retentionMonths: z
    .number({ error: erasure.retentionMonths })
    .int(erasure.retentionMonths)
    .min(0, erasure.retentionMonths)
    .max(RETENTION_MAX_MONTHS, erasure.retentionMonths)
    .nullable(),
});
export type RetentionSetting = z.infer<typeof retentionSetting>;

/** How many a preview lists by name; the count covers them all. */
export const RETENTION_PREVIEW_NAMES = 20;
export const retentionPreview = z.object({
  retentionMonths: z.number().int().nullable(),
  /** Students with this year of passing or earlier are due (null when retention is off). */
  dueYear: z.number().int().nullable(),
  count: z.number().int(),
  students: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      rollNumber: z.string().nullable(),
      yearOfPassing: z.number().int().nullable(),
    }),
  ),
});
export type RetentionPreview = z.infer<typeof retentionPreview>;

export const retentionApplyBody = z.object({ reason: eraseStudentBody.shape.reason });
export const retentionApplied = z.object({ erased: z.number().int(), message: z.string() });
export type RetentionApplied = z.infer<typeof retentionApplied>;
