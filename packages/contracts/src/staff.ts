import { z } from 'zod';
import { collegeIdParam } from './colleges.ts';
import { bounds } from './bounds.ts';
import { stage, studentApplication } from './applications.ts';
import {
  accountStatus,
  closedObject,
  companyStatus,
  controlCharacter,
  email,
  notification,
  pageOf,
  pageQuery,
  phone,
  reason,
  requiredText,
  staffID,
  studentStatus,
} from './common.ts';
import { companyNameEvents } from './company-names.ts';
import { pendingEmailChange } from './email-change.ts';
import { companyNames, invalid, notFound, policy, required, staffActions, staffRecords } from './messages.ts';
import { jobWithCounts } from './jobs.ts';
import {
  cgpa,
  degreeList,
  internship,
  placementStatus,
  project,
  rollNumber,
  studentRecord,
  verification,
  yearOfPassing,
} from './students.ts';

export const staffPersonalDetail = z.object({
  firstName: z.string(),
  lastName: z.string(),
  staffID: z.string(),
  emailID: z.string(),
  phone: z.string(),
  profilePicture: z.string(),
});

/** The staff record; students are listed through a paginated call, not embedded here. */
export const staffRecord = z.object({
  _id: z.string(),
  role: accountStatus,
  personalDetail: staffPersonalDetail,
  notifications: z.array(notification),
});
export type StaffRecord = z.infer<typeof staffRecord>;

/**
 * Staff approve (Allowed) or reject a pending company, suspend an approved one or allow it again,
 * with an optional reason the company is shown and the audit trail keeps.
 */
export const companyStatusBody = z.object({
  role: z.enum(companyStatus.options, { error: staffActions.badCompanyStatus }),
  reason,
});
export type CompanyStatusBody = z.input<typeof companyStatusBody>;

/**
 * PUT /api/college-staff/companies/:id/name: staff approve or reject the new name an approved
 * company asked for, naming the one they saw (a decision on a name since replaced is refused),
 * with an optional reason the company is shown.
 */
export const companyNameDecisionBody = z.object({
  decision: z.enum(['Approved', 'Rejected'], { error: companyNames.badDecision }),
  name: requiredText(companyNames.nameRequired, 100),
  reason,
});
export type CompanyNameDecisionBody = z.input<typeof companyNameDecisionBody>;

/**
 * `GET /api/college-staff/companies?status=Pending&page=1`: one status, or every company (pending
 * first), a page at a time.
 */
export const companyListQuery = z.object({
  status: z.enum(companyStatus.options, { error: staffActions.badCompanyStatus }).optional(),
  ...pageQuery,
});
export type CompanyListQuery = z.input<typeof companyListQuery>;

// ---- The college's students, as staff see them ----

const optionalText = (max: number) =>
  z
    .string({ error: invalid.tooLong('This field', max) })
    .trim()
    .max(max, { error: invalid.tooLong('This field', max) });

/** Query of the paginated, filtered student list (and of its CSV export). */
export const studentListQuery = z.object({
  /** A name prefix, or a roll number or email (prefix) when it has a digit or an @. */
  search: z.string().trim().max(100, { error: staffRecords.search }).default(''),
  degree: z.string().trim().max(100).default(''),
  year: z.coerce.number().pipe(yearOfPassing).optional(),
  placed: z.enum(['true', 'false']).optional(),
  status: studentStatus.optional(),
  cgpaMin: z.coerce
    .number({ error: staffRecords.cgpaRange })
    .min(0, { error: staffRecords.cgpaRange })
    .max(10, { error: staffRecords.cgpaRange })
    .optional(),
  cgpaMax: z.coerce
    .number({ error: staffRecords.cgpaRange })
    .min(0, { error: staffRecords.cgpaRange })
    .max(10, { error: staffRecords.cgpaRange })
    .optional(),
  verified: z.enum(['true', 'false']).optional(),
  /** A company's list: one of the colleges that allow it to recruit (the first when not given). */
  college: collegeIdParam.shape.collegeId.optional(),
  page: z.coerce
    .number({ error: staffRecords.page })
    .int({ error: staffRecords.page })
    .min(1, { error: staffRecords.page })
    .default(1),
  pageSize: z.coerce
    .number({ error: staffRecords.pageSize })
    .int({ error: staffRecords.pageSize })
    .min(1, { error: staffRecords.pageSize })
    .max(100, { error: staffRecords.pageSize })
    .default(20),
});
export type StudentListQuery = z.input<typeof studentListQuery>;

/** A bulk change staff make to many students at once, each audited on the student's record. */
export const studentBulkChange = z.discriminatedUnion(
  'action',
  [
    /** Stamp the academic details verified by the acting staff member. */
    z.object({ action: z.literal('verify') }),
    /** Allow or suspend the accounts (debarring needs a reason and an end date: one record at a time). */
    z.object({ action: z.literal('status'), status: studentStatus }),
    /** Mark not placed (placed needs the company and package: one record at a time). */
    z.object({ action: z.literal('placement'), isPlaced: z.boolean() }),
  ],
  { error: staffRecords.bulkAction },
);
export type StudentBulkChange = z.infer<typeof studentBulkChange>;

/**
 * POST /api/college-staff/students/bulk: one change for many students, chosen by their ids or as
 * "every student matching the list's filter" (the selection across pages), at most
 * `bounds.bulkRows`. Each student gets the audit rows a single edit would write; one refused
 * (the staff member's own record, an erased account) is reported without stopping the rest.
 */
export const studentBulkBody = z
  .object({
    studentIds: z
      .array(z.uuid({ error: notFound.student }), { error: staffRecords.bulkEmpty })
      .min(1, { error: staffRecords.bulkEmpty })
      .max(bounds.bulkRows, { error: staffRecords.bulkTooMany(bounds.bulkRows) })
      .optional(),
    matching: studentListQuery.omit({ page: true, pageSize: true }).optional(),
    /** With `matching`: the students unticked from "all matching". */
    exceptIds: z
      .array(z.uuid({ error: notFound.student }))
      .max(bounds.bulkRows)
      .default([]),
    change: studentBulkChange,
  })
  .refine((b) => (b.studentIds === undefined) !== (b.matching === undefined), {
    error: staffRecords.bulkSelection,
  });
export type StudentBulkBody = z.input<typeof studentBulkBody>;

/** Most internships and projects a list card carries (the spec's limit). */
export const CARD_ENTRIES = 8;
/**
 * The most of an entry's description a list card carries: the card shows company and role, and the
 * record has the whole text. Full descriptions (5,000 characters each, 16 a card) made a page of
 * 100 cards up to 12 MB.
 */
export const CARD_DESCRIPTION_CHARS = 200;

export const studentCard = z.object({
  _id: z.string(),
  name: z.string(),
  emailID: z.string(),
  rollNumber: z.string().nullable(),
  degrees: z.array(z.string()),
  cgpa: z.number().nullable(),
  yearOfPassing: z.number().nullable(),
  /** Whether the placement cell has verified the academic details. */
  verified: z.boolean(),
  role: accountStatus,
  placementStatus,
  resume: z.string(),
  internships: z.array(internship),
  projects: z.array(project),
});
export type StudentCard = z.infer<typeof studentCard>;

/** Counting stops here: past it, a search shows "500+" rather than paying to count every match. */
export const STUDENT_COUNT_CAP = 500;

export const studentPage = z.object({
  items: z.array(studentCard),
  /** Matches, counted up to STUDENT_COUNT_CAP; `totalCapped` says there are more than that. */
  total: z.number().int(),
  totalCapped: z.boolean(),
  /**
   * Past the cap only: an ESTIMATE of all the matches (the database planner's row estimate,
   * rounded to three figures), shown as "about N" (`staffRecords.matchCount`), never as a count.
   * Counting tens of thousands of matches cost the database more than the page itself. Absent when
   * `total` is exact, or when the estimate is no more than the cap ("500+" then).
   */
  totalEstimate: z.number().int().optional(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type StudentPage = z.infer<typeof studentPage>;

export const auditEntry = z.object({
  _id: z.string(),
  at: z.string(),
  by: z.string(),
  field: z.string(),
  oldValue: z.string(),
  newValue: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** A student's full record for staff: with its version (for safe edits), audit log and applications. */
export const staffStudentDetails = studentRecord.extend({
  version: z.number().int(),
  audit: z.array(auditEntry),
  applications: z.array(studentApplication),
  /** The new address of the email change under way (`emailChange`); null when none. */
  pendingEmail: z.string().nullable(),
  /** The change of the sign-in email under way, in whichever state; null when none. */
  emailChange: pendingEmailChange.nullable(),
});
export type StaffStudentDetails = z.infer<typeof staffStudentDetails>;

/** The internships and projects of a record read back, each entry with exactly the fields it was read with. */
const entriesReadBack = closedObject({
  internships: z.array(closedObject(internship.shape)),
  projects: z.array(closedObject(project.shape)),
});

/**
 * PUT /api/college-staff/updateStudentDetails: the spec's full student record. `version` is the
 * one the editor loaded; a newer record refuses the save (409). The parts staff cannot change here
 * (the picture, the verification stamp, the resume, the application status, the internships and
 * projects) may be sent back as they were read, and are refused by name when they differ from the
 * stored record; any other field (a password, notifications) is refused by name.
 */
export const updateStudentDetailsBody = closedObject({
  id: z.uuid({ error: notFound.student }),
  version: z.number().int(),
  role: studentStatus,
  personalDetail: closedObject({
    firstName: requiredText(required.firstName, 50),
    lastName: requiredText(required.lastName, 50),
    fathersName: optionalText(100),
    mothersName: optionalText(100),
    emailID: email,
    phone,
    /** Read-only here. */
    profilePicture: z.string().optional(),
  }),
  educationalDetails: closedObject({
    rollNumber: rollNumber.nullable(),
    degrees: degreeList,
    collegeName: optionalText(150),
    cgpa: cgpa.nullable(),
    yearOfPassing: yearOfPassing.nullable(),
    /** Staff vouch for the academic details: the student's later changes then wait for approval. */
    verified: z.boolean({ error: 'Please say whether the academic details are verified.' }).optional(),
    /** Read-only: who verified and when (`verified` is what staff change). */
    verification: verification.optional(),
  }),
  placementStatus: closedObject({
    isPlaced: z.boolean({ error: 'Please say whether the student is placed.' }),
    companyName: optionalText(100),
    packageOffered: z
      .number({ error: staffRecords.packageOffered })
      .positive({ error: staffRecords.packageOffered })
      .max(1000, { error: staffRecords.packageOffered })
      .nullable(),
    status: optionalText(200),
  }).refine((p) => !p.isPlaced || p.companyName !== '', {
    error: staffRecords.placedCompany,
    path: ['companyName'],
  }),
  /** Read-only here. */
  resume: z.string().optional(),
  /** Read-only here. */
  applicationStatus: z.string().optional(),
  /** Read-only here: the student keeps their own entries. */
  pastInternshipsProjects: entriesReadBack.optional(),
  /**
   * Why the student is debarred and the last day of it (null: until staff lift it), shown to the
   * student. Read only while `role` is Debarred; another status clears it. Omitted or null (as a
   * record of a student not debarred reads), it stays.
   */
  debarment: closedObject({
    reason: z
      .string({ error: policy.debarReason })
      .trim()
      .max(300, { error: policy.debarReason })
      .refine((text) => !controlCharacter.test(text), { error: policy.debarReason }),
    until: z
      .string({ error: policy.debarredUntil })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: policy.debarredUntil })
      .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: policy.debarredUntil })
      .nullable(),
  }).nullish(),
});
export type UpdateStudentDetails = z.input<typeof updateStudentDetailsBody>;

// ---- Companies and statistics ----

export const companySummary = z.object({
  _id: z.string(),
  /** The name in force (the approved one, for an approved company). */
  company: z.string(),
  /** A new name the company asked for, waiting for staff's decision; or null. */
  pendingName: z.string().nullable(),
  /** When it was asked for; null without one. */
  pendingNameAt: z.string().nullable(),
  /** This college approved the pending name, which waits for another college's approval. */
  nameApprovedHere: z.boolean(),
  recruiterName: z.string(),
  emailID: z.string(),
  role: companyStatus,
  /** The reason given with the current status, or empty. */
  statusReason: z.string(),
  signedUpAt: z.string(),
  jobs: z.number().int(),
  applicants: z.number().int(),
});
export type CompanySummary = z.infer<typeof companySummary>;

export const companyPage = pageOf(companySummary);
export type CompanyPage = z.infer<typeof companyPage>;

/** One decision about a company's account: what it became, why, who decided and when. */
export const companyStatusChange = z.object({
  status: companyStatus,
  reason: z.string(),
  by: z.string(),
  at: z.string(),
});
export type CompanyStatusChange = z.infer<typeof companyStatusChange>;

export const companyNameChange = z.object({
  event: z.enum(companyNameEvents),
  from: z.string(),
  to: z.string(),
  reason: z.string(),
  by: z.string(),
  at: z.string(),
});
export type CompanyNameChange = z.infer<typeof companyNameChange>;

export const companyDetails = companySummary.extend({
  phone: z.string(),
  jobList: z.array(jobWithCounts),
  statusHistory: z.array(companyStatusChange),
  nameHistory: z.array(companyNameChange),
});
export type CompanyDetails = z.infer<typeof companyDetails>;

export const placementStatistics = z.object({
  totalStudents: z.number().int(),
  placedStudents: z.number().int(),
  /** Placed / total, 0 to 1. */
  placementRate: z.number(),
  highestPackage: z.number().nullable(),
  medianPackage: z.number().nullable(),
  averagePackage: z.number().nullable(),
  /**
   * By programme: its degree and branch (empty for a programme without one); students with no
   * programme under the degree "Programme not chosen".
   */
  byDegree: z.array(
    z.object({ degree: z.string(), branch: z.string(), total: z.number().int(), placed: z.number().int() }),
  ),
  byYear: z.array(z.object({ year: z.number().int(), total: z.number().int(), placed: z.number().int() })),
  applicationsByStage: z.array(z.object({ stage, count: z.number().int() })),
  /** Every offer companies made (in any state), and how many were accepted, declined and lapsed. */
  offers: z.object({
    made: z.number().int(),
    accepted: z.number().int(),
    declined: z.number().int(),
    lapsed: z.number().int(),
  }),
  /** Placed students by the tier of their best accepted offer, under the policy in force; lowest tier first. */
  placedByTier: z.array(z.object({ tier: z.string(), placed: z.number().int() })),
  /** Students marked absent at drive-day interviews, and how many of those no-shows staff waived. */
  noShows: z.object({ marked: z.number().int(), waived: z.number().int() }),
});
export type PlacementStatistics = z.infer<typeof placementStatistics>;

/** PUT /api/college-staff/collegeStaffProfileUpdate: the staff member's own details; email stays. */
export const staffProfileUpdate = closedObject({
  firstName: requiredText(required.firstName, 50),
  lastName: requiredText(required.lastName, 50),
  staffID,
  phone,
});
export type StaffProfileUpdate = z.input<typeof staffProfileUpdate>;
