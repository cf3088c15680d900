import type { Role } from '@portal/contracts/common';
import { auth } from '@portal/contracts/messages';
import { TooManyRequests } from '../../lib/errors.ts';
import type { RateCounters } from '../../lib/rate-counters.ts';

const MINUTE = 60_000;
/** The window in which one browser or one address may fail `failuresAllowed` times. */
const FAILURE_WINDOW_MS = 15 * MINUTE;
/** Failures from untrusted clients of one account are counted for a day. */
const UNTRUSTED_WINDOW_MS = 24 * 60 * MINUTE;
/** The pause between untrusted attempts once they passed the allowance: doubling from one second… */
const FIRST_PAUSE_MS = 1_000;
/** …to at most 15 minutes. */
const LONGEST_PAUSE_MS = 15 * MINUTE;

/**
 * Who is trying: a browser trusted for the account (its device cookie's hash, see
 * trusted-devices.ts), or anyone else, by address.
 */
export type AttemptSource = { trustedDevice: string } | { address: string };

/** An admitted attempt, counted as a failure until it is known to have succeeded. */
export type SigninAttempt = { succeeded: () => Promise<void> };

/** The pause after the `count`-th untrusted attempt of the day (from the allowance on). */
function pauseAfter(count: number, failuresAllowed: number): number {
  return Math.min(FIRST_PAUSE_MS * 2 ** (count - failuresAllowed), LONGEST_PAUSE_MS);
}

const wholeMinutes = (ms: number) => Math.max(1, Math.ceil(ms / MINUTE));
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1_000));

/**
 * How often an account may be guessed at, after OWASP's "device cookies": the right password is
 * never refused only because others guessed wrong.
 *
 * - A browser that has signed in to the account before (a trusted device) has an allowance of its
 *   own: `failuresAllowed` failed sign-ins in 15 minutes, then it waits out the window. No one else
 *   counts against it.
 * - Every other attempt is counted per address: `failuresAllowed` failures in 15 minutes, then
 *   that address waits out the window for this account. And across all addresses: once the
 *   account's untrusted failures of the day reach the allowance, untrusted attempts are let
 *   through one at a time with a pause between them that doubles from 1 second to 15 minutes;
 *   others in the pause get 429 with Retry-After. So guessing from many addresses slows to four
 *   tries an hour, while the owner signs in from their own browser at once, and from a new one
 *   waits at most the pause (or resets the password, which clears every count).
 *
 * An attempt is counted when it is admitted, before the password is checked, so a burst of
 * attempts at once cannot slip past the allowance; a success gives its count back. An unknown
 * email is counted like an account, so the answers never tell whether one exists. When the
 * counters are unreachable (Redis down) attempts are let through uncounted, as the other limits do.
 */
export function createSigninThrottle(deps: { counters: RateCounters; failuresAllowed: number }) {
  const { counters, failuresAllowed: allowed } = deps;
  const group = (role: Role, email: string) => `signin:${role}:${email}`;
  const uncounted: SigninAttempt = { succeeded: async () => {} };

  async function admit(role: Role, email: string, client: AttemptSource): Promise<SigninAttempt> {
    const name = group(role, email);
    const giveBack = (field: string, windowMs: number) => counters.giveBack(name, field, windowMs);

    if ('trustedDevice' in client) {
      const field = `device:${client.trustedDevice}`;
      const taken = await counters.take(name, field, allowed, FAILURE_WINDOW_MS);
      if (!taken.ok) throw locked(taken.retryAfterMs);
      return { succeeded: () => giveBack(field, FAILURE_WINDOW_MS) };
    }

    const address = `address:${client.address}`;
    const giveBackBoth = async () => {
      await giveBack(address, FAILURE_WINDOW_MS);
      await giveBack('untrusted', UNTRUSTED_WINDOW_MS);
    };
    const fromAddress = await counters.take(name, address, allowed, FAILURE_WINDOW_MS);
    if (!fromAddress.ok) throw locked(fromAddress.retryAfterMs);
    const untrusted = await counters.take(name, 'untrusted', Number.MAX_SAFE_INTEGER, UNTRUSTED_WINDOW_MS);
    const count = untrusted.ok ? untrusted.count : 0;
    if (count >= allowed) {
      const turn = await counters.claim(name, 'pause', pauseAfter(count, allowed));
      if (!turn.ok) {
        await giveBackBoth();
        throw new TooManyRequests(auth.signinPaused(seconds(turn.retryAfterMs)), seconds(turn.retryAfterMs));
      }
    }
    return { succeeded: giveBackBoth };
  }

  const locked = (retryAfterMs: number) =>
    new TooManyRequests(auth.accountLocked(wholeMinutes(retryAfterMs)), seconds(retryAfterMs));

  /**
   * `action`, or when the counters fail (Redis away; lib/redis.ts logs the outage once), `fallback`:
   * never a 500 because of a counter.
   */
  async function orElse<T>(action: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await action();
    } catch (error) {
      if (error instanceof TooManyRequests) throw error;
      return fallback;
    }
  }

  return {
    /** Lets a sign-in attempt through, counted, or refuses it: 429 with Retry-After. */
    admit: (role: Role, email: string, client: AttemptSource): Promise<SigninAttempt> =>
      orElse(async () => {
        const attempt = await admit(role, email, client);
        return { succeeded: () => orElse(() => attempt.succeeded(), undefined) };
      }, uncounted),

    /** Clears every count of the account: a completed password reset. */
    forget: (role: Role, email: string) => orElse(() => counters.forget(group(role, email)), undefined),
  };
}
export type SigninThrottle = ReturnType<typeof createSigninThrottle>;
