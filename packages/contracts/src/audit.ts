import type { AcademicValues } from './students.ts';

/**
 * How each field of a student's record is named in the audit log staff read on the record page.
 * Written once: staff edits, the student's own edits, offers and change-request decisions all use it.
 */
export const auditLabels = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  /** Staff asked for a new sign-in email; `email` is written once the student confirms it. */
  emailChangeRequested: 'Email change requested',
  /** The later steps of a change staff asked for, each with the old and the new address. */
  emailChangeApproved: 'Email change approved by the student',
  emailChangeDeclined: 'Email change declined by the student',
  emailChangeLostAddress: 'Email change: current address lost',
  emailChangeSecondApproval: 'Email change approved by a second staff member',
  emailChangeLinkSent: 'Email change: confirmation link sent',
  emailChangeVoid: 'Email change void',
  phone: 'Phone',
  status: 'Account status',
  fathersName: "Father's name",
  mothersName: "Mother's name",
  rollNumber: 'Roll number',
  degrees: 'Degrees',
  collegeName: 'College name',
  cgpa: 'CGPA',
  yearOfPassing: 'Year of passing',
  academicsVerified: 'Academic details verified',
  isPlaced: 'Placed',
  placedCompany: 'Placed with',
  packageOffered: 'Package (LPA)',
  placementNote: 'Placement note',
  debarReason: 'Debarment reason',
  debarredUntil: 'Debarred until',
} as const;
export type AuditField = keyof typeof auditLabels;

/** The academic facts staff verify, in the order forms show them. */
export const academicFields = [
  'rollNumber',
  'degrees',
  'collegeName',
  'cgpa',
  'yearOfPassing',
] as const satisfies readonly (keyof AcademicValues & AuditField)[];

export type AuditValue = string | number | boolean | null | readonly string[];

/** A value as the audit log writes it: nothing is empty, a list is comma-separated, a flag is Yes or No. */
export function auditValue(value: AuditValue): string {
  if (value === null) return '';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

export type AuditChange = { field: string; oldValue: string; newValue: string };

/** Each of `fields` whose written value differs between `before` and `after`, labelled for the log. */
export function auditChanges<K extends AuditField>(
  before: Record<K, AuditValue>,
  after: Record<K, AuditValue>,
  fields: readonly K[],
): AuditChange[] {
  return fields
    .filter((field) => auditValue(before[field]) !== auditValue(after[field]))
    .map((field) => ({
      field: auditLabels[field],
      oldValue: auditValue(before[field]),
      newValue: auditValue(after[field]),
    }));
}
