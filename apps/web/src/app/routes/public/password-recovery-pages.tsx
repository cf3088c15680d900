import type { Role } from '@portal/contracts/common';
import { recovery } from '@portal/contracts/messages';
import { useLocation } from 'react-router';
import { roleRoutes } from '../../../config/paths.ts';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form.tsx';
import { ResetForgottenPassword } from '../../../features/auth/components/reset-forgotten-password.tsx';
import { AuthCard } from './auth-card.tsx';
import { roleTitles } from './role-chooser.tsx';

function ForgotPasswordPage({ role }: { role: Role }) {
  return (
    <AuthCard
      title={`${roleTitles[role]} ${recovery.forgotPassword}`}
      subtitle="Enter the email address of your account. We will email you a link to choose a new password."
      backTo={roleRoutes[role].signin}
      backLabel="Back"
    >
      <ForgotPasswordForm role={role} />
    </AuthCard>
  );
}

/**
 * The page the emailed link opens. Its token travels in the fragment (#token=...), which the browser
 * never sends to a server, so it is read here rather than from the query string.
 */
function ResetPasswordPage({ role }: { role: Role }) {
  const { hash } = useLocation();
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
  return (
    <AuthCard
      title={`${roleTitles[role]} Reset Password`}
      subtitle="Choose a new password of at least 6 characters and type it twice."
      backTo={roleRoutes[role].signin}
      backLabel="Back"
    >
      <ResetForgottenPassword role={role} token={token} />
    </AuthCard>
  );
}

export const StudentForgotPassword = () => <ForgotPasswordPage role="student" />;
export const StaffForgotPassword = () => <ForgotPasswordPage role="college-staff" />;
export const CompanyForgotPassword = () => <ForgotPasswordPage role="company" />;

export const StudentResetPassword = () => <ResetPasswordPage role="student" />;
export const StaffResetPassword = () => <ResetPasswordPage role="college-staff" />;
export const CompanyResetPassword = () => <ResetPasswordPage role="company" />;
