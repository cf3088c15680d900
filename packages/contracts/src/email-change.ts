import { z } from 'zod';
import { closedObject } from './common.ts';
import { emailChange, required } from './messages.ts';

/**
 * A change of a student's sign-in email asked for by the placement cell, from request to outcome:
 * - AwaitingStudent: nothing is sent to the new address until the student approves (in the app
 *   with their password, or from the link sent to the current address).
 * - AwaitingSecondApproval: staff marked that the student cannot reach the current address; a
 *   second staff member must approve.
 * - Waiting: approved by two staff members; 72 hours pass before anything goes to the new address,
 *   and the student may cancel meanwhile.
 * - AwaitingConfirmation: the confirmation link went to the new address.
 * - Confirmed, Declined (by the student, also a cancellation), Void (the student was suspended or
 *   erased), Replaced (by a newer request): closed.
 */
export const emailChangeStates = [
  'AwaitingStudent',
  'AwaitingSecondApproval',
  'Waiting',
  'AwaitingConfirmation',
  'Confirmed',
  'Declined',
  'Void',
  'Replaced',
] as const;
export type EmailChangeState = (typeof emailChangeStates)[number];

/** The states of a change still under way: the student may still decline it. */
export const openEmailChangeStates = [
  'AwaitingStudent',
  'AwaitingSecondApproval',
  'Waiting',
  'AwaitingConfirmation',
] as const satisfies readonly EmailChangeState[];
export type OpenEmailChangeState = (typeof openEmailChangeStates)[number];

/** How long the student has to answer a request (and its link to the current address works). */
export const EMAIL_CHANGE_ANSWER_DAYS = 7;
/** How long a change approved by two staff members waits before the new address gets its link. */
export const EMAIL_CHANGE_WAIT_HOURS = 72;

/** An email change under way, as the student's Profile page and the staff's record page show it. */
export const pendingEmailChange = z.object({
  _id: z.string(),
  newEmail: z.string(),
  state: z.enum(openEmailChangeStates),
  /** The staff member who asked. */
  requestedBy: z.string(),
  requestedAt: z.string(),
  /** Who marked that the student cannot reach the current address ('' when nobody did). */
  lostAddressMarkedBy: z.string(),
  /** The second staff member who approved ('' until one did). */
  secondApprovedBy: z.string(),
  /** When a change approved by two staff members sends its confirmation link (Waiting only). */
  dueAt: z.string().nullable(),
});
export type PendingEmailChange = z.infer<typeof pendingEmailChange>;

/** `POST /api/student/emailChange/:id/approve`: the student approves in the app with their password. */
export const approveEmailChangeBody = closedObject({
  currentPassword: z
    .string({ error: required.currentPassword })
    .min(1, { error: required.currentPassword })
    .max(128, { error: required.currentPassword }),
});
export type ApproveEmailChange = z.input<typeof approveEmailChangeBody>;

const linkToken = z
  .string({ error: emailChange.invalidLink })
  .min(1, { error: emailChange.invalidLink })
  .max(200, { error: emailChange.invalidLink });

/** `POST /api/<role>/confirmEmailChange`: the token from the link sent to the new address. */
export const confirmEmailChangeBody = z.object({ token: linkToken });
export type ConfirmEmailChange = z.input<typeof confirmEmailChangeBody>;

/** `POST /api/student/checkEmailChangeLink`: what the link sent to the current address is about. */
export const checkEmailChangeLinkBody = z.object({ token: linkToken });
export type CheckEmailChangeLink = z.input<typeof checkEmailChangeLinkBody>;

export const emailChangeDecisions = ['Approve', 'Decline'] as const;

/** `POST /api/student/answerEmailChange`: the student's answer from the link sent to the current address. */
export const answerEmailChangeBody = z.object({
  token: linkToken,
  decision: z.enum(emailChangeDecisions, { error: emailChange.badDecision }),
});
export type AnswerEmailChange = z.input<typeof answerEmailChangeBody>;
