import type { Role } from '@portal/contracts/common';
import { Card } from '../../../components/ui/card.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { ChangePasswordForm } from '../../../features/auth/components/change-password-form.tsx';

/** /<area>/resetPassword for every role: the signed-in user changes their own password. */
export function ResetPasswordPage({ role }: { role: Role }) {
  return (
    <>
      <PageHeading title="Reset Password">
        Enter your current password, then the new one twice. It must be at least 6 characters.
      </PageHeading>
      <Card className="max-w-xl">
        <ChangePasswordForm role={role} />
      </Card>
    </>
  );
}
