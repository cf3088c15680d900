import { zodResolver } from '@hookform/resolvers/zod';
import type { Role } from '@portal/contracts/common';
import { recovery } from '@portal/contracts/messages';
import { newPasswordForm } from '@portal/contracts/password-reset';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { PasswordPair } from '../../../components/ui/password-pair.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { roleRoutes } from '../../../config/paths.ts';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { useCheckResetLink } from '../api/check-reset-link.ts';
import { useResetForgottenPassword } from '../api/reset-forgotten-password.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';

const linkRefusals: readonly string[] = [
  recovery.invalidLink,
  recovery.expiredLink,
  recovery.usedLink,
  recovery.replacedLink,
];

/** The server's reason when it refused the link itself (not the password, nor a failed request). */
const linkRefusal = (error: unknown) =>
  isApiError(error) && error.status === 400 && linkRefusals.includes(error.message) ? error.message : null;

/** Why the link cannot be used, and the way to a fresh one. */
function RefusedLink({ role, message }: { role: Role; message: string }) {
  return (
    <div className="space-y-4">
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
        {message}
      </p>
      <Link to={roleRoutes[role].forgotPassword} className={buttonVariants.primary}>
        Ask for a new link
      </Link>
    </div>
  );
}

const blank = { newPassword: '', confirmNewPassword: '' };

type NewPasswordFieldsProps = { role: Role; token: string; onRefused: (message: string) => void };

function NewPasswordFields({ role, token, onRefused }: NewPasswordFieldsProps) {
  const navigate = useNavigate();
  const reset = useResetForgottenPassword(role);
  const form = useForm({ resolver: zodResolver(newPasswordForm), defaultValues: blank });
  const { handleSubmit } = form;

  const onSubmit = handleSubmit((values) =>
    reset.mutate(
      { token, ...values },
      {
        onSuccess: (message) => {
          toast.success(message);
          void navigate(roleRoutes[role].signin, { replace: true });
        },
        onError: (error) => {
          const refusal = linkRefusal(error);
          if (refusal) onRefused(refusal);
          else toast.error(errorMessage(error));
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <PasswordPair form={form} name="newPassword" confirmName="confirmNewPassword" label="New Password" />
      <FormAlert error={reset.error} />
      <Button type="submit" className="w-full" isPending={reset.isPending || reset.isSuccess}>
        Reset Password
      </Button>
    </form>
  );
}

/** Checks the link first, so nobody types a new password into a link that can no longer be used. */
function CheckedLink({ role, token }: { role: Role; token: string }) {
  const check = useCheckResetLink(role, token);
  const [refusedAtSubmit, setRefusedAtSubmit] = useState<string | null>(null);

  if (check.isPending) return <LoadingBlock />;
  if (check.isError) {
    const refusal = linkRefusal(check.error);
    if (refusal) return <RefusedLink role={role} message={refusal} />;
    return (
      <ErrorBlock
        message={errorMessage(check.error)}
        onRetry={() => void check.refetch()}
        retrying={check.isRefetching}
      />
    );
  }
  if (refusedAtSubmit) return <RefusedLink role={role} message={refusedAtSubmit} />;
  return <NewPasswordFields role={role} token={token} onRefused={setRefusedAtSubmit} />;
}

/**
 * The page an emailed link opens: the new password, typed twice, or why the link cannot be used.
 * `token` is empty when the link came without one.
 */
export function ResetForgottenPassword({ role, token }: { role: Role; token: string }) {
  if (token === '') return <RefusedLink role={role} message={recovery.invalidLink} />;
  return <CheckedLink role={role} token={token} />;
}
