import { zodResolver } from '@hookform/resolvers/zod';
import type { Role } from '@portal/contracts/common';
import { forgotPasswordBody } from '@portal/contracts/password-reset';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { roleRoutes } from '../../../config/paths.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';

/** Asks for a reset link by email; once sent, the form gives way to the server's confirmation. */
export function ForgotPasswordForm({ role }: { role: Role }) {
  const request = useRequestPasswordReset(role);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgotPasswordBody), defaultValues: { emailID: '' } });

  if (request.isSuccess) {
    return (
      <div className="space-y-4">
        <p
          role="status"
          className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800"
        >
          {request.data}
        </p>
        <Link to={roleRoutes[role].signin} className={buttonVariants.secondary}>
          Back to Sign In
        </Link>
      </div>
    );
  }

  const onSubmit = handleSubmit((values) => request.mutate(values));

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.emailID?.message}
        {...register('emailID')}
      />
      <FormAlert error={request.error} />
      <Button type="submit" className="w-full" isPending={request.isPending}>
        Send reset link
      </Button>
    </form>
  );
}
