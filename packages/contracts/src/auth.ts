import { z } from 'zod';
import { email, newPassword, phone, requiredText, role, staffID } from './common.ts';
import { companyName } from './company-names.ts';
import { invalid, passwords, required } from './messages.ts';

const passwordPair = {
  password: newPassword,
  cpass: z.string({ error: invalid.passwordMismatch }),
};

const matchingPasswords = <T extends { password: string; cpass: string }>(value: T) =>
  value.password === value.cpass;
const mismatch = { error: invalid.passwordMismatch, path: ['cpass'] };

const personFields = {
  firstName: requiredText(required.firstName, 50),
  lastName: requiredText(required.lastName, 50),
  emailID: email,
  phone,
};

export const studentSignupBody = z
  .object({ ...personFields, ...passwordPair })
  .refine(matchingPasswords, mismatch);
export type StudentSignup = z.input<typeof studentSignupBody>;

export const staffSignupBody = z
  .object({
    ...personFields,
    staffID,
    ...passwordPair,
    signupCode: requiredText(required.signupCode, 200),
  })
  .refine(matchingPasswords, mismatch);
export type StaffSignup = z.input<typeof staffSignupBody>;

/** The flat form a company fills in; the request nests it as the spec's payload does. */
export const companySignupForm = z
  .object({
    ...personFields,
    staffID,
    ...passwordPair,
    company: companyName,
  })
  .refine(matchingPasswords, mismatch);
export type CompanySignupForm = z.input<typeof companySignupForm>;

export const companySignupBody = z.object({
  personalDetail: z
    .object({ ...personFields, staffID, ...passwordPair }, { error: required.firstName })
    .refine(matchingPasswords, mismatch),
  company: companyName,
});
export type CompanySignup = z.input<typeof companySignupBody>;

export const signinBody = z.object({
  emailID: email,
  password: z
    .string({ error: required.password })
    .min(1, { error: required.password })
    .max(128, { error: invalid.passwordTooLong }),
});
export type Signin = z.input<typeof signinBody>;

/**
 * GET /api/ answers with the signed-in role in `message`, and the deployment's time zone (IANA
 * name, e.g. Asia/Kolkata) in which the web shows every time and deadline.
 */
export const statusResponse = z.object({ message: role, timeZone: z.string() });

/** POST /api/<role>/resetPassword: the signed-in user changes their own password. */
export const changePasswordBody = z
  .object({
    currentPassword: z
      .string({ error: required.currentPassword })
      .min(1, { error: required.currentPassword })
      .min(6, { error: required.currentPassword })
      .max(128, { error: invalid.passwordTooLong }),
    newPassword: z
      .string({ error: required.newPassword })
      .min(1, { error: required.newPassword })
      .min(6, { error: required.newPassword })
      .max(128, { error: invalid.passwordTooLong }),
    confirmNewPassword: z
      .string({ error: required.confirmNewPassword })
      .min(1, { error: required.confirmNewPassword })
      .min(6, { error: required.confirmNewPassword }),
  })
  .refine((v) => v.newPassword === v.confirmNewPassword, {
    error: passwords.mismatch,
    path: ['confirmNewPassword'],
  });
export type ChangePassword = z.input<typeof changePasswordBody>;
