import { z } from 'zod';
import { http, invalid, paging, required } from './messages.ts';

/** The body every response carries: `message` holds the data on success, the error text on failure. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ message: data });
export const errorBody = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

/** Erased: a student's account closed after graduation (modules/own-data); it cannot sign in. */
export const accountStatuses = ['Allowed', 'Suspended', 'Debarred', 'Pending', 'Rejected', 'Erased'] as const;
export const accountStatus = z.enum(accountStatuses);
export type AccountStatus = z.infer<typeof accountStatus>;

/** A student's account is Allowed, Suspended or Debarred; Pending and Rejected are for companies. */
export const studentStatuses = ['Allowed', 'Suspended', 'Debarred'] as const;
export const studentStatus = z.enum(studentStatuses);
export type StudentStatus = z.infer<typeof studentStatus>;
export const isStudentStatus = (s: AccountStatus): s is StudentStatus =>
  (studentStatuses as readonly string[]).includes(s);

/**
 * A student record's status as it is shown: one of the student statuses, or Erased once the
 * placement cell closed the account (staff still open the record; nobody can edit it).
 */
export const studentRecordStatuses = [...studentStatuses, 'Erased'] as const;
export const studentRecordStatus = z.enum(studentRecordStatuses);
export type StudentRecordStatus = z.infer<typeof studentRecordStatus>;

/**
 * A company starts Pending until the placement cell approves it (Allowed) or turns it down
 * (Rejected); an approved company can be Suspended and allowed again.
 */
export const companyStatuses = ['Pending', 'Allowed', 'Suspended', 'Rejected'] as const;
export const companyStatus = z.enum(companyStatuses);
export type CompanyStatus = z.infer<typeof companyStatus>;
export const isCompanyStatus = (s: AccountStatus): s is CompanyStatus =>
  (companyStatuses as readonly string[]).includes(s);

export const roles = ['student', 'college-staff', 'company'] as const;
export const role = z.enum(roles);
export type Role = z.infer<typeof role>;

/**
 * C0 control characters and DEL, except tab, line feed and carriage return: no text field may hold
 * them (PostgreSQL cannot even store a NUL). The server checks every request with this same pattern.
 */
// A surrogate half without its other half is no character at all: UTF-8 cannot hold it, and the
// database refused the text with a vaguer message (the fuzz test's "\udfff" in a project title).
export const controlCharacter =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True for a real calendar day written YYYY-MM-DD, in year 1 or later. Date.parse alone is not
 * enough: it rolls 30 February over to 1 March, and PostgreSQL has no year 0.
 */
export const isCalendarDate = (value: string) => {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value && value >= '0001';
};

/** The first instant PostgreSQL can store of an ISO date-time (it has no year 0). */
export const EARLIEST_INSTANT = Date.parse('0001-01-01T00:00:00Z');

/** A required text: missing, not a string, or blank after trimming all give the same message. */
export const requiredText = (message: string, max = 100) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: invalid.tooLong('This field', max) })
    .refine((value) => !controlCharacter.test(value), { error: http.controlCharacters });

/**
 * The spec's "simple address pattern": word characters with dots or hyphens, an @, a domain with a
 * 2-3 letter suffix. Written without nested quantifiers so a long input cannot make it backtrack.
 */
export const emailPattern = /^\w+(?:[.-]\w+)*@\w+(?:[.-]\w+)*\.[A-Za-z]{2,3}$/;

export const email = z
  .string({ error: required.emailID })
  .trim()
  .min(1, { error: required.emailID })
  .max(254, { error: invalid.email })
  .regex(emailPattern, { error: invalid.email })
  .transform((value) => value.toLowerCase());

export const phone = z
  .string({ error: required.phone })
  .trim()
  .min(1, { error: required.phone })
  .regex(/^\d{10}$/, { error: invalid.phone });

/**
 * The spec calls Staff-ID a numeric input, so its digits may come as a JSON number as well as text;
 * either way it is kept as the text of its digits (the stored form, so leading zeros typed as text
 * stay). A number that is not a whole one of 0 or more is "digits only"; one past 2^53 is refused,
 * as JSON cannot carry all its digits exactly.
 */
export const staffID = z
  .union([z.string(), z.number()], { error: required.staffID })
  .transform((value, ctx) => {
    if (typeof value === 'string') return value;
    if (Number.isInteger(value) && value >= 0 && !Number.isSafeInteger(value)) {
      ctx.issues.push({ code: 'custom', input: value, message: invalid.staffIDAsText });
      return z.NEVER;
    }
    return String(value);
  })
  .pipe(
    z
      .string()
      .trim()
      .min(1, { error: required.staffID })
      .max(20, { error: invalid.tooLong('Staff-ID', 20) })
      .regex(/^\d+$/, { error: invalid.staffID }),
  );

export const newPassword = z
  .string({ error: required.password })
  .min(1, { error: required.password })
  .min(6, { error: invalid.weakPassword })
  .max(128, { error: invalid.passwordTooLong });

export const idParam = z.object({ id: z.uuid({ error: 'Unknown id.' }) });

/** `?page=&pageSize=` of a paginated list, 20 a page by default and at most 100. */
export const pageQuery = {
  page: z.coerce
    .number({ error: paging.page })
    .int({ error: paging.page })
    .min(1, { error: paging.page })
    .max(100_000, { error: paging.page })
    .default(1),
  pageSize: z.coerce
    .number({ error: paging.pageSize })
    .int({ error: paging.pageSize })
    .min(1, { error: paging.pageSize })
    .max(100, { error: paging.pageSize })
    .default(20),
};

/**
 * One page of a list that can grow without bound (asked for with `pageQuery`): the entries of the
 * page and how many there are in all, so a client can show "41-60 of 312" and stop asking.
 */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int().nonnegative() });

/** An optional reason given with a decision (approval, rejection), shown to the person it concerns. */
export const reason = z
  .string({ error: invalid.reason })
  .trim()
  .max(500, { error: invalid.reason })
  .default('');

export const notification = z.object({
  _id: z.string(),
  from: z.string(),
  title: z.string(),
  body: z.string(),
  /** The web page the notification is about (a path of links.ts), or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notification>;

/** An object that refuses any field it does not name, saying which field was refused. */
export const closedObject = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? invalid.notChangeable(issue.keys) : undefined),
  });
