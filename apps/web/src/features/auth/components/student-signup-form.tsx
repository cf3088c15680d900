import { zodResolver } from '@hookform/resolvers/zod';
import { studentSignupBody } from '@portal/contracts/auth';
import { FormProvider, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { SignupFields } from './signup-fields.tsx';
import { useSignUpFlow } from './use-sign-up-flow.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';

export function StudentSignupForm() {
  const { submit, busy, error } = useSignUpFlow('student');
  const form = useForm({
    resolver: zodResolver(studentSignupBody),
    defaultValues: { firstName: '', lastName: '', emailID: '', phone: '', password: '', cpass: '' },
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-4">
        <SignupFields />
        <FormAlert error={error} />
        <Button type="submit" className="w-full" isPending={busy}>
          Sign Up
        </Button>
      </form>
    </FormProvider>
  );
}
