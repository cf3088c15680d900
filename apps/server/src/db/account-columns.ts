import { getTableColumns } from 'drizzle-orm';
import { accounts } from './schema.ts';

/**
 * An account's columns but its password hash: what a record, a profile or a list reads of an
 * account. Only sign-in and a password change read the hash (accounts.repo), so no other answer,
 * cache or log can carry it by accident.
 */
const { passwordHash: _passwordHash, ...accountColumns } = getTableColumns(accounts);
export { accountColumns };

/** An account as `accountColumns` reads it. */
export type AccountRecord = Omit<typeof accounts.$inferSelect, 'passwordHash'>;
