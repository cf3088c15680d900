import { zodResolver } from '@hookform/resolvers/zod';
import { companySignupForm } from '@portal/contracts/auth';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { useSignUpFlow } from './use-sign-up-flow.ts';

export function CompanySignupForm() {
  const { submit, busy } = useSignUpFlow('company');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(companySignupForm),
    defaultValues: {
      firstName: '',
      lastName: '',
      company: '',
      emailID: '',
      phone: '',
      staffID: '',
      password: '',
      cpass: '',
    },
  });

  // The form is flat; the request nests the person under personalDetail, as the spec's payload does.
  const onSubmit = handleSubmit(({ company, ...personalDetail }) => submit({ personalDetail, company }));

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
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
        label="Company Name"
        autoComplete="organization"
        error={errors.company?.message}
        {...register('company')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.emailID?.message}
        {...register('emailID')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          label="Staff-ID"
          inputMode="numeric"
          error={errors.staffID?.message}
          {...register('staffID')}
        />
      </div>
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
