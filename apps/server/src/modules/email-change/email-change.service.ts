import { auditLabels } from '@portal/contracts/audit';
import type { Role } from '@portal/contracts/common';
import {
  EMAIL_CHANGE_ANSWER_DAYS,
  EMAIL_CHANGE_WAIT_HOURS,
  openEmailChangeStates,
  type OpenEmailChangeState,
  type PendingEmailChange,
} from '@portal/contracts/email-change';
import { emailLinks } from '@portal/contracts/links';
import { auth, emailChange, passwords, placementCell, staffRecords } from '@portal/contracts/messages';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors.ts';
import { refuseOwnAccount } from '../../lib/own-account.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { formatInZone } from '../../lib/time-zone.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { SessionAccount } from '../../plugins/access.ts';
import {
  emailChangeAnswerEmail,
  emailChangeConfirmEmail,
  emailChangeNoticeEmail,
  emailChangeWaitingEmail,
} from '../mail/emails.ts';
import type { MailQueue } from '../mail/outbox-queue.ts';
import type { EmailChangeRepo, NewLink } from './email-change.repo.ts';

const HOUR_MS = 60 * 60_000;
/** How long the link sent to the new address works. */
export const EMAIL_CHANGE_LINK_TTL_MS = 24 * HOUR_MS;
/** How long the student has to answer, and the link to the current address works. */
export const EMAIL_CHANGE_ANSWER_TTL_MS = EMAIL_CHANGE_ANSWER_DAYS * 24 * HOUR_MS;
/** How long a change approved by two staff members waits before its confirmation link is sent. */
export const EMAIL_CHANGE_WAIT_MS = EMAIL_CHANGE_WAIT_HOURS * HOUR_MS;
/** Changes whose wait ended, sent their confirmation links per run of the timer. */
const DUE_BATCH = 100;

type Found = NonNullable<Awaited<ReturnType<EmailChangeRepo['find']>>>;
type Request = Found['request'];
type Account = Found['account'];
type Link = Awaited<ReturnType<EmailChangeRepo['findLink']>>;

const isOpen = (state: string): state is OpenEmailChangeState =>
  (openEmailChangeStates as readonly string[]).includes(state);

/** Still under way at `at`: in an open state and not lapsed. */
const isLive = (r: Pick<Request, 'state' | 'expiresAt'>, at: Date) =>
  isOpen(r.state) && (r.expiresAt === null || r.expiresAt > at);

const fullName = (a: Pick<Account, 'firstName' | 'lastName'>) => `${a.firstName} ${a.lastName}`;

/** The states the student's approval moves on from: every open one before the confirmation link. */
const approvable = ['AwaitingStudent', 'AwaitingSecondApproval', 'Waiting'] as const;

/** Why a link cannot be used (as `purpose`, on the role's page) at `at`, or null when it can. */
function refusal(role: Role, purpose: 'confirm' | 'answer', link: Link, at: Date): string | null {
  if (!link || link.account.role !== role || link.purpose !== purpose) return emailChange.invalidLink;
  if (link.usedAt) return emailChange.usedLink;
  // A link from before changes were asked for with the student's consent has no change: void.
  if (!link.request) return emailChange.closedLink;
  if (link.request.state === 'Replaced') return emailChange.replacedLink;
  if (!isOpen(link.request.state)) return emailChange.closedLink;
  if (link.replacedAt) return emailChange.replacedLink;
  if (link.expiresAt <= at || !isLive(link.request, at)) return emailChange.expiredLink;
  return null;
}

const toView = (r: Request): PendingEmailChange => ({
  _id: r.id,
  newEmail: r.newEmail,
  state: isOpen(r.state) ? r.state : 'AwaitingStudent',
  requestedBy: r.requestedByName,
  requestedAt: r.createdAt.toISOString(),
  lostAddressMarkedBy: r.lostAddressByName,
  secondApprovedBy: r.secondApproverName,
  dueAt: r.state === 'Waiting' ? (r.dueAt?.toISOString() ?? null) : null,
});

/**
 * A student's sign-in email changes only with their consent and once the new address proves it can
 * read its mail. Staff ask; nothing goes to the new address until the student approves, in the app
 * with their password or from the link sent to the current address (whoever asks may own the new
 * address, so its confirmation alone proves nothing). A student who cannot reach the current address
 * is helped by two staff members and a 72-hour wait, announced to the old address and in the app,
 * during which the student may cancel. Suspension or erasure voids a change under way.
 */
export function createEmailChangeService(deps: {
  emailChangeRepo: EmailChangeRepo;
  mail: MailQueue;
  appUrl: string;
  /** Dates in emails and answers are shown in the clock's zone (TIME_ZONE). */
  clock: Clock;
}) {
  const { emailChangeRepo: repo } = deps;
  const { now } = deps.clock;
  const linkTo = (page: string, token: string) => `${deps.appUrl}${page}#token=${token}`;

  /** A new link for the change, and its token for the email. */
  function newLink(request: Request, purpose: 'confirm' | 'answer', expiresAt: Date) {
    const { token, hash } = newToken();
    const link: NewLink = {
      tokenHash: hash,
      purpose,
      expiresAt,
      newEmail: request.newEmail,
      requestedBy: { id: request.requestedById, name: request.requestedByName },
    };
    return { token, link };
  }

  /** The refusal for a change that could not take a step from `from`: what it is now. */
  async function refusedStep(requestId: string, from: readonly OpenEmailChangeState[], otherwise: string) {
    const found = await repo.find(requestId);
    if (!found || !isLive(found.request, now())) return new Conflict(emailChange.closedLink);
    if (found.account.status === 'Suspended') return new Forbidden(auth.suspended);
    if (found.request.state === 'AwaitingConfirmation' && !from.includes('AwaitingConfirmation')) {
      return new Conflict(emailChange.alreadyApproved);
    }
    return new Conflict(otherwise);
  }

  /**
   * Sends the confirmation link to the new address (and a notice to the current one): the step
   * after the student's approval, or after the wait of a change two staff members approved.
   */
  async function sendConfirmation(
    found: Found,
    from: readonly OpenEmailChangeState[],
    audit: { field: string; actorId: string | null; actorName: string },
  ): Promise<boolean> {
    const { request, account } = found;
    const at = now();
    const expiresAt = new Date(at.getTime() + EMAIL_CHANGE_LINK_TTL_MS);
    const { token, link } = newLink(request, 'confirm', expiresAt);
    const requestedBy = emailChange.requestedBy(request.requestedByName);
    const moved = await repo.step({
      requestId: request.id,
      from,
      to: 'AwaitingConfirmation',
      now: at,
      set: { expiresAt, dueAt: null },
      effects: {
        link,
        emails: [
          emailChangeConfirmEmail({
            to: request.newEmail,
            accountId: account.id,
            firstName: account.firstName,
            requestedBy,
            link: linkTo(emailLinks.confirmEmail(account.role), token),
          }),
          emailChangeNoticeEmail({
            to: account.email,
            accountId: account.id,
            firstName: account.firstName,
            newEmail: request.newEmail,
            requestedBy,
          }),
        ],
        audit: { ...audit, oldValue: account.email, newValue: request.newEmail },
      },
    });
    if (moved) deps.mail.wake();
    return moved;
  }

  /** Sends the confirmation links of the changes whose 72-hour wait is over; resolves to how many. */
  async function sendDue(): Promise<number> {
    let sent = 0;
    for (const id of await repo.due(now(), DUE_BATCH)) {
      const found = await repo.find(id);
      if (!found) continue;
      const portal = {
        field: auditLabels.emailChangeLinkSent,
        actorId: null,
        actorName: placementCell.portal,
      };
      if (await sendConfirmation(found, ['Waiting'], portal)) sent += 1;
    }
    return sent;
  }

  /** The student approves: the confirmation link goes to the new address at once. */
  async function approve(found: Found): Promise<string> {
    const { request, account } = found;
    if (account.status === 'Suspended') throw new Forbidden(auth.suspended);
    if (request.state === 'AwaitingConfirmation' && isLive(request, now())) {
      throw new Conflict(emailChange.alreadyApproved);
    }
    if (await repo.emailInUse(request.newEmail, request.accountId)) throw new Conflict(emailChange.taken);
    const student = {
      field: auditLabels.emailChangeApproved,
      actorId: account.id,
      actorName: fullName(account),
    };
    if (!(await sendConfirmation(found, approvable, student))) {
      throw await refusedStep(request.id, approvable, emailChange.closedLink);
    }
    return emailChange.approved;
  }

  /** The student declines (or cancels) a change under way; the staff member who asked is told. */
  async function decline(found: Found): Promise<string> {
    const { request, account } = found;
    if (account.status === 'Suspended') throw new Forbidden(auth.suspended);
    const name = fullName(account);
    const moved = await repo.step({
      requestId: request.id,
      from: openEmailChangeStates,
      to: 'Declined',
      now: now(),
      effects: {
        notices: request.requestedById
          ? [
              {
                accountId: request.requestedById,
                sender: name,
                title: emailChange.notices.declinedTitle,
                body: emailChange.notices.declined(name, request.newEmail),
              },
            ]
          : [],
        audit: {
          field: auditLabels.emailChangeDeclined,
          oldValue: account.email,
          newValue: request.newEmail,
          actorId: account.id,
          actorName: name,
        },
      },
    });
    if (!moved) throw await refusedStep(request.id, openEmailChangeStates, emailChange.closedLink);
    return emailChange.declined;
  }

  /** A change of the signed-in student, or 404. */
  async function studentsOwn(student: SessionAccount, requestId: string): Promise<Found> {
    const found = await repo.find(requestId);
    if (!found || found.request.accountId !== student.id) throw new NotFound(emailChange.notFound);
    return found;
  }

  /** A change staff act on: 404 when unknown, 403 when it is about the actor's own account. */
  async function forStaff(actor: SessionAccount, requestId: string): Promise<Found> {
    const found = await repo.find(requestId);
    if (!found) throw new NotFound(emailChange.notFound);
    refuseOwnAccount(actor, found.account);
    return found;
  }

  /** The answer link from the current address, checked: the change it is about, or a 400. */
  async function answerLink(token: string): Promise<Found> {
    const link = await repo.findLink(hashToken(token));
    // A suspended student answers nothing, whatever the link (their change is void anyway).
    if (link?.account.role === 'student' && link.account.status === 'Suspended') {
      throw new Forbidden(auth.suspended);
    }
    const refused = refusal('student', 'answer', link, now());
    if (refused || !link?.request) throw new BadRequest(refused ?? emailChange.invalidLink);
    return { request: link.request, account: link.account };
  }

  return {
    /** Whether another account, of any role, already signs in with this email. */
    emailInUse: (email: string, exceptAccountId: string | null) => repo.emailInUse(email, exceptAccountId),

    /**
     * The account's change under way, or null. A change whose wait is over sends its confirmation
     * link first, so whoever looks sees it as it is (the timer does the same for the rest).
     */
    async pending(accountId: string): Promise<PendingEmailChange | null> {
      const open = await repo.openFor(accountId, now());
      if (open?.state === 'Waiting' && open.dueAt && open.dueAt <= now()) {
        await sendDue();
        const after = await repo.openFor(accountId, now());
        return after && toView(after);
      }
      return open && toView(open);
    },

    sendDue,

    /**
     * Staff ask for a new sign-in email for a student: the change waits for the student's approval,
     * asked for by email at the current address (with a link) and in the app. It replaces any change
     * of the account still under way; the account's email stays as it is.
     */
    async requestChange(accountId: string, newEmail: string, actor: { id: string; name: string }) {
      const account = await repo.account(accountId);
      if (!account || account.role !== 'student') throw new NotFound(emailChange.notFound);
      if (account.status === 'Suspended' || account.status === 'Erased') {
        throw new Conflict(emailChange.suspendedStudent);
      }
      if (await repo.emailInUse(newEmail, accountId)) throw new Conflict(emailChange.taken);
      const at = now();
      const expiresAt = new Date(at.getTime() + EMAIL_CHANGE_ANSWER_TTL_MS);
      const { token, hash } = newToken();
      const outcome = await repo.open({
        accountId,
        newEmail,
        requestedBy: actor,
        expiresAt,
        now: at,
        effects: {
          link: { tokenHash: hash, purpose: 'answer', expiresAt, newEmail, requestedBy: actor },
          emails: [
            emailChangeAnswerEmail({
              to: account.email,
              accountId: account.id,
              firstName: account.firstName,
              newEmail,
              requestedBy: emailChange.requestedBy(actor.name),
              link: linkTo(emailLinks.answerEmailChange, token),
              days: EMAIL_CHANGE_ANSWER_DAYS,
            }),
          ],
          notices: [
            {
              accountId,
              sender: placementCell.sender,
              title: emailChange.notices.requestedTitle,
              body: emailChange.notices.requested(actor.name, newEmail),
            },
          ],
          audit: {
            field: auditLabels.emailChangeRequested,
            oldValue: account.email,
            newValue: newEmail,
            actorId: actor.id,
            actorName: actor.name,
          },
        },
      });
      if (outcome === 'busy') throw new Conflict(staffRecords.staleEdit);
      deps.mail.wake();
    },

    /** The signed-in student approves with their password. */
    async approveInApp(student: SessionAccount, requestId: string, currentPassword: string) {
      const found = await studentsOwn(student, requestId);
      const hash = await repo.passwordHash(student.id);
      if (!hash || !(await verifyPassword(hash, currentPassword))) {
        throw new BadRequest(passwords.wrongCurrent);
      }
      return approve(found);
    },

    /** The signed-in student declines, or cancels a change two staff members approved. */
    async declineInApp(student: SessionAccount, requestId: string) {
      return decline(await studentsOwn(student, requestId));
    },

    /** What the link sent to the current address is about, for the page it opens. */
    async checkAnswerLink(token: string): Promise<PendingEmailChange> {
      return toView((await answerLink(token)).request);
    },

    /** The student's answer from the link sent to the current address. */
    async answerByLink(token: string, decision: 'Approve' | 'Decline'): Promise<string> {
      const found = await answerLink(token);
      return decision === 'Approve' ? approve(found) : decline(found);
    },

    /**
     * Staff record that the student cannot reach the current address: the change then needs a second
     * staff member's approval instead of the student's.
     */
    async markLostAddress(actor: SessionAccount, requestId: string): Promise<string> {
      const { request, account } = await forStaff(actor, requestId);
      const moved = await repo.step({
        requestId,
        from: ['AwaitingStudent'],
        to: 'AwaitingSecondApproval',
        now: now(),
        set: {
          lostAddressById: actor.id,
          lostAddressByName: actor.name,
          expiresAt: deps.clock.fromNow(EMAIL_CHANGE_ANSWER_TTL_MS),
        },
        effects: {
          notices: [
            {
              accountId: request.accountId,
              sender: placementCell.sender,
              title: emailChange.notices.lostAddressTitle,
              body: emailChange.notices.lostAddress(request.newEmail),
            },
          ],
          audit: {
            field: auditLabels.emailChangeLostAddress,
            oldValue: account.email,
            newValue: request.newEmail,
            actorId: actor.id,
            actorName: actor.name,
          },
        },
      });
      if (!moved) throw await refusedStep(requestId, ['AwaitingStudent'], emailChange.notAwaitingStudent);
      return emailChange.lostAddressMarked;
    },

    /**
     * A second staff member (neither the one who asked nor the one who marked the address lost)
     * approves: the change waits 72 hours, and the current address is told, with a link to cancel.
     */
    async secondApprove(actor: SessionAccount, requestId: string): Promise<string> {
      const found = await forStaff(actor, requestId);
      const { request, account } = found;
      if (request.state !== 'AwaitingSecondApproval' || !isLive(request, now())) {
        throw await refusedStep(requestId, ['AwaitingSecondApproval'], emailChange.notAwaitingSecondApproval);
      }
      if (actor.id === request.requestedById || actor.id === request.lostAddressById) {
        throw new Forbidden(emailChange.sameStaff);
      }
      if (await repo.emailInUse(request.newEmail, request.accountId)) throw new Conflict(emailChange.taken);
      const at = now();
      const dueAt = new Date(at.getTime() + EMAIL_CHANGE_WAIT_MS);
      const due = formatInZone(dueAt, deps.clock.timeZone);
      // The link to cancel works through the wait and the day the confirmation link then works.
      const { token, link } = newLink(
        request,
        'answer',
        new Date(dueAt.getTime() + EMAIL_CHANGE_LINK_TTL_MS),
      );
      const moved = await repo.step({
        requestId,
        from: ['AwaitingSecondApproval'],
        to: 'Waiting',
        now: at,
        set: { secondApproverId: actor.id, secondApproverName: actor.name, dueAt, expiresAt: null },
        effects: {
          link,
          emails: [
            emailChangeWaitingEmail({
              to: account.email,
              accountId: account.id,
              firstName: account.firstName,
              newEmail: request.newEmail,
              due,
              link: linkTo(emailLinks.answerEmailChange, token),
            }),
          ],
          notices: [
            {
              accountId: request.accountId,
              sender: placementCell.sender,
              title: emailChange.notices.waitingTitle,
              body: emailChange.notices.waiting(request.newEmail, due),
            },
          ],
          audit: {
            field: auditLabels.emailChangeSecondApproval,
            oldValue: account.email,
            newValue: request.newEmail,
            actorId: actor.id,
            actorName: actor.name,
          },
        },
      });
      if (!moved) {
        throw await refusedStep(requestId, ['AwaitingSecondApproval'], emailChange.notAwaitingSecondApproval);
      }
      deps.mail.wake();
      return emailChange.secondApproved(due);
    },

    /**
     * Makes the new address the account's sign-in email with the link sent there, signs the account
     * out everywhere and voids its unused password reset links; the link cannot be used again.
     */
    async confirm(role: Role, token: string): Promise<void> {
      const tokenHash = hashToken(token);
      const link = await repo.findLink(tokenHash);
      if (link?.account.role === role && link.account.status === 'Suspended') {
        throw new Forbidden(auth.suspended);
      }
      const refused = refusal(role, 'confirm', link, now());
      if (refused || !link?.request) throw new BadRequest(refused ?? emailChange.invalidLink);
      const outcome = await repo.redeem({
        tokenHash,
        now: now(),
        audit:
          role === 'student'
            ? {
                field: auditLabels.email,
                oldValue: link.account.email,
                newValue: link.request.newEmail,
                actorId: link.accountId,
                actorName: fullName(link.account),
              }
            : null,
      });
      if (outcome === 'taken') throw new Conflict(emailChange.taken);
      // Used or replaced between the check and here (a double submit), or suspended: say which.
      if (outcome === 'refused') {
        const again = await repo.findLink(tokenHash);
        if (again?.account.status === 'Suspended') throw new Forbidden(auth.suspended);
        throw new BadRequest(refusal(role, 'confirm', again, now()) ?? emailChange.invalidLink);
      }
    },
  };
}
export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
