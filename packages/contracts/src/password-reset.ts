import { z } from 'zod';
import { email } from './common.ts';
import { invalid, recovery, required } from './messages.ts';

/** POST /api/<role>/forgotPassword: always answered the same way, whether the account exists or not. */
export const forgotPasswordBody = z.object({ emailID: email });
export type ForgotPassword = z.input<typeof forgotPasswordBody>;

/** The token from an emailed link: 32 random bytes in base64url. */
export const resetToken = z
  .string({ error: recovery.invalidLink })
  .min(1, { error: recovery.invalidLink })
  .max(200, { error: recovery.invalidLink });

/** POST /api/<role>/checkResetLink: whether a link can still be used, before the form is filled in. */
export const checkResetLinkBody = z.object({ token: resetToken });

const newPasswordFields = {
  newPassword: z
    .string({ error: required.newPassword })
    .min(1, { error: required.newPassword })
    .min(6, { error: invalid.weakPassword })
    .max(128, { error: invalid.passwordTooLong }),
  confirmNewPassword: z
    .string({ error: required.confirmNewPassword })
    .min(1, { error: required.confirmNewPassword }),
};
const matching = (v: { newPassword: string; confirmNewPassword: string }) =>
  v.newPassword === v.confirmNewPassword;
const mismatch = { error: invalid.passwordMismatch, path: ['confirmNewPassword'] };

/** The form on the page an emailed link opens: at least 6 characters, typed twice. */
export const newPasswordForm = z.object(newPasswordFields).refine(matching, mismatch);

/** POST /api/<role>/resetForgottenPassword: the link's token and the new password, confirmed. */
export const resetForgottenPasswordBody = z
  .object({ token: resetToken, ...newPasswordFields })
  .refine(matching, mismatch);
export type ResetForgottenPassword = z.input<typeof resetForgottenPasswordBody>;
