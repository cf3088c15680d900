import { zodResolver } from '@hookform/resolvers/zod';
import { signinBody } from '@portal/contracts/auth';
import type { Role } from '@portal/contracts/common';
import { recovery } from '@portal/contracts/messages';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { roleRoutes } from '../../../config/paths.ts';
import { useSignIn } from '../api/sign-in.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';

export function SigninForm({ role }: { role: Role }) {
  const navigate = useNavigate();
  const signIn = useSignIn(role);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(signinBody), defaultValues: { emailID: '', password: '' } });

  const onSubmit = handleSubmit((values) =>
    signIn.mutate(values, {
      onSuccess: (message) => {
        toast.success(message);
        void navigate(roleRoutes[role].afterSignin);
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.emailID?.message}
        {...register('emailID')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <p className="text-right text-sm text-slate-500">
        <Link to={roleRoutes[role].forgotPassword} className="rounded hover:text-slate-900 hover:underline">
          {recovery.forgotPassword}
        </Link>
      </p>
      <FormAlert error={signIn.error} />
      {/* Rendered at build time, the button waits for the app: the browser never sends the form itself. */}
      <Button
        type="submit"
        className="w-full"
        disabled={import.meta.env.SSR}
        isPending={signIn.isPending || signIn.isSuccess}
      >
        Sign In
      </Button>
    </form>
  );
}
