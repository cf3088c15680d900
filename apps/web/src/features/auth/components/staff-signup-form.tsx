import { zodResolver } from '@hookform/resolvers/zod';
import { staffSignupBody } from '@portal/contracts/auth';
import { FormProvider, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { SignupFields } from './signup-fields.tsx';
import { useSignUpFlow } from './use-sign-up-flow.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';

export function StaffSignupForm() {
  const { submit, busy, error } = useSignUpFlow('college-staff');
  const form = useForm({
    resolver: zodResolver(staffSignupBody),
    defaultValues: {
      firstName: '',
      lastName: '',
      emailID: '',
      phone: '',
      staffID: '',
      password: '',
      cpass: '',
      signupCode: '',
    },
  });
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-4">
        <SignupFields
          beside={
            <TextField
              label="Staff-ID"
              inputMode="numeric"
              error={errors.staffID?.message}
              {...register('staffID')}
            />
          }
        />
        <TextField
          label="Staff signup code"
          autoComplete="off"
          hint="Your placement office gives out this code."
          error={errors.signupCode?.message}
          {...register('signupCode')}
        />
        <FormAlert error={error} />
        <Button type="submit" className="w-full" isPending={busy}>
          Sign Up
        </Button>
      </form>
    </FormProvider>
  );
}
