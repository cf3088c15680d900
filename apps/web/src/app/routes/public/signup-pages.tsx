import type { Role } from '@portal/contracts/common';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths, roleRoutes } from '../../../config/paths.ts';
import { CompanySignupForm } from '../../../features/auth/components/company-signup-form.tsx';
import { StaffSignupForm } from '../../../features/auth/components/staff-signup-form.tsx';
import { StudentSignupForm } from '../../../features/auth/components/student-signup-form.tsx';
import { AuthCard } from './auth-card.tsx';
import { RoleChooser } from './role-chooser.tsx';

export function SignupChooser() {
  return (
    <RoleChooser
      title="Create an account"
      subtitle="Choose how you will use the portal."
      hrefs={{
        student: paths.signup.student,
        'college-staff': paths.signup.staff,
        company: paths.signup.company,
      }}
    />
  );
}

function SignupPage({ role, title, children }: { role: Role; title: string; children: ReactNode }) {
  return (
    <AuthCard
      title={title}
      subtitle="It takes a minute. Every field is required."
      backTo={paths.signup.root}
      backLabel="Back"
      footer={
        <>
          Already have an account?{' '}
          <Link to={roleRoutes[role].signin} className="font-semibold text-indigo-600 hover:text-indigo-500">
            Sign In
          </Link>
        </>
      }
    >
      {children}
    </AuthCard>
  );
}

export const StudentSignup = () => (
  <SignupPage role="student" title="Student Sign Up">
    <StudentSignupForm />
  </SignupPage>
);
export const StaffSignup = () => (
  <SignupPage role="college-staff" title="College Staff Sign Up">
    <StaffSignupForm />
  </SignupPage>
);
export const CompanySignup = () => (
  <SignupPage role="company" title="Company Sign Up">
    <CompanySignupForm />
  </SignupPage>
);
