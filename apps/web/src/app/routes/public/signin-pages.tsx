import type { Role } from '@portal/contracts/common';
import { Link } from 'react-router';
import { paths, roleRoutes } from '../../../config/paths.ts';
import { SigninForm } from '../../../features/auth/components/signin-form.tsx';
import {
  SigninError,
  SigninProviders,
} from '../../../features/college-signin/components/signin-providers.tsx';
import { AuthCard } from './auth-card.tsx';
import { RoleChooser } from './role-chooser.tsx';

export function SigninChooser() {
  return (
    <RoleChooser
      notice={<SigninError />}
      title="Sign in"
      subtitle="Choose how you use the portal."
      hrefs={{
        student: paths.signin.student,
        'college-staff': paths.signin.staff,
        company: paths.signin.company,
      }}
    />
  );
}

function SigninPage({ role, title }: { role: Role; title: string }) {
  return (
    <AuthCard
      title={title}
      subtitle="Welcome back. Sign in to continue."
      backTo={paths.signin.root}
      backLabel="Back"
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to={roleRoutes[role].signup} className="font-semibold text-indigo-600 hover:text-indigo-500">
            Sign Up
          </Link>
        </>
      }
    >
      <SigninProviders role={role} passwordForm={<SigninForm role={role} />} />
    </AuthCard>
  );
}

export const StudentSignin = () => <SigninPage role="student" title="Student Sign In" />;
export const StaffSignin = () => <SigninPage role="college-staff" title="College Staff Sign In" />;
export const CompanySignin = () => <SigninPage role="company" title="Company Sign In" />;
