import { createHash, timingSafeEqual } from 'node:crypto';
import type { companySignupBody, staffSignupBody, studentSignupBody } from '@portal/contracts/auth';
import type { Role } from '@portal/contracts/common';
import { auth, passwords } from '@portal/contracts/messages';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, Conflict, Forbidden, Unauthorized } from '../../lib/errors.ts';
import {
  hashPassword,
  type PasswordHashing,
  verifyAgainstNothing,
  verifyPassword,
} from '../../lib/passwords.ts';
import { SESSION_IDLE_MS, SESSION_TOUCH_MS, SESSION_TTL_MS } from '../../lib/session-cookie.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { SessionAccount } from '../../plugins/access.ts';
import type { AccountsRepo, NewAccount, RoleDetails } from './accounts.repo.ts';
import type { SessionCache, SessionRow } from './session-cache.ts';
import type { SessionsRepo } from './sessions.repo.ts';
import type { SigninThrottle } from './signin-throttle.ts';
import type { TrustedDevices } from './trusted-devices.ts';

export type NewSession = { token: string; expiresAt: Date };
/**
 * Who is signing in: the client's address, the browser's device cookie if it sent one, and the
 * college whose sign-in page it is (lib/current-college.ts).
 */
export type SigninClient = { address: string; deviceToken: string | undefined; collegeId: number };

/**
 * Whether a college lets a role sign in with a password: null when it does, else the message that
 * points to its sign-in providers (modules/college-signin answers it; auth declares what it needs).
 */
export type PasswordSigninGate = { refusal(role: Role, collegeId: number): Promise<string | null> };

// The bodies as the route's schema leaves them (trimmed, lower-cased, a Staff-ID as its digits).
type StudentSignup = z.output<typeof studentSignupBody>;
type StaffSignup = z.output<typeof staffSignupBody>;
type CompanySignup = z.output<typeof companySignupBody>;

const existsMessage: Record<Role, string> = {
  student: auth.studentExists,
  'college-staff': auth.staffExists,
  company: auth.companyExists,
};

function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export function createAuthService(deps: {
  accountsRepo: AccountsRepo;
  sessionsRepo: SessionsRepo;
  /** This server's recent copy of the accounts behind sessions (read by `resolveSession`). */
  sessionCache: SessionCache;
  trustedDevices: TrustedDevices;
  signinThrottle: SigninThrottle;
  staffSignupCode: string;
  passwordHashing: PasswordHashing;
  passwordSignin: PasswordSigninGate;
  clock: Clock;
}) {
  const { accountsRepo, sessionsRepo, sessionCache, trustedDevices, signinThrottle, passwordHashing } = deps;
  const { now } = deps.clock;

  async function startSession(accountId: string): Promise<NewSession> {
    const { token, hash } = newToken();
    // Both times from the clock: the idle check compares lastSeenAt with the clock's time.
    const at = now();
    const expiresAt = new Date(at.getTime() + SESSION_TTL_MS);
    await sessionsRepo.insert({ tokenHash: hash, accountId, expiresAt, lastSeenAt: at });
    return { token, expiresAt };
  }

  async function signup(
    person: { firstName: string; lastName: string; emailID: string; phone: string; password: string },
    details: RoleDetails,
  ): Promise<NewSession> {
    const account: NewAccount = {
      email: person.emailID,
      passwordHash: await hashPassword(person.password, passwordHashing),
      firstName: person.firstName,
      lastName: person.lastName,
      phone: person.phone,
      // A company sees no student until the placement cell approves it.
      ...(details.role === 'company' ? { status: 'Pending' as const } : {}),
    };
    const created = await accountsRepo.create(account, details);
    if (!created) throw new Conflict(existsMessage[details.role]);
    return startSession(created.id);
  }

  return {
    /** Each signs up at the college of the page (`collegeId`: lib/current-college.ts). */
    signupStudent: (input: StudentSignup, collegeId: number) => signup(input, { role: 'student', collegeId }),

    signupStaff(input: StaffSignup, collegeId: number) {
      if (!sameSecret(input.signupCode, deps.staffSignupCode)) throw new Forbidden(auth.badSignupCode);
      return signup(input, { role: 'college-staff', staffId: input.staffID, collegeId });
    },

    /** A company signs up asking the college whose page it signed up on (`collegeId`). */
    signupCompany(input: CompanySignup, collegeId: number) {
      const { personalDetail, company } = input;
      return signup(personalDetail, {
        role: 'company',
        staffId: personalDetail.staffID,
        companyName: company,
        collegeId,
      });
    },

    /**
     * One message for an unknown email and a wrong password, and the same time spent on both. The
     * throttle lets the attempt through or refuses it (429) first: a browser that has signed in to
     * the account before is counted on its own, anyone else by address and with every other
     * untrusted client. A sign-in makes the browser trusted, with a new device cookie.
     */
    async signin(role: Role, emailID: string, password: string, client: SigninClient) {
      // The college's choice for the whole role, so refusing first tells nothing about the account.
      const refused = await deps.passwordSignin.refusal(role, client.collegeId);
      if (refused) throw new Forbidden(refused);
      const account = await accountsRepo.findByEmail(role, emailID);
      const device = await trustedDevices.trusted(client.deviceToken, account?.id);
      const attempt = await signinThrottle.admit(
        role,
        emailID,
        device ? { trustedDevice: device } : { address: client.address },
      );
      // An account without a password (an erased one, or one imported and not set up yet) takes
      // the time a real check would, as an unknown email does.
      const valid =
        account && account.passwordHash !== ''
          ? await verifyPassword(account.passwordHash, password)
          : await verifyAgainstNothing(password, passwordHashing);
      // An erased account (modules/own-data) answers as a wrong password does.
      if (!account || !valid || account.status === 'Erased') throw new Unauthorized(auth.badCredentials);
      await attempt.succeeded();
      await sessionsRepo.deleteExpired(now(), deps.clock.fromNow(-SESSION_IDLE_MS));
      return {
        ...(await startSession(account.id)),
        firstName: account.firstName,
        device: await trustedDevices.remember(account.id, client.deviceToken),
      };
    },

    /**
     * A sign-in the college's identity provider vouched for (modules/college-signin checked the
     * token, the verified email and its domain): the session and the device cookie a password
     * sign-in makes, or null when no account of the role uses the email (an erased one neither).
     */
    async signinVouched(role: Role, email: string, deviceToken: string | undefined) {
      const account = await accountsRepo.findByEmail(role, email);
      if (!account || account.status === 'Erased') return null;
      await sessionsRepo.deleteExpired(now(), deps.clock.fromNow(-SESSION_IDLE_MS));
      return {
        ...(await startSession(account.id)),
        firstName: account.firstName,
        device: await trustedDevices.remember(account.id, deviceToken),
      };
    },

    /** Checks the current password, stores the new one and ends every other session of the account. */
    async changePassword(account: SessionAccount, currentPassword: string, newPassword: string) {
      const passwordHash = await accountsRepo.findPasswordHash(account.id);
      if (!passwordHash || !(await verifyPassword(passwordHash, currentPassword))) {
        throw new BadRequest(passwords.wrongCurrent);
      }
      if (currentPassword === newPassword) throw new BadRequest(passwords.sameAsOld);
      await accountsRepo.setPasswordHash(account.id, await hashPassword(newPassword, passwordHashing));
      await sessionsRepo.deleteOthers(account.id, account.tokenHash);
    },

    async signout(token: string | undefined) {
      if (token) await sessionsRepo.delete(hashToken(token));
    },

    /**
     * The signed-in account, or null once the session expired (7 days) or sat idle (12 hours).
     * `reading`: the request only reads, and may be answered from the server's recent copy
     * (session-cache.ts says what keeps it true); a request that may change anything reads afresh.
     */
    async resolveSession(token: string, reading = false): Promise<SessionAccount | null> {
      const tokenHash = hashToken(token);
      const at = now();
      const cached = reading ? sessionCache.get(tokenHash, at.getTime()) : undefined;
      if (cached) return sessionAccountOf(cached, tokenHash);
      const since = sessionCache.generation();
      const found = await sessionsRepo.findAccount(tokenHash, at, new Date(at.getTime() - SESSION_IDLE_MS));
      if (!found) return null;
      if (at.getTime() - found.lastSeenAt.getTime() > SESSION_TOUCH_MS) {
        await sessionsRepo.touch(tokenHash, at);
        found.lastSeenAt = at;
      }
      sessionCache.keep(tokenHash, found, at.getTime(), since);
      return sessionAccountOf(found, tokenHash);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

/** The account a session row names, without the session's own times. */
const sessionAccountOf = (
  { lastSeenAt: _lastSeenAt, expiresAt: _expiresAt, ...account }: SessionRow,
  tokenHash: string,
): SessionAccount => ({ ...account, tokenHash });
