import { z } from 'zod';
import { invalid, required } from './messages.ts';

/** The body every response carries: `message` holds the data on success, the error text on failure. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ message: data });
export const errorBody = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

export const accountStatuses = ['Allowed', 'Suspended', 'Debarred'] as const;
export const accountStatus = z.enum(accountStatuses);
export type AccountStatus = z.infer<typeof accountStatus>;

export const roles = ['student', 'college-staff', 'company'] as const;
export const role = z.enum(roles);
export type Role = z.infer<typeof role>;

/** A required text: missing, not a string, or blank after trimming all give the same message. */
export const requiredText = (message: string, max = 100) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: invalid.tooLong('This field', max) });

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

export const staffID = z
  .string({ error: required.staffID })
  .trim()
  .min(1, { error: required.staffID })
  .max(20, { error: invalid.tooLong('Staff-ID', 20) })
  .regex(/^\d+$/, { error: invalid.staffID });

export const newPassword = z
  .string({ error: required.password })
  .min(1, { error: required.password })
  .min(6, { error: invalid.weakPassword })
  .max(128, { error: invalid.passwordTooLong });

export const idParam = z.object({ id: z.uuid({ error: 'Unknown id.' }) });

export const notification = z.object({
  _id: z.string(),
  from: z.string(),
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notification>;

/** An object that refuses any field it does not name, saying which field was refused. */
export const closedObject = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? invalid.notChangeable(issue.keys) : undefined),
  });
