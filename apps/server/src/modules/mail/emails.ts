import { companySender } from '@portal/contracts/messages';
import type { QueuedEmail } from './outbox-queue.ts';

/**
 * Every email the portal sends, written in one place. Plain text: it reads the same in every client.
 * Each goes `to` an address of the account `accountId` (its sign-in email, or one it is to confirm).
 */

const signature = '\n\n— Campus Placement Portal';

export function passwordResetEmail(p: {
  to: string;
  accountId: string;
  firstName: string;
  link: string;
}): QueuedEmail {
  return {
    kind: 'password-reset',
    to: p.to,
    accountId: p.accountId,
    subject: 'Reset your Campus Placement Portal password',
    text:
      `Hello ${p.firstName},\n\n` +
      `Someone (we hope you) asked to reset the password of your account. To choose a new password, open this link:\n\n` +
      `${p.link}\n\n` +
      `The link works once, within one hour. If you did not ask for it, ignore this email: your password stays as it is.` +
      signature,
  };
}

/** To the new address: the link that makes it the account's sign-in email. */
export function emailChangeConfirmEmail(p: {
  to: string;
  accountId: string;
  firstName: string;
  requestedBy: string;
  link: string;
}): QueuedEmail {
  return {
    kind: 'email-change',
    to: p.to,
    accountId: p.accountId,
    subject: 'Confirm your new Campus Placement Portal email address',
    text:
      `Hello ${p.firstName},\n\n` +
      `${p.requestedBy} asked to make this address the sign-in email of your account. To confirm it, open this link and press the button on the page:\n\n` +
      `${p.link}\n\n` +
      `The link works once, within 24 hours. Until then you keep signing in with your current address. If you did not expect this, ignore this email and tell the placement cell.` +
      signature,
  };
}

/** To the old address: a change was asked for, and nothing happens until the new address confirms. */
export function emailChangeNoticeEmail(p: {
  to: string;
  accountId: string;
  firstName: string;
  newEmail: string;
  requestedBy: string;
}): QueuedEmail {
  return {
    kind: 'email-change-notice',
    to: p.to,
    accountId: p.accountId,
    subject: 'A change of your Campus Placement Portal email address was requested',
    text:
      `Hello ${p.firstName},\n\n` +
      `${p.requestedBy} asked to change the sign-in email of your account to ${p.newEmail}. A confirmation link was sent there.\n\n` +
      `This address stays in force until that link is used. If you did not expect this change, contact the placement cell before it is confirmed.` +
      signature,
  };
}

/**
 * To the current address: staff asked for a new sign-in email, and nothing happens until the student
 * approves it, here or in the app.
 */
export function emailChangeAnswerEmail(p: {
  to: string;
  accountId: string;
  firstName: string;
  newEmail: string;
  requestedBy: string;
  link: string;
  days: number;
}): QueuedEmail {
  return {
    kind: 'email-change-answer',
    to: p.to,
    accountId: p.accountId,
    subject: 'Approve or decline a change of your Campus Placement Portal email address',
    text:
      `Hello ${p.firstName},\n\n` +
      `${p.requestedBy} asked to change the sign-in email of your account to ${p.newEmail}. Nothing changes unless you approve it. To approve or decline, open this link and press a button on the page:\n\n` +
      `${p.link}\n\n` +
      `You can also answer on your Profile page after signing in. The link works for ${p.days} days. If you approve, a confirmation link goes to the new address, and you keep signing in with this one until it is used. If you did not expect this change, decline it and tell the placement cell.` +
      signature,
  };
}

/**
 * To the current address: two staff members approved a change because the student cannot reach
 * this address; it waits until `due`, and the link here cancels it.
 */
export function emailChangeWaitingEmail(p: {
  to: string;
  accountId: string;
  firstName: string;
  newEmail: string;
  due: string;
  link: string;
}): QueuedEmail {
  return {
    kind: 'email-change-waiting',
    to: p.to,
    accountId: p.accountId,
    subject: 'Your Campus Placement Portal email address is about to change',
    text:
      `Hello ${p.firstName},\n\n` +
      `The placement cell was told that you can no longer read this address, and two staff members approved changing the sign-in email of your account to ${p.newEmail}. On ${p.due} a confirmation link goes to that address.\n\n` +
      `If you did not ask for this, cancel the change before then by opening this link and pressing Decline:\n\n` +
      `${p.link}\n\n` +
      `You can also cancel it on your Profile page after signing in, and please tell the placement cell.` +
      signature,
  };
}

export function stageChangedEmail(p: {
  to: string;
  accountId: string;
  firstName: string;
  company: string;
  role: string;
  stage: string;
  detail: string;
  link: string;
}): QueuedEmail {
  return {
    kind: 'stage-change',
    to: p.to,
    accountId: p.accountId,
    subject: `${companySender(p.company)}: your application for ${p.role} is now at ${p.stage}`,
    text: `Hello ${p.firstName},\n\n${p.detail}\n\nFollow your applications at ${p.link}${signature}`,
  };
}

/** An offer made: its package and the date to answer by, sent as a stage-change email (its setting). */
export function offerMadeEmail(p: {
  to: string;
  accountId: string;
  firstName: string;
  company: string;
  role: string;
  pkg: number;
  decideBy: string;
  link: string;
}): QueuedEmail {
  return {
    kind: 'offer',
    to: p.to,
    accountId: p.accountId,
    subject: `${companySender(p.company)}: an offer for ${p.role}`,
    text:
      `Hello ${p.firstName},\n\n` +
      `Congratulations! ${p.company} offers you ${p.role} at ${p.pkg} LPA.\n\n` +
      `Please accept or decline the offer by ${p.decideBy} at ${p.link}. ` +
      `An offer not answered by then lapses.` +
      signature,
  };
}

export function interviewScheduledEmail(p: {
  to: string;
  accountId: string;
  firstName: string;
  company: string;
  role: string;
  stage: string;
  when: string;
  place: string;
  rescheduled: boolean;
  link: string;
}): QueuedEmail {
  return {
    kind: 'interview',
    to: p.to,
    accountId: p.accountId,
    subject: `${companySender(p.company)}: ${p.stage} ${p.rescheduled ? 'rescheduled' : 'scheduled'} for ${p.role}`,
    text:
      `Hello ${p.firstName},\n\n` +
      `Your ${p.stage} with ${p.company} for ${p.role} is ${p.rescheduled ? 'now ' : ''}scheduled for ${p.when}.\n` +
      `Where: ${p.place}\n\n` +
      `See your interviews at ${p.link}${signature}`,
  };
}

export function newApplicantEmail(p: {
  to: string;
  accountId: string;
  firstName: string;
  student: string;
  role: string;
  link: string;
}): QueuedEmail {
  return {
    kind: 'new-applicant',
    to: p.to,
    accountId: p.accountId,
    subject: `New applicant for ${p.role}: ${p.student}`,
    text: `Hello ${p.firstName},\n\n${p.student} applied for ${p.role}.\n\nReview your applicants at ${p.link}${signature}`,
  };
}

export function academicChangeDecidedEmail(p: {
  to: string;
  accountId: string;
  firstName: string;
  approved: boolean;
  /** What was decided, as the student's notification says it (with the reason, if one was given). */
  detail: string;
  link: string;
}): QueuedEmail {
  return {
    kind: 'academic-change',
    to: p.to,
    accountId: p.accountId,
    subject: `Your change to your academic details was ${p.approved ? 'approved' : 'not approved'}`,
    text: `Hello ${p.firstName},\n\n${p.detail}\n\nSee your academic details at ${p.link}${signature}`,
  };
}

export function companyApprovedEmail(p: {
  to: string;
  accountId: string;
  firstName: string;
  company: string;
  reason: string;
  link: string;
}): QueuedEmail {
  return {
    kind: 'company-approved',
    to: p.to,
    accountId: p.accountId,
    subject: `${p.company} is approved on the Campus Placement Portal`,
    text:
      `Hello ${p.firstName},\n\n` +
      `The placement cell approved ${p.company}. You can now see the college's students and their resumes, ` +
      `and students can see and apply to your open jobs.\n\n` +
      (p.reason ? `Note from the placement cell: ${p.reason}\n\n` : '') +
      `See the students at ${p.link}${signature}`,
  };
}

export function companyRejectedEmail(p: {
  to: string;
  accountId: string;
  firstName: string;
  company: string;
  reason: string;
}): QueuedEmail {
  return {
    kind: 'company-rejected',
    to: p.to,
    accountId: p.accountId,
    subject: `${p.company} was not approved on the Campus Placement Portal`,
    text:
      `Hello ${p.firstName},\n\n` +
      `The placement cell did not approve the registration of ${p.company}.\n\n` +
      (p.reason ? `Reason given by the placement cell: ${p.reason}\n\n` : '') +
      `If you think this is a mistake, please contact the college's placement cell.${signature}`,
  };
}

/** Staff's decision on the new name an approved company asked for. */
export function companyNameDecidedEmail(p: {
  to: string;
  accountId: string;
  firstName: string;
  approved: boolean;
  /** The name asked for. */
  asked: string;
  /** The approved name it had. */
  kept: string;
  reason: string;
}): QueuedEmail {
  return {
    kind: 'company-name',
    to: p.to,
    accountId: p.accountId,
    subject: `Your new company name was ${p.approved ? 'approved' : 'not approved'}`,
    text:
      `Hello ${p.firstName},\n\n` +
      (p.approved
        ? `The placement cell approved the name ${p.asked}: students and your applicants now see it instead of ${p.kept}.\n\n`
        : `The placement cell did not approve the name ${p.asked}; students and your applicants keep seeing ${p.kept}.\n\n`) +
      (p.reason
        ? `${p.approved ? 'Note from' : 'Reason given by'} the placement cell: ${p.reason}\n\n`
        : '') +
      `If you have a question, please contact the college's placement cell.${signature}`,
  };
}

/** A message a company sent to its applicants at a stage, or staff to a list of students, filled for one. */
export function writtenMessageEmail(p: {
  to: string;
  accountId: string;
  sender: string;
  subject: string;
  body: string;
  link: string;
}): QueuedEmail {
  return {
    kind: 'message',
    to: p.to,
    accountId: p.accountId,
    subject: `${p.sender}: ${p.subject}`,
    text: `${p.body}\n\n— ${p.sender}, through the Campus Placement Portal. See it at ${p.link}`,
  };
}

/**
 * To a student the placement cell imported: their account exists; the link sets its first password.
 * The account's id is added once it is made (student-imports.repo).
 */
export function studentInviteEmail(p: {
  to: string;
  firstName: string;
  invitedBy: string;
  link: string;
  days: number;
}): Omit<QueuedEmail, 'accountId'> {
  return {
    kind: 'student-invite',
    to: p.to,
    subject: 'Your Campus Placement Portal account is ready',
    text:
      `Hello ${p.firstName},\n\n` +
      `${p.invitedBy} added you to the Campus Placement Portal. To choose your password and sign in, open this link:\n\n` +
      `${p.link}\n\n` +
      `The link works once, within ${p.days} days. After that, use "Forgot Password" on the student sign-in page with this email address.` +
      signature,
  };
}

/**
 * A place at an event opened for a student on its waiting list (someone cancelled). Sent whatever
 * the student's email settings: they asked for the place by joining the list, and it is theirs
 * only if they come. The repo that promotes them addresses it (it learns who, in its transaction).
 */
export function eventPlaceEmail(p: {
  title: string;
  when: string;
  where: string;
  link: string;
}): Omit<QueuedEmail, 'to' | 'accountId'> {
  return {
    kind: 'event-place',
    subject: `You have a place at ${p.title}`,
    text:
      `Hello,\n\n` +
      `A place opened at ${p.title} and it is yours: you are registered.\n` +
      `When: ${p.when}\n` +
      `Where: ${p.where}\n\n` +
      `Show your attendance code at the door; if you can no longer come, cancel at ${p.link} so the next student on the waiting list gets the place.` +
      signature,
  };
}

/** An event a student registered (or waits) for moved to another time or place. */
export function eventChangedEmail(p: {
  title: string;
  when: string;
  where: string;
  link: string;
}): Omit<QueuedEmail, 'to' | 'accountId'> {
  return {
    kind: 'event-changed',
    subject: `${p.title} has changed`,
    text:
      `Hello,\n\n` +
      `${p.title}, which you registered for, has a new time or place.\n` +
      `When: ${p.when}\n` +
      `Where: ${p.where}\n\n` +
      `See your events at ${p.link}${signature}`,
  };
}

/** An event a student registered (or waits) for is cancelled. */
export function eventCancelledEmail(p: {
  title: string;
  when: string;
  link: string;
}): Omit<QueuedEmail, 'to' | 'accountId'> {
  return {
    kind: 'event-cancelled',
    subject: `${p.title} is cancelled`,
    text:
      `Hello,\n\n` +
      `${p.title} (${p.when}), which you registered for, is cancelled. You need not come.\n\n` +
      `See your events at ${p.link}${signature}`,
  };
}
