import { zodResolver } from '@hookform/resolvers/zod';
import { companySignupForm } from '@portal/contracts/auth';
import { FormProvider, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { SignupFields } from './signup-fields.tsx';
import { useSignUpFlow } from './use-sign-up-flow.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';

export function CompanySignupForm() {
  const { submit, busy, error } = useSignUpFlow('company');
  const form = useForm({
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
  const {
    register,
    formState: { errors },
  } = form;

  // The form is flat; the request nests the person under personalDetail, as the spec's payload does.
  const onSubmit = form.handleSubmit(({ company, ...personalDetail }) => submit({ personalDetail, company }));

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <SignupFields
          afterNames={
            <TextField
              label="Company Name"
              autoComplete="organization"
              error={errors.company?.message}
              {...register('company')}
            />
          }
          beside={
            <TextField
              label="Staff-ID"
              inputMode="numeric"
              error={errors.staffID?.message}
              {...register('staffID')}
            />
          }
        />
        <FormAlert error={error} />
        <Button type="submit" className="w-full" isPending={busy}>
          Sign Up
        </Button>
      </form>
    </FormProvider>
  );
}
