import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { TextField } from '../../../components/ui/field.tsx';
import { PasswordPair } from '../../../components/ui/password-pair.tsx';

/** The fields every sign-up form shares; each form's own fields go in between. */
type PersonFields = {
  firstName: string;
  lastName: string;
  emailID: string;
  phone: string;
  password: string;
  cpass: string;
};

/**
 * Names, email and phone at the top, the password pair at the bottom, and the role's own fields in
 * between (`afterNames`, `beside` the phone on its row, `extra` after it). Reads the form from context.
 */
export function SignupFields({
  afterNames,
  beside,
  extra,
}: {
  afterNames?: ReactNode;
  beside?: ReactNode;
  extra?: ReactNode;
}) {
  const form = useFormContext<PersonFields>();
  const {
    register,
    formState: { errors },
  } = form;
  const phone = (
    <TextField
      label="Phone"
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      error={errors.phone?.message}
      {...register('phone')}
    />
  );

  return (
    <>
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
      {afterNames}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.emailID?.message}
        {...register('emailID')}
      />
      {beside ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {phone}
          {beside}
        </div>
      ) : (
        phone
      )}
      {extra}
      <PasswordPair form={form} name="password" confirmName="cpass" label="Password" />
    </>
  );
}
