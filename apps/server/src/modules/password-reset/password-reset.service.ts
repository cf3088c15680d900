import type { Role } from '@portal/contracts/common';
import { emailLinks } from '@portal/contracts/links';
import { recovery } from '@portal/contracts/messages';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, Forbidden } from '../../lib/errors.ts';
import { hashPassword, type PasswordHashing } from '../../lib/passwords.ts';
import type { AccountsReader } from '../auth/auth.read.ts';
import type { PasswordSigninGate } from '../auth/auth.service.ts';
import type { SigninThrottle } from '../auth/signin-throttle.ts';
import type { DeviceCookie, TrustedDevices } from '../auth/trusted-devices.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { passwordResetEmail } from '../mail/emails.ts';
import type { MailQueue } from '../mail/outbox-queue.ts';
import type { PasswordResetRepo } from './password-reset.repo.ts';

/** How long an emailed link works. */
export const RESET_LINK_TTL_MS = 60 * 60_000;

export function createPasswordResetService(deps: {
  passwordResetRepo: PasswordResetRepo;
  accountsReader: AccountsReader;
  trustedDevices: TrustedDevices;
  signinThrottle: SigninThrottle;
  mail: MailQueue;
  appUrl: string;
  passwordHashing: PasswordHashing;
  passwordSignin: PasswordSigninGate;
  clock: Clock;
}) {
  const { passwordResetRepo: repo } = deps;
  const { now } = deps.clock;

  /** Why a link cannot be used, or null when it can. */
  async function refusal(role: Role, tokenHash: string): Promise<string | null> {
    const link = await repo.find(tokenHash);
    if (!link || link.role !== role) return recovery.invalidLink;
    if (link.usedAt) return recovery.usedLink;
    if (link.replacedAt) return recovery.replacedLink;
    if (link.expiresAt <= now()) return recovery.expiredLink;
    return null;
  }

  return {
    /** Refuses (403, pointing to the college's providers) when the college turned the role's passwords off. */
    async ensurePasswordsOn(role: Role, collegeId: number): Promise<void> {
      const refused = await deps.passwordSignin.refusal(role, collegeId);
      if (refused) throw new Forbidden(refused);
    },

    /**
     * Emails a link when the account exists. The caller answers the same either way, so the
     * form cannot be used to find out who has an account.
     */
    async request(role: Role, emailID: string): Promise<void> {
      const account = await deps.accountsReader.findByEmail(role, emailID);
      if (!account) return;
      const { token, hash } = newToken();
      const at = now();
      await repo.issue({
        accountId: account.id,
        tokenHash: hash,
        expiresAt: new Date(at.getTime() + RESET_LINK_TTL_MS),
        now: at,
        email: passwordResetEmail({
          to: emailID,
          accountId: account.id,
          firstName: account.firstName,
          link: `${deps.appUrl}${emailLinks.resetPassword(role)}#token=${token}`,
        }),
      });
      deps.mail.wake();
    },

    async check(role: Role, token: string): Promise<void> {
      const refused = await refusal(role, hashToken(token));
      if (refused) throw new BadRequest(refused);
    },

    /**
     * Sets the new password and signs the account out everywhere; the link cannot be used again.
     * Every failed sign-in counted against the account is cleared, and the browsers trusted for
     * it are forgotten, but for this one: whoever opened the emailed link owns the account, and
     * their browser gets a new device cookie, so it signs in at once even during an attack.
     */
    async reset(
      role: Role,
      token: string,
      newPassword: string,
      deviceToken: string | undefined,
    ): Promise<DeviceCookie> {
      const tokenHash = hashToken(token);
      const refused = await refusal(role, tokenHash);
      if (refused) throw new BadRequest(refused);
      const passwordHash = await hashPassword(newPassword, deps.passwordHashing);
      const account = await repo.redeem({ tokenHash, role, now: now(), passwordHash });
      // Used or replaced between the check and here (a double submit): say which.
      if (!account) throw new BadRequest((await refusal(role, tokenHash)) ?? recovery.invalidLink);
      await deps.signinThrottle.forget(role, account.email);
      return deps.trustedDevices.remember(account.id, deviceToken);
    },
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
