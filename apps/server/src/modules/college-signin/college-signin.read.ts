import { collegeSigninMessages, roleGroups } from '@portal/contracts/college-signin';
import type { Role } from '@portal/contracts/common';
import type { Database } from '../../db/client.ts';
import { createCollegeSigninRepo } from './college-signin.repo.ts';

/**
 * What sign-in and "forgot password" (modules/auth, modules/password-reset) read of the college's
 * choice: null when the role may use a password, else the message naming the college's buttons.
 * Companies always may.
 */
export function createPasswordSigninGate(db: Database) {
  const repo = createCollegeSigninRepo(db);
  return {
    async refusal(role: Role, collegeId: number): Promise<string | null> {
      if (role === 'company') return null;
      const passwords = await repo.passwords(collegeId);
      if (role === 'student' ? passwords.students : passwords.staff) return null;
      const buttons = await repo.buttons(collegeId, role);
      return collegeSigninMessages.passwordsOff(
        roleGroups[role],
        buttons.map((b) => b.displayName),
      );
    },
  };
}
export type PasswordSigninGate = ReturnType<typeof createPasswordSigninGate>;
