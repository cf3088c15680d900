import { zodResolver } from '@hookform/resolvers/zod';
import { studentSignupBody } from '@portal/contracts/auth';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { useSignUpFlow } from './use-sign-up-flow.ts';

export function StudentSignupForm() {
  const { submit, busy } = useSignUpFlow('student');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(studentSignupBody),
    defaultValues: { firstName: '', lastName: '', emailID: '', phone: '', password: '', cpass: '' },
  });

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First Name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...register('lastName')}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.emailID?.message}
        {...register('emailID')}
      />
      <TextField
        label="Phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors.cpass?.message}
        {...register('cpass')}
      />
      <Button type="submit" className="w-full" isPending={busy}>
        Sign Up
      </Button>
    </form>
  );
}
