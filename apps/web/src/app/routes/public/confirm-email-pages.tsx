import type { Role } from '@portal/contracts/common';
import { useLocation } from 'react-router';
import { roleRoutes } from '../../../config/paths.ts';
import { AnswerEmailChange } from '../../../features/auth/components/answer-email-change.tsx';
import { ConfirmEmailChange } from '../../../features/auth/components/confirm-email-change.tsx';
import { AuthCard } from './auth-card.tsx';
import { roleTitles } from './role-chooser.tsx';

/**
 * The page the link sent to a new sign-in email opens. As for reset links, the token travels in the
 * fragment (#token=...), which the browser never sends to a server.
 */
/** The token of an emailed link, from the fragment (#token=...), or '' when it has none. */
function useLinkToken() {
  const { hash } = useLocation();
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

function ConfirmEmailPage({ role }: { role: Role }) {
  const token = useLinkToken();
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

/**
 * The page the link sent to a student's current address opens, to approve or decline the change of
 * the sign-in email the placement cell asked for.
 */
export function StudentAnswerEmailChange() {
  const token = useLinkToken();
  return (
    <AuthCard
      title={`${roleTitles.student} Email Change`}
      subtitle="The placement cell asked to change the email address you sign in with. Nothing changes unless you approve it."
      backTo={roleRoutes.student.signin}
      backLabel="Back"
    >
      <AnswerEmailChange token={token} />
    </AuthCard>
  );
}
