import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { errorMessageAt } from '../../lib/form-errors.ts';
import { TextField } from './field.tsx';

type PasswordPairProps<Values extends FieldValues, Context, Output> = {
  form: UseFormReturn<Values, Context, Output>;
  name: Path<Values>;
  confirmName: Path<Values>;
  /** The first field's label; the second reads "Confirm <label>". */
  label: string;
};

/** A password chosen now, typed twice; browsers offer to generate and keep it. */
export function PasswordPair<Values extends FieldValues, Context, Output>({
  form: {
    register,
    formState: { errors },
  },
  name,
  confirmName,
  label,
}: PasswordPairProps<Values, Context, Output>) {
  return (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        error={errorMessageAt(errors, name)}
        {...register(name)}
      />
      <TextField
        label={`Confirm ${label}`}
        type="password"
        autoComplete="new-password"
        error={errorMessageAt(errors, confirmName)}
        {...register(confirmName)}
      />
    </>
  );
}
