import type { Role } from '@portal/contracts/common';
import { useLocation } from 'react-router';
import { roleRoutes } from '../../../config/paths.ts';
import { ConfirmEmailChange } from '../../../features/auth/components/confirm-email-change.tsx';
import { AuthCard } from './auth-card.tsx';
import { roleTitles } from './role-chooser.tsx';

/**
 * The page the link sent to a new sign-in email opens. As for reset links, the token travels in the
 * fragment (#token=...), which the browser never sends to a server.
 */
function ConfirmEmailPage({ role }: { role: Role }) {
  const { hash } = useLocation();
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
  return (
    <AuthCard
      title={`${roleTitles[role]} Confirm Email`}
      subtitle="Make the address this link was sent to the one you sign in with. You will be signed out everywhere and sign in again with it."
      backTo={roleRoutes[role].signin}
      backLabel="Back"
    >
      <ConfirmEmailChange role={role} token={token} />
    </AuthCard>
  );
}

export const StudentConfirmEmail = () => <ConfirmEmailPage role="student" />;
export const StaffConfirmEmail = () => <ConfirmEmailPage role="college-staff" />;
export const CompanyConfirmEmail = () => <ConfirmEmailPage role="company" />;
