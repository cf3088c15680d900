import { auditLabels } from '@portal/contracts/audit';
import type { Role } from '@portal/contracts/common';
import { emailLinks } from '@portal/contracts/links';
import { emailChange } from '@portal/contracts/messages';
import { BadRequest, Conflict } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { emailChangeConfirmEmail, emailChangeNoticeEmail } from '../mail/emails.ts';
import type { MailQueue } from '../mail/mail-sender.ts';
import type { EmailChangeRepo } from './email-change.repo.ts';

/** How long the link sent to the new address works. */
export const EMAIL_CHANGE_LINK_TTL_MS = 24 * 60 * 60_000;

type Link = Awaited<ReturnType<EmailChangeRepo['find']>>;

/** Why a link cannot be used on the role's page at `at`, or null when it can. */
function refusal(role: Role, link: Link, at: Date): string | null {
  if (!link || link.role !== role) return emailChange.invalidLink;
  if (link.usedAt) return emailChange.usedLink;
  if (link.replacedAt) return emailChange.replacedLink;
  if (link.expiresAt <= at) return emailChange.expiredLink;
  return null;
}

/**
 * A sign-in email changes only once the new address proves it can read its mail: until the link
 * sent there is used, the old address stays in force (and is told of the request), so whoever
 * changes an email cannot take the account over by pointing it at an inbox of their own.
 */
export function createEmailChangeService(deps: {
  emailChangeRepo: EmailChangeRepo;
  mail: MailQueue;
  appUrl: string;
  now?: () => Date;
}) {
  const { emailChangeRepo: repo } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /** Whether another account of the role already signs in with this email. */
    emailInUse: (role: Role, email: string, accountId: string) => repo.emailInUse(role, email, accountId),

    /** The new address waiting for its confirmation, or null. */
    pendingEmail: (accountId: string) => repo.pendingEmail(accountId, now()),

    /**
     * Asks the new address to confirm the change (and tells the old one), replacing any earlier
     * request of the account; the account's email stays as it is. `actor` is the staff member asking.
     */
    async requestChange(
      accountId: string,
      role: Role,
      newEmail: string,
      actor: { id: string; name: string },
    ): Promise<void> {
      const account = await repo.account(accountId);
      if (!account || account.role !== role) throw new Error(`no ${role} account ${accountId}`);
      if (await repo.emailInUse(role, newEmail, accountId)) throw new Conflict(emailChange.taken);
      const { token, hash } = newToken();
      const at = now();
      const requestedBy = emailChange.requestedBy(actor.name);
      await repo.issue({
        accountId,
        tokenHash: hash,
        newEmail,
        requestedBy: actor,
        expiresAt: new Date(at.getTime() + EMAIL_CHANGE_LINK_TTL_MS),
        now: at,
        emails: [
          emailChangeConfirmEmail({
            to: newEmail,
            accountId,
            firstName: account.firstName,
            requestedBy,
            link: `${deps.appUrl}${emailLinks.confirmEmail(role)}#token=${token}`,
          }),
          emailChangeNoticeEmail({
            to: account.email,
            accountId,
            firstName: account.firstName,
            newEmail,
            requestedBy,
          }),
        ],
        audit:
          role === 'student'
            ? {
                field: auditLabels.emailChangeRequested,
                oldValue: account.email,
                newValue: newEmail,
                actorId: actor.id,
                actorName: actor.name,
              }
            : null,
      });
      deps.mail.wake();
    },

    /**
     * Makes the link's address the account's sign-in email, signs the account out everywhere and
     * voids its unused password reset links; the link cannot be used again.
     */
    async confirm(role: Role, token: string): Promise<void> {
      const tokenHash = hashToken(token);
      const link = await repo.find(tokenHash);
      const refused = refusal(role, link, now());
      if (refused || !link) throw new BadRequest(refused ?? emailChange.invalidLink);
      const outcome = await repo.redeem({
        tokenHash,
        role,
        now: now(),
        audit:
          role === 'student'
            ? {
                field: auditLabels.email,
                oldValue: link.oldEmail,
                newValue: link.newEmail,
                actorId: link.accountId,
                actorName: `${link.firstName} ${link.lastName}`,
              }
            : null,
      });
      if (outcome === 'taken') throw new Conflict(emailChange.taken);
      // Used or replaced between the check and here (a double submit): say which.
      if (outcome === 'refused') {
        throw new BadRequest(refusal(role, await repo.find(tokenHash), now()) ?? emailChange.invalidLink);
      }
    },
  };
}
export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
