import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldError, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';

export type EntryField<V extends FieldValues> = {
  name: Path<V>;
  label: string;
  multiline?: boolean;
  type?: 'text' | 'url';
  placeholder?: string;
};

type EntryFormProps<V extends FieldValues> = {
  schema: z.ZodType<V, V>;
  fields: readonly EntryField<V>[];
  defaultValues: DefaultValues<V>;
  submitLabel: string;
  pending: boolean;
  /** The last send's failure, kept on the form beside its toast. */
  error?: unknown;
  /** Resolves true when saved, so an add form can clear itself. */
  onSubmit: (value: V) => Promise<boolean>;
  onCancel?: () => void;
};

/** The form of one internship or project, for adding one or editing it in place. */
export function EntryForm<V extends FieldValues>({
  schema,
  fields,
  defaultValues,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: EntryFormProps<V>) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<V>({ resolver: zodResolver(schema), defaultValues });
  const errorOf = (name: string) => (errors as Record<string, FieldError | undefined>)[name]?.message;

  const submit = handleSubmit(async (value) => {
    if ((await onSubmit(value)) && !onCancel) reset();
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((field) =>
          field.multiline ? (
            <TextAreaField
              key={field.name}
              label={field.label}
              className="sm:col-span-2"
              placeholder={field.placeholder}
              error={errorOf(field.name)}
              {...register(field.name)}
            />
          ) : (
            <TextField
              key={field.name}
              label={field.label}
              type={field.type ?? 'text'}
              placeholder={field.placeholder}
              error={errorOf(field.name)}
              {...register(field.name)}
            />
          ),
        )}
      </div>
      <FormAlert error={error} />
      <div className="flex flex-wrap justify-end gap-3">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        )}
        <Button type="submit" isPending={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
