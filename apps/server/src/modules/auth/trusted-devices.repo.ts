import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { trustedDevices } from '../../db/schema.ts';

export function createTrustedDevicesRepo(db: Database) {
  return {
    /** The accounts a browser (by its token's hash) is trusted for until after `now`. */
    async accountsOf(tokenHash: string, now: Date): Promise<string[]> {
      const rows = await db
        .select({ accountId: trustedDevices.accountId })
        .from(trustedDevices)
        .where(and(eq(trustedDevices.tokenHash, tokenHash), gt(trustedDevices.expiresAt, now)));
      return rows.map((r) => r.accountId);
    },

    /**
     * The browser's new token takes over what its old one was trusted for, and is trusted for the
     * account until `expiresAt`; trust that ran out is deleted on the way.
     */
    async remember(r: {
      oldTokenHash: string | undefined;
      tokenHash: string;
      accountId: string;
      expiresAt: Date;
      now: Date;
    }) {
      await db.transaction(async (tx) => {
        await tx.delete(trustedDevices).where(lte(trustedDevices.expiresAt, r.now));
        if (r.oldTokenHash) {
          await tx
            .update(trustedDevices)
            .set({ tokenHash: r.tokenHash })
            .where(eq(trustedDevices.tokenHash, r.oldTokenHash));
        }
        await tx
          .insert(trustedDevices)
          .values({ tokenHash: r.tokenHash, accountId: r.accountId, expiresAt: r.expiresAt })
          .onConflictDoUpdate({
            target: [trustedDevices.tokenHash, trustedDevices.accountId],
            set: { expiresAt: sql`excluded.expires_at` },
          });
      });
    },
  };
}
export type TrustedDevicesRepo = ReturnType<typeof createTrustedDevicesRepo>;
