import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { stages } from '@portal/contracts/applications';
import { jobStatuses, jobTypes, workModes } from '@portal/contracts/jobs';
import { eventAudiences, eventKinds, registrationStatuses } from '@portal/contracts/events';
import { offerStates } from '@portal/contracts/offers';
import type { Tier } from '@portal/contracts/placement-policy';
import type { DegreeLevel } from '@portal/contracts/programmes';
import { accountStatuses } from '@portal/contracts/common';
import { changeRequestStatuses } from '@portal/contracts/academic-records';
import { companyNameEvents } from '@portal/contracts/company-names';
import { recordViewKinds } from '@portal/contracts/record-views';
import { emailChangeStates } from '@portal/contracts/email-change';
import type { EligibilitySnapshot } from '@portal/contracts/pipeline';
import type { AcademicValues } from '@portal/contracts/students';
import type { ImportValues } from '@portal/contracts/student-imports';
import type { EmailAttachment } from '../lib/mail.ts';

export const accountRole = pgEnum('account_role', ['student', 'college-staff', 'company']);
export const accountStatus = pgEnum('account_status', accountStatuses);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The college a row belongs to, when the writer does not say: the request's college (the database
 * session's `app.college_ids`, see db/college-scope.ts), or the first college for work outside a
 * request, which is the only one in a deployment of one college. Row-level security checks it.
 */
const collegeId = () =>
  integer('college_id')
    .notNull()
    .default(sql`portal_current_college()`)
    .references(() => colleges.id, { onDelete: 'restrict' });

/**
 * The colleges of this deployment (docs/architecture.md, "Colleges"). The first start has one; its
 * students, staff and settings are everything there was before colleges.
 */
export const colleges = pgTable('colleges', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  /** In addresses (`/c/<slug>/…`): lower-case letters, digits and dashes, unique. */
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /**
   * The host name the college's people reach it at (`placements.north.edu`), lower-case, no port:
   * a request to it is about this college as `/c/<slug>/` is, and its emails link there. Optional.
   */
  host: text('host').unique(),
  createdAt: createdAt(),
});

/** Everything the three kinds of user share: sign-in, status and the personal basics. */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    role: accountRole('role').notNull(),
    /**
     * Stored lower-cased; one email is one account across the three roles (a staff member who also
     * had a student account could decide about themselves). Migration 0020 makes the index unique
     * on the email alone where the data allow it (see docs/architecture.md).
     */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    status: accountStatus('status').notNull().default('Allowed'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /**
     * The name as the staff list sorts and searches it (lower case, byte order: COLLATE "C",
     * migration 0035). A plain column rather than an expression: under row-level security only a
     * condition of leakproof operators on a column can use an index (lower() is not leakproof).
     */
    sortName: text('sort_name').generatedAlwaysAs(sql`lower(first_name || ' ' || last_name)`),
    phone: text('phone').notNull(),
    /** Storage key of the profile picture, empty when none. */
    profilePicture: text('profile_picture').notNull().default(''),
    /** The college of a student or a staff member; a company belongs to none (it asks each). */
    collegeId: integer('college_id').references(() => colleges.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('accounts_email_key').on(t.email), index('accounts_college_idx').on(t.collegeId)],
);

/**
 * The college's catalogue of programmes (modules/programmes). A programme students hold is never
 * deleted, only retired (no longer offered to choose).
 */
export const programmes = pgTable(
  'programmes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: collegeId(),
    /** Upper case, unique in the college: what eligibility compares (BTECH-CSE). */
    code: text('code').notNull(),
    level: text('level').$type<DegreeLevel>().notNull(),
    degree: text('degree').notNull(),
    branch: text('branch').notNull().default(''),
    durationYears: integer('duration_years').notNull(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('programmes_college_code_key').on(t.collegeId, t.code)],
);

export const students = pgTable(
  'students',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    fathersName: text('fathers_name').notNull().default(''),
    mothersName: text('mothers_name').notNull().default(''),
    collegeId: collegeId(),
    /**
     * As the college writes it (`19BCE1234`), checked against the settings' format; unique within
     * the college, compared in upper case (the service checks, the index finds).
     */
    rollNumber: text('roll_number'),
    /** The current programme, from the catalogue; `degrees` keeps the degrees as written (earlier ones too). */
    programmeId: uuid('programme_id').references(() => programmes.id, { onDelete: 'restrict' }),
    degrees: text('degrees')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    collegeName: text('college_name').notNull().default(''),
    cgpa: doublePrecision('cgpa'),
    yearOfPassing: integer('year_of_passing'),
    /** Storage key of the resume PDF, empty when none. */
    resume: text('resume').notNull().default(''),
    isPlaced: boolean('is_placed').notNull().default(false),
    placedCompany: text('placed_company').notNull().default(''),
    packageOffered: doublePrecision('package_offered'),
    placementNote: text('placement_note').notNull().default(''),
    applicationStatus: text('application_status').notNull().default(''),
    /** Email settings: each kind of email is sent until the student turns it off. */
    emailStageChanges: boolean('email_stage_changes').notNull().default(true),
    emailInterviews: boolean('email_interviews').notNull().default(true),
    /**
     * Set when staff verified the academic details (roll number, degrees, college, CGPA, year); from
     * then on the student's own changes to them wait for the placement cell's approval.
     */
    academicsVerifiedAt: timestamp('academics_verified_at', { withTimezone: true }),
    academicsVerifiedById: uuid('academics_verified_by_id').references(() => accounts.id, {
      onDelete: 'set null',
    }),
    academicsVerifiedByName: text('academics_verified_by_name').notNull().default(''),
    /** Why staff debarred the student, and until when (null: until lifted), shown to the student. */
    debarReason: text('debar_reason').notNull().default(''),
    debarredUntil: date('debarred_until', { mode: 'string' }),
    /** Bumped on every change, so a stale edit can be detected and refused. */
    version: integer('version').notNull().default(1),
  },
  // Uniqueness and the staff search compare roll numbers in upper case.
  (t) => [
    index('students_roll_number_upper_idx').on(sql`upper(${t.rollNumber})`),
    index('students_programme_idx').on(t.programmeId),
    index('students_college_idx').on(t.collegeId),
    // The staff home's placed count: the college's students marked placed, counted from the index.
    index('students_college_placed_idx')
      .on(t.collegeId)
      .where(sql`${t.isPlaced}`),
  ],
);

export const staffMembers = pgTable('staff_members', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  staffId: text('staff_id').notNull(),
});

export const companies = pgTable('companies', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  staffId: text('staff_id').notNull(),
  name: text('name').notNull(),
  /** Email setting: an email for each new applicant, until the company turns it off. */
  emailNewApplicants: boolean('email_new_applicants').notNull().default(true),
  /** The placement cell's reason for the current status (shown to the company), or empty. */
  statusReason: text('status_reason').notNull().default(''),
  /**
   * A new name an approved company asked for, waiting for staff; `name` stays the approved one,
   * which students, applicants and every notice see until staff approve this. Null without one.
   */
  pendingName: text('pending_name'),
  /** When the pending name was asked for (who asked is in company_name_changes). */
  pendingNameAt: timestamp('pending_name_at', { withTimezone: true }),
});

export const companyNameEvent = pgEnum('company_name_event', companyNameEvents);

/** Every change to a company's name, asked for or decided: what from and to, who, when, why. */
export const companyNameChanges = pgTable(
  'company_name_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.accountId, { onDelete: 'cascade' }),
    event: companyNameEvent('event').notNull(),
    fromName: text('from_name').notNull(),
    toName: text('to_name').notNull(),
    reason: text('reason').notNull().default(''),
    actorId: uuid('actor_id').references(() => accounts.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    /** The college whose staff decided; null for the company's own asks (every college reads those). */
    collegeId: integer('college_id').references(() => colleges.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [index('company_name_changes_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * A company's standing at each college it asked to recruit at: each college's staff approve,
 * suspend or reject it on their own. The company account's own status (accounts.status) is the
 * summary of these rows, kept by the trigger of migration 0031: Allowed where any college allows
 * it, else Pending where any is still to decide, else Suspended, else Rejected.
 */
export const companyColleges = pgTable(
  'company_colleges',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.accountId, { onDelete: 'cascade' }),
    collegeId: collegeId(),
    /** No default: migration 0031 runs where the enum's values may be new in the same transaction. */
    status: accountStatus('status').notNull(),
    /** The reason given with the college's last decision, shown to the company. */
    statusReason: text('status_reason').notNull().default(''),
    /**
     * The new name this college's staff approved while it waits for the other colleges' (null:
     * none); a name counts only while it is the company's pending one, and a new ask clears it.
     */
    approvedName: text('approved_name'),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.collegeId] }),
    index('company_colleges_college_idx').on(t.collegeId, t.status),
  ],
);

/** Every decision about a company at a college (approval, rejection, suspension): who, when, why. */
export const companyStatusChanges = pgTable(
  'company_status_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.accountId, { onDelete: 'cascade' }),
    collegeId: collegeId(),
    status: accountStatus('status').notNull(),
    reason: text('reason').notNull(),
    actorId: uuid('actor_id').references(() => accounts.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('company_status_changes_company_idx').on(t.companyId, t.createdAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's token: a leaked table does not yield usable sessions. */
    tokenHash: text('token_hash').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Seven days after sign-in at most, however active the session. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Last request, kept to the nearest few minutes: a session idle for 12 hours ends. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_account_idx').on(t.accountId)],
);

/**
 * Browsers that have signed in to an account (OWASP's device cookies): a sign-in attempt from one
 * is counted against that browser alone, so guesses from elsewhere never keep its owner out
 * (modules/auth/signin-throttle.ts). One browser, one cookie, trusted for any number of accounts.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    /** SHA-256 of the cookie's token, which is new after every sign-in in that browser. */
    tokenHash: text('token_hash').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** A year after the browser last signed in to the account. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tokenHash, t.accountId] }),
    index('trusted_devices_account_idx').on(t.accountId),
    index('trusted_devices_expires_idx').on(t.expiresAt),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    sender: text('sender').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /**
     * The student a notification to someone else is about (a company's "… applied for …"): it is
     * shown only while its reader may see students (modules/student-visibility).
     */
    aboutStudentId: uuid('about_student_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** The web page the notification is about (contracts' links.ts), or empty: the bell links to it. */
    link: text('link').notNull().default(''),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_account_created_idx').on(t.accountId, t.createdAt),
    index('notifications_about_student_idx')
      .on(t.aboutStudentId)
      .where(sql`${t.aboutStudentId} is not null`),
    // Notifications older than 90 days are deleted (notifications.service pruneOld).
    index('notifications_created_idx').on(t.createdAt),
  ],
);

const studentEntry = {
  id: uuid('id').primaryKey().defaultRandom(),
  studentId: uuid('student_id')
    .notNull()
    .references(() => students.accountId, { onDelete: 'cascade' }),
  duration: text('duration').notNull(),
  description: text('description').notNull(),
  createdAt: createdAt(),
};

export const internships = pgTable(
  'internships',
  { ...studentEntry, company: text('company').notNull(), role: text('role').notNull() },
  (t) => [index('internships_student_idx').on(t.studentId, t.createdAt)],
);

export const projects = pgTable(
  'projects',
  { ...studentEntry, title: text('title').notNull(), link: text('link').notNull() },
  (t) => [index('projects_student_idx').on(t.studentId, t.createdAt)],
);

export const jobStatus = pgEnum('job_status', jobStatuses);
export const jobType = pgEnum('job_type', jobTypes);
export const workMode = pgEnum('work_mode', workModes);
export const offerState = pgEnum('offer_state', offerStates);
export const applicationStage = pgEnum('application_stage', stages);

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.accountId, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    description: text('description').notNull(),
    qualifications: text('qualifications').array().notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    applicationDeadline: date('application_deadline', { mode: 'string' }).notNull(),
    status: jobStatus('status').notNull().default('Open'),
    /** Eligibility, all optional: null or empty means anyone. */
    minCgpa: doublePrecision('min_cgpa'),
    eligibleDegrees: text('eligible_degrees')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    eligibleYears: integer('eligible_years')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /**
     * Who the job is open to by programme: `level:Postgraduate`, `degree:B.Tech`,
     * `programme:BTECH-CSE` (contracts/programmes.ts); empty means any. `eligible_degrees` keeps
     * the labels as shown.
     */
    eligibleProgrammes: text('eligible_programmes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    type: jobType('type').notNull().default('Full-time'),
    /** In LPA; decides the job's tier under the placement policy (none: the lowest tier). */
    package: doublePrecision('package'),
    /** The place of work as the company writes it; empty when not given. */
    location: text('location').notNull().default(''),
    workMode: workMode('work_mode').notNull().default('On-site'),
    /** The event (its pre-placement talk) a student must have attended to apply (modules/events). */
    requiredEventId: uuid('required_event_id').references((): AnyPgColumn => events.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_company_idx').on(t.companyId, t.createdAt),
    index('jobs_open_deadline_idx').on(t.status, t.applicationDeadline),
  ],
);

export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.accountId, { onDelete: 'cascade' }),
    /**
     * The student's college, whatever the writer says (migration 0036's trigger sets it from the
     * student), so the college wall is a plain comparison and each college's counts read an index.
     */
    collegeId: collegeId(),
    stage: applicationStage('stage').notNull().default('Form Submitted'),
    scheduleAt: timestamp('schedule_at', { withTimezone: true }),
    schedulePlace: text('schedule_place').notNull().default(''),
    /**
     * The SEQUENCE of the calendar invite sent for the schedule: one more at each schedule,
     * reschedule or cancellation, so calendar apps apply the newest (lib/icalendar.ts).
     */
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    /** The package of an Offer Letter, in LPA. */
    packageOffered: doublePrecision('package_offered'),
    /** The academic facts eligibility was decided on when the student applied. */
    eligibilitySnapshot: jsonb('eligibility_snapshot').$type<EligibilitySnapshot>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One application per student and job: two concurrent clicks make one row.
    uniqueIndex('applications_job_student_key').on(t.jobId, t.studentId),
    index('applications_student_idx').on(t.studentId, t.createdAt),
    index('applications_job_stage_idx').on(t.jobId, t.stage),
    // A college's applications by stage (statistics, homes).
    index('applications_college_stage_idx').on(t.collegeId, t.stage),
    // The homes' interviews of a day (modules/homes): only scheduled applications are indexed.
    index('applications_schedule_at_idx')
      .on(t.scheduleAt)
      .where(sql`${t.scheduleAt} is not null`),
  ],
);

/** Every stage an application reached, who moved it there and when. */
export const applicationEvents = pgTable(
  'application_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    stage: applicationStage('stage').notNull(),
    /** Set when the event is a change of the application's offer (made, accepted, lapsed …). */
    offerState: offerState('offer_state'),
    /** A reason that went with the event (an offer withdrawn or revoked), or empty. */
    note: text('note').notNull().default(''),
    actorId: uuid('actor_id').references(() => accounts.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    /** The application's college, set by migration 0043's trigger whatever the writer says. */
    collegeId: collegeId(),
    createdAt: createdAt(),
  },
  (t) => [
    index('application_events_application_idx').on(t.applicationId, t.createdAt),
    // Staff's home: the college's newest stage changes (modules/homes).
    index('application_events_college_created_idx').on(t.collegeId, t.createdAt),
  ],
);

/**
 * An application's offer (at most one): the package, the date to answer by, and its state. The
 * student's placement record follows from their Accepted offers.
 */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.accountId, { onDelete: 'cascade' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    /** The student's college, set by migration 0036's trigger as an application's is. */
    collegeId: collegeId(),
    package: doublePrecision('package').notNull(),
    decideBy: date('decide_by', { mode: 'string' }).notNull(),
    state: offerState('state').notNull().default('Offered'),
    /** The tier of the job's package under the policy version in force when the offer was made. */
    tierName: text('tier_name').notNull(),
    policyVersion: integer('policy_version').notNull(),
    reason: text('reason').notNull().default(''),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('offers_application_key').on(t.applicationId),
    index('offers_student_state_idx').on(t.studentId, t.state),
    // A college's offers by state (statistics, homes).
    index('offers_college_state_idx').on(t.collegeId, t.state),
    index('offers_open_decide_by_idx')
      .on(t.decideBy)
      .where(sql`${t.state} = 'Offered'`),
  ],
);

/** Every change staff make to a student record: who, when, which field, old and new value. */
export const studentAuditLog = pgTable(
  'student_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.accountId, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => accounts.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    field: text('field').notNull(),
    oldValue: text('old_value').notNull(),
    newValue: text('new_value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('student_audit_log_student_idx').on(t.studentId, t.createdAt)],
);

/**
 * Links for choosing a new password. Only the SHA-256 of the emailed token is kept; a link works
 * once, for an hour, and a newer request replaces every older link of the account.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash),
    index('password_reset_tokens_account_idx').on(t.accountId),
  ],
);

/**
 * Emails waiting to be sent, written in the same transaction as the change they tell about, so a
 * committed change always gets its email and a rolled-back one never does. A sender in the server
 * takes due rows, sends them and records the outcome; a failed send is retried with a growing wait.
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    /**
     * The account the email goes to (its address may have changed since, or be one it is still
     * to confirm): erasing the account deletes its emails by this, whatever address they went to.
     * Null only for rows queued before it was kept that no single account's address matched.
     */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /**
     * Files sent with the email (a calendar invite), written with it so every retry and every
     * server process sends the same bytes.
     */
    attachments: jsonb('attachments').$type<EmailAttachment[]>().notNull().default([]),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the sender gave up after its last attempt. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_emails_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    index('outbox_emails_created_idx').on(t.createdAt),
    index('outbox_emails_account_idx').on(t.accountId),
  ],
);

/** A student's change to verified academic details, waiting for (or decided by) the placement cell. */
export const changeRequestStatus = pgEnum('change_request_status', changeRequestStatuses);

export const academicChangeRequests = pgTable(
  'academic_change_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.accountId, { onDelete: 'cascade' }),
    oldValues: jsonb('old_values').$type<AcademicValues>().notNull(),
    newValues: jsonb('new_values').$type<AcademicValues>().notNull(),
    status: changeRequestStatus('status').notNull().default('Pending'),
    reason: text('reason').notNull().default(''),
    decidedById: uuid('decided_by_id').references(() => accounts.id, { onDelete: 'set null' }),
    decidedByName: text('decided_by_name'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('academic_change_requests_status_idx').on(t.status, t.createdAt),
    // At most one request waits per student: a newer change replaces the waiting one's values.
    uniqueIndex('academic_change_requests_one_pending_key')
      .on(t.studentId)
      .where(sql`${t.status} = 'Pending'`),
  ],
);

/**
 * A degree text staff mapped to a programme on the "Unmapped degrees" screen (matched by
 * `matchKey`): students who write it later get the programme too.
 */
export const degreeMappings = pgTable(
  'degree_mappings',
  {
    collegeId: collegeId(),
    textKey: text('text_key').notNull(),
    text: text('text').notNull(),
    programmeId: uuid('programme_id')
      .notNull()
      .references(() => programmes.id, { onDelete: 'restrict' }),
    mappedById: uuid('mapped_by_id').references(() => accounts.id, { onDelete: 'set null' }),
    mappedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.collegeId, t.textKey] })],
);

/** Each college's placement cell settings: one row per college, its id the college's. */
export const collegeSettings = pgTable('college_settings', {
  id: integer('id')
    .primaryKey()
    .default(sql`portal_current_college()`)
    .references(() => colleges.id, { onDelete: 'cascade' }),
  requireVerifiedAcademics: boolean('require_verified_academics').notNull().default(false),
  /** How the college writes roll numbers: a regular expression for the whole value. */
  rollNumberFormat: text('roll_number_format').notNull().default('[A-Za-z0-9/-]+'),
  /**
   * Months after the year of passing after which graduates' accounts are erased in bulk
   * (modules/own-data); null: off.
   */
  retentionMonths: integer('retention_months'),
  /**
   * The placement cell as the public pages (About, Contact) show it, edited by staff
   * (modules/placement-cell); empty until they fill it in.
   */
  placementCellName: text('placement_cell_name').notNull().default(''),
  placementCellAddress: text('placement_cell_address').notNull().default(''),
  placementCellEmail: text('placement_cell_email').notNull().default(''),
  placementCellPhone: text('placement_cell_phone').notNull().default(''),
  updatedById: uuid('updated_by_id').references(() => accounts.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A new sign-in email waiting for confirmation from that address. Only the SHA-256 of the emailed
 * token is kept; a link works once, for 24 hours, and a newer request replaces the older ones.
 */
export const emailChangeState = pgEnum('email_change_state', emailChangeStates);

/**
 * A change of a student's sign-in email asked for by staff, through its states (contracts'
 * email-change.ts). At most one per account is open; a newer request replaces it.
 */
export const emailChangeRequests = pgTable(
  'email_change_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    state: emailChangeState('state').notNull().default('AwaitingStudent'),
    requestedById: uuid('requested_by_id').references(() => accounts.id, { onDelete: 'set null' }),
    requestedByName: text('requested_by_name').notNull(),
    /** The staff member who marked that the student cannot reach the current address. */
    lostAddressById: uuid('lost_address_by_id').references(() => accounts.id, { onDelete: 'set null' }),
    lostAddressByName: text('lost_address_by_name').notNull().default(''),
    secondApproverId: uuid('second_approver_id').references(() => accounts.id, { onDelete: 'set null' }),
    secondApproverName: text('second_approver_name').notNull().default(''),
    /** Waiting: when the confirmation link goes to the new address. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** An open request lapses at this time (null while Waiting: the wait ends at `dueAt`). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_change_requests_account_idx').on(t.accountId, t.createdAt),
    // One open change per account: two staff asking at once cannot both start one.
    uniqueIndex('email_change_requests_open_key')
      .on(t.accountId)
      .where(
        sql`${t.state} in ('AwaitingStudent', 'AwaitingSecondApproval', 'Waiting', 'AwaitingConfirmation')`,
      ),
    index('email_change_requests_due_idx')
      .on(t.dueAt)
      .where(sql`${t.state} = 'Waiting'`),
  ],
);

/** What an email-change link does: confirm the new address, or answer the request from the current one. */
export const emailChangeLinkPurpose = pgEnum('email_change_link_purpose', ['confirm', 'answer']);

export const emailChangeTokens = pgTable(
  'email_change_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The change the link belongs to; links from before requests existed have none and no longer work. */
    requestId: uuid('request_id').references(() => emailChangeRequests.id, { onDelete: 'cascade' }),
    purpose: emailChangeLinkPurpose('purpose').notNull().default('confirm'),
    newEmail: text('new_email').notNull(),
    requestedById: uuid('requested_by_id').references(() => accounts.id, { onDelete: 'set null' }),
    requestedByName: text('requested_by_name').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_change_tokens_hash_key').on(t.tokenHash),
    index('email_change_tokens_account_idx').on(t.accountId),
  ],
);

export const recordViewKind = pgEnum('record_view_kind', recordViewKinds);

/** Each look at a student's full record or resume by a company or staff member, for the student to read. */
export const recordViews = pgTable(
  'record_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.accountId, { onDelete: 'cascade' }),
    viewerId: uuid('viewer_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** The company's name, or the placement cell with the staff member's name, as it was then. */
    viewerName: text('viewer_name').notNull(),
    what: recordViewKind('what').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('record_views_student_idx').on(t.studentId, t.createdAt),
    index('record_views_viewer_idx').on(t.viewerId, t.studentId, t.createdAt),
  ],
);

/** Every saved version of each college's placement policy; the highest version is in force. */
export const placementPolicies = pgTable(
  'placement_policies',
  {
    collegeId: collegeId(),
    version: integer('version').notNull(),
    maxAcceptedOffers: integer('max_accepted_offers').notNull(),
    tiers: jsonb('tiers').$type<Tier[]>().notNull(),
    higherTierAfterPlaced: boolean('higher_tier_after_placed').notNull(),
    internshipsCount: boolean('internships_count').notNull(),
    decisionDays: integer('decision_days').notNull(),
    /** No-shows in a season that debar a student (0: no penalty), and for how many days. */
    noShowLimit: integer('no_show_limit').notNull().default(2),
    noShowDebarDays: integer('no_show_debar_days').notNull().default(14),
    /** On a drive day, a student's higher-tier jobs are allotted before their own ranking. */
    driveDayHigherTiersFirst: boolean('drive_day_higher_tiers_first').notNull().default(false),
    createdById: uuid('created_by_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.collegeId, t.version] })],
);

/**
 * A new job to announce to the students eligible for it: written with the job (or with the
 * company's approval), delivered after the response by a background worker (modules/announcements)
 * in batches of students by id. `afterStudentId` is how far it got, advanced in the same transaction
 * as each batch's notifications, so a process that dies mid-way loses and repeats nothing; the
 * lease (`leaseToken`, `nextAttemptAt`) keeps two processes from delivering one at once. The
 * criteria are the service's, taken when the job was announced.
 */
export const jobAnnouncements = pgTable(
  'job_announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    sender: text('sender').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    verifiedOnly: boolean('verified_only').notNull(),
    minCgpa: doublePrecision('min_cgpa'),
    /** Trimmed and lower-cased; empty means any degree. */
    degrees: text('degrees').array().notNull(),
    /** The job's programme targets when announced; empty means any programme. */
    programmes: text('programmes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Empty means any year of passing. */
    years: integer('years').array().notNull(),
    /** The colleges whose students hear of the job: those it is posted to that allow its company. */
    colleges: integer('colleges')
      .array()
      .notNull()
      .default(sql`'{1}'::integer[]`),
    afterStudentId: uuid('after_student_id'),
    delivered: integer('delivered').notNull().default(0),
    leaseToken: uuid('lease_token'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('job_announcements_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.doneAt} is null`),
    index('job_announcements_done_idx').on(t.doneAt),
  ],
);

/**
 * One message written to many (modules/messaging): a company's to the applicants of its job at a
 * stage, or staff's to the students a list's filters chose. The template is kept as written; each
 * recipient's filled text is in `message_recipients`.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderId: uuid('sender_id').references(() => accounts.id, { onDelete: 'set null' }),
    senderRole: accountRole('sender_role').notNull(),
    /** The sender as recipients read it: the company's name, or the placement cell with the staff member's name. */
    senderName: text('sender_name').notNull(),
    /** The job whose applicants it went to; null for a staff message. */
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'cascade' }),
    stage: applicationStage('stage'),
    /** The staff list's filters it went to, as words ("Year 2026, not placed"); empty for a job's. */
    filters: text('filters').notNull().default(''),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    recipientCount: integer('recipient_count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_job_created_idx').on(t.jobId, t.createdAt),
    // The hourly limit counts a sender's recent messages.
    index('messages_sender_created_idx').on(t.senderId, t.createdAt),
  ],
);

/** Who a message went to, with the subject and body as filled for them. */
export const messageRecipients = pgTable(
  'message_recipients',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The application it reached the student through, when sent to a job's stage: its timeline shows it. */
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.studentId] }),
    index('message_recipients_application_idx').on(t.applicationId),
    index('message_recipients_student_idx').on(t.studentId),
  ],
);

export const studentImportStatus = pgEnum('student_import_status', ['pending', 'applied', 'discarded']);

/**
 * A file of students staff uploaded, checked and waiting for confirmation (modules/student-imports):
 * the rows that passed the checks, as they would be written, how many did not, and a digest of
 * what the preview said it would do, so confirming applies exactly that or nothing. The rows are
 * emptied once it is applied or discarded.
 */
export const studentImports = pgTable(
  'student_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: collegeId(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    status: studentImportStatus('status').notNull().default('pending'),
    rows: jsonb('rows').$type<{ row: number; values: ImportValues }[]>().notNull(),
    errorCount: integer('error_count').notNull(),
    planDigest: text('plan_digest').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('student_imports_created_idx').on(t.createdAt)],
);

/**
 * Private calendar feed links (GET /api/calendar/<token>.ics), one per account at most. Only the
 * SHA-256 of the token is kept, as for sessions; creating a new link replaces the old one.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_key').on(t.tokenHash)],
);

/**
 * The colleges a job is posted to: each college's students see only the jobs posted to it. A job
 * posted before colleges belongs to the first college.
 */
export const jobColleges = pgTable(
  'job_colleges',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    collegeId: collegeId(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.collegeId] }), index('job_colleges_college_idx').on(t.collegeId)],
);

/*
 * Drive days (modules/drive-days): a day many companies interview on campus at once. Times of the
 * day are minutes from the day's midnight in the deployment's TIME_ZONE (the allotment engine's
 * unit); instants (published slots, cut-offs) are timestamps.
 */
export const driveDayStatus = pgEnum('drive_day_status', ['draft', 'published']);

export const driveDays = pgTable(
  'drive_days',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: collegeId(),
    date: date('date', { mode: 'string' }).notNull(),
    status: driveDayStatus('status').notNull().default('draft'),
    /** The least time between two of a student's interviews (moving rooms). */
    gapMinutes: integer('gap_minutes').notNull().default(10),
    /** Students rank their companies until this instant. */
    rankingCutoff: timestamp('ranking_cutoff', { withTimezone: true }).notNull(),
    /** The last allotment run (engine output, not yet published), shown as the preview. */
    preview: jsonb('preview'),
    /** The allotment last published (engine form): what a change on the day re-allots from. */
    published: jsonb('published'),
    declaredById: uuid('declared_by_id').references(() => accounts.id, { onDelete: 'set null' }),
    declaredByName: text('declared_by_name').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('drive_days_college_date_key').on(t.collegeId, t.date)],
);

export const driveDayRooms = pgTable(
  'drive_day_rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    driveDayId: uuid('drive_day_id')
      .notNull()
      .references(() => driveDays.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('drive_day_rooms_name_key').on(t.driveDayId, t.name)],
);

/** A panel interviewing for a job's interview stage on the day: in a room or online. */
export const driveDayPanels = pgTable(
  'drive_day_panels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    driveDayId: uuid('drive_day_id')
      .notNull()
      .references(() => driveDays.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    stage: applicationStage('stage').notNull(),
    roomId: uuid('room_id').references(() => driveDayRooms.id, { onDelete: 'restrict' }),
    onlineLink: text('online_link').notNull().default(''),
    interviewers: text('interviewers').array().notNull(),
    slotMinutes: integer('slot_minutes').notNull(),
    bufferMinutes: integer('buffer_minutes').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
    /** Closed from this minute of the day on (a change on the day). */
    closedFrom: integer('closed_from'),
    /** The panel running late: each delay moves the slots from `from` on by `minutes`. */
    delays: jsonb('delays').$type<{ from: number; minutes: number }[]>().notNull().default([]),
    /** Set when the company lets students book this panel's slots instead of the allotment. */
    selfBooking: boolean('self_booking').notNull().default(false),
    /** Students may book or rebook until this instant. */
    bookingDeadline: timestamp('booking_deadline', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('drive_day_panels_day_idx').on(t.driveDayId, t.jobId)],
);

/** A company's order of its shortlist for a job's stage on the day (the first most wanted). */
export const driveDayShortlists = pgTable(
  'drive_day_shortlists',
  {
    driveDayId: uuid('drive_day_id')
      .notNull()
      .references(() => driveDays.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.driveDayId, t.applicationId] })],
);

/** A student's ranking of the jobs they interview for on the day, given before the cut-off. */
export const driveDayRankings = pgTable(
  'drive_day_rankings',
  {
    driveDayId: uuid('drive_day_id')
      .notNull()
      .references(() => driveDays.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.accountId, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.driveDayId, t.applicationId] }),
    index('drive_day_rankings_student_idx').on(t.studentId, t.driveDayId),
  ],
);

/**
 * A published interview: a slot of a panel given to a student's application, by the allotment or
 * booked by the student. The calendar entry is the application's stage entry (calendar-events.ts
 * `stageUid`), so a later move updates it. One live interview per panel slot and per application:
 * two bookings of one slot at the same moment make one row (the unique indexes decide, not a read).
 */
export const driveDayInterviews = pgTable(
  'drive_day_interviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    driveDayId: uuid('drive_day_id')
      .notNull()
      .references(() => driveDays.id, { onDelete: 'cascade' }),
    panelId: uuid('panel_id')
      .notNull()
      .references(() => driveDayPanels.id, { onDelete: 'cascade' }),
    slot: integer('slot').notNull(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.accountId, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    calendarUid: text('calendar_uid').notNull(),
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    /** False once moved off this slot or cancelled (kept for the history of the day). */
    live: boolean('live').notNull().default(true),
    booked: boolean('booked').notNull().default(false),
    /*
     * The room board (the day itself): when the student arrived, went into the room and came out,
     * each with who tapped it, and the result entered at check-out (which moved the application).
     */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInBy: text('checked_in_by'),
    calledInAt: timestamp('called_in_at', { withTimezone: true }),
    calledInBy: text('called_in_by'),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }),
    checkedOutBy: text('checked_out_by'),
    result: text('result').$type<'next-stage' | 'rejected'>(),
    resultById: uuid('result_by_id').references(() => accounts.id, { onDelete: 'set null' }),
    resultBy: text('result_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('drive_day_interviews_slot_key')
      .on(t.panelId, t.slot)
      .where(sql`${t.live}`),
    uniqueIndex('drive_day_interviews_application_key')
      .on(t.driveDayId, t.applicationId)
      .where(sql`${t.live}`),
    // One student in a panel's room at a time: two call-ins at once make one (the board's rule).
    uniqueIndex('drive_day_interviews_in_room_key')
      .on(t.panelId)
      .where(sql`${t.live} and ${t.calledInAt} is not null and ${t.checkedOutAt} is null`),
    index('drive_day_interviews_student_idx').on(t.studentId, t.startAt),
  ],
);

/**
 * A coordinator of a drive day: a student volunteer or junior staff member of the college whom staff
 * made a coordinator for the day, looking after the panels of some companies or in some rooms
 * (either list may be empty, not both). They see the board of that scope, check students in and out
 * and mark no-shows; they enter no result.
 */
export const driveDayCoordinators = pgTable(
  'drive_day_coordinators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    driveDayId: uuid('drive_day_id')
      .notNull()
      .references(() => driveDays.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Company account ids. */
    companyIds: uuid('company_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    roomIds: uuid('room_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    assignedById: uuid('assigned_by_id').references(() => accounts.id, { onDelete: 'set null' }),
    assignedByName: text('assigned_by_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('drive_day_coordinators_key').on(t.driveDayId, t.accountId),
    index('drive_day_coordinators_account_idx').on(t.accountId),
  ],
);

/** The no-show ledger: a student marked absent at a slot, by whom, when and why; waivable by staff. */
export const noShows = pgTable(
  'no_shows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    interviewId: uuid('interview_id')
      .notNull()
      .references(() => driveDayInterviews.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.accountId, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    markedById: uuid('marked_by_id').references(() => accounts.id, { onDelete: 'set null' }),
    markedByName: text('marked_by_name').notNull(),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull(),
    waivedReason: text('waived_reason'),
    waivedById: uuid('waived_by_id').references(() => accounts.id, { onDelete: 'set null' }),
    waivedByName: text('waived_by_name'),
    waivedAt: timestamp('waived_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('no_shows_interview_key').on(t.interviewId),
    index('no_shows_student_idx').on(t.studentId, t.markedAt),
  ],
);

/**
 * A college's OpenID Connect providers (modules/college-signin): students, staff or companies sign
 * in through them, matched by a verified email in one of the allowed domains. The client secret is
 * written by staff and read only to call the provider's token endpoint; no answer carries it.
 */
export const signinProviders = pgTable(
  'signin_providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: integer('college_id')
      .notNull()
      .default(1)
      .references(() => collegeSettings.id),
    kind: text('kind', { enum: ['google', 'microsoft', 'other'] }).notNull(),
    displayName: text('display_name').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecret: text('client_secret').notNull(),
    allowedDomains: text('allowed_domains').array().notNull(),
    roles: accountRole('roles').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    updatedById: uuid('updated_by_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('signin_providers_college_idx').on(t.collegeId)],
);

/** Whether a college's students and staff may still sign in with a password (companies always may). */
export const passwordSignin = pgTable('password_signin', {
  collegeId: integer('college_id')
    .primaryKey()
    .default(1)
    .references(() => collegeSettings.id),
  students: boolean('students').notNull().default(true),
  staff: boolean('staff').notNull().default(true),
  updatedById: uuid('updated_by_id').references(() => accounts.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A sign-in through a provider under way: the browser holds a random token (HttpOnly cookie, path
 * /api/oidc/, 10 minutes) whose SHA-256 keys the state, nonce and PKCE verifier kept here, so the
 * provider's answer is accepted only in the browser that asked for it, once.
 */
export const providerSignins = pgTable(
  'provider_signins',
  {
    tokenHash: text('token_hash').primaryKey(),
    collegeId: integer('college_id')
      .notNull()
      .default(1)
      .references(() => collegeSettings.id),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => signinProviders.id, { onDelete: 'cascade' }),
    role: accountRole('role').notNull(),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('provider_signins_expires_idx').on(t.expiresAt)],
);

/**
 * What each signed-in browser's live stream (`GET /api/live`) carries: a notification arrived, an
 * application moved, a slot or board changed. Written in the transaction of the change it tells of
 * (modules/live/publish.ts); a trigger NOTIFYs `live_events` once per INSERT statement at
 * commit (its rows, or the ranges of their ids: migration 0038), and every server instance LISTENs. Bounded (the `live-events` worker keeps the last hours
 * and the last few hundred per account): a browser that reconnects with `Last-Event-ID` is sent
 * what it missed from here.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('live_events_account_idx').on(t.accountId, t.id),
    index('live_events_created_idx').on(t.createdAt),
  ],
);

/**
 * The changes a college's figures read (statistics, the staff's home): one row per statement that
 * wrote its students, applications, offers, no-shows, programmes or placement policy, added by statement-level
 * triggers (migration 0040). Its figures are cached per college under the number of changes so
 * far (`college_change_counts.folded` plus the rows here), which every committed change raises,
 * whatever order writers commit in; the `college-changes` worker folds rows older than a minute
 * into that count (`foldCollegeChanges` in modules/statistics/statistics.repo.ts).
 */
export const collegeChanges = pgTable(
  'college_changes',
  {
    // No key and no foreign key: a writer's insert is one heap row and one index entry, and takes
    // no lock on the college's row (a foreign key would share-lock it for every writing statement).
    collegeId: integer('college_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('college_changes_college_idx').on(t.collegeId)],
);

/** The changes folded out of `college_changes`, per college. */
export const collegeChangeCounts = pgTable('college_change_counts', {
  collegeId: integer('college_id')
    .primaryKey()
    .references(() => colleges.id, { onDelete: 'cascade' }),
  folded: bigint('folded', { mode: 'number' }).notNull().default(0),
});

/*
 * Events (modules/events): pre-placement talks, tests and group discussions of a college, made by
 * its staff or by a company for one of its jobs; who may register is `audience` (with the job and
 * stage it names). Registrations past `capacity` wait, promoted in order of `registered_at`.
 */
export const eventKind = pgEnum('event_kind', eventKinds);
export const eventAudience = pgEnum('event_audience', eventAudiences);
export const registrationStatus = pgEnum('event_registration_status', registrationStatuses);

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: collegeId(),
    kind: eventKind('kind').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    place: text('place').notNull().default(''),
    onlineLink: text('online_link').notNull().default(''),
    capacity: integer('capacity').notNull(),
    audience: eventAudience('audience').notNull(),
    jobId: uuid('job_id').references((): AnyPgColumn => jobs.id, { onDelete: 'cascade' }),
    stage: applicationStage('stage'),
    /** The company that made it; null when the placement cell did. */
    companyId: uuid('company_id').references(() => companies.accountId, { onDelete: 'cascade' }),
    createdById: uuid('created_by_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
    /** When staff or the owning company cancelled it: registration closes and it stays listed as such. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /**
     * The calendar entry's SEQUENCE: raised with each change of time or place and by the
     * cancellation, in their statement, so a calendar that imported the invite applies the newest.
     */
    calendarSequence: integer('calendar_sequence').notNull().default(0),
  },
  (t) => [
    index('events_college_starts_idx').on(t.collegeId, t.startsAt),
    index('events_company_idx').on(t.companyId),
  ],
);

export const eventRegistrations = pgTable(
  'event_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.accountId, { onDelete: 'cascade' }),
    status: registrationStatus('status').notNull(),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull(),
    /** The waiting list's order: taken under the event's row lock, so it is the order of arrival. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    attendedAt: timestamp('attended_at', { withTimezone: true }),
    attendanceById: uuid('attendance_by_id').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('event_registrations_key').on(t.eventId, t.studentId),
    index('event_registrations_student_idx').on(t.studentId),
  ],
);

/**
 * A university's placement directors (modules/university): staff accounts the operator appointed
 * (`npm run college -- director <email>`), who read every college's statistics side by side.
 */
export const universityDirectors = pgTable('university_directors', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  appointedAt: timestamp('appointed_at', { withTimezone: true }).notNull().defaultNow(),
});
