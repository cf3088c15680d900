import type { Clock } from '../../lib/clock.ts';
import { DEVICE_TTL_MS } from '../../lib/device-cookie.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { TrustedDevicesRepo } from './trusted-devices.repo.ts';

export type DeviceCookie = { token: string; expiresAt: Date };

/**
 * Which browsers have signed in to an account before. The cookie's token is replaced at every
 * sign-in (the new one carries over what the old one was trusted for), so a token someone else
 * planted in a browser never becomes trusted for the account signed in with it.
 */
export function createTrustedDevices(deps: { trustedDevicesRepo: TrustedDevicesRepo; clock: Clock }) {
  const { trustedDevicesRepo: repo } = deps;
  const { now } = deps.clock;

  return {
    /**
     * The hash of the browser's token when it is trusted for the account, else null. The lookup
     * runs whether or not the account exists, so its time tells nothing.
     */
    async trusted(token: string | undefined, accountId: string | undefined): Promise<string | null> {
      if (!token) return null;
      const tokenHash = hashToken(token);
      const accounts = await repo.accountsOf(tokenHash, now());
      return accountId && accounts.includes(accountId) ? tokenHash : null;
    },

    /** A new token for the browser, trusted for the account for a year from now. */
    async remember(accountId: string, oldToken: string | undefined): Promise<DeviceCookie> {
      const { token, hash } = newToken();
      const at = now();
      const expiresAt = new Date(at.getTime() + DEVICE_TTL_MS);
      await repo.remember({
        oldTokenHash: oldToken ? hashToken(oldToken) : undefined,
        tokenHash: hash,
        accountId,
        expiresAt,
        now: at,
      });
      return { token, expiresAt };
    },
  };
}
export type TrustedDevices = ReturnType<typeof createTrustedDevices>;
