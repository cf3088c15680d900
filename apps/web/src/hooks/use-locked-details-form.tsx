import { zodResolver } from '@hookform/resolvers/zod';
import { toasts } from '@portal/contracts/messages';
import type { ComponentProps } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type RegisterOptions,
  useForm,
} from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { EditToggle } from '../components/ui/edit-toggle.tsx';
import { TextField } from '../components/ui/field.tsx';
import { errorMessageAt } from '../lib/form-errors.ts';
import { useLockedFields } from './use-locked-fields.ts';

/** What a save ends in, for the form to call from its mutation's onSuccess. */
type SaveOutcome<Values extends FieldValues> = {
  /** Saved: thanks the user, shows `next` (the record as the server now holds it, if it sent one) and locks. */
  saved: (next?: DefaultValues<Values>) => void;
  /** Not saved but waiting for someone's approval: says so, drops the edits and locks. */
  heldForApproval: (message: string) => void;
};

type LockedDetailsFormOptions<Values extends FieldValues, Output> = {
  schema: z.ZodType<Output, Values>;
  defaultValues: NoInfer<DefaultValues<Values>>;
  /** Sends the checked values (the form's own mutation) and reports how it ended. */
  save: (values: Output, outcome: SaveOutcome<Values>) => void;
};

/**
 * A profile's details form with the spec's read-only-until-edited fields: `field(name, label)`
 * renders a labelled input with its edit toggle and error; a failed check opens the fields it
 * names; a save or `discard` puts everything back under lock. `LockedDetailsCard` renders the rest.
 */
export function useLockedDetailsForm<Values extends FieldValues, Output>({
  schema,
  defaultValues,
  save,
}: LockedDetailsFormOptions<Values, Output>) {
  const form = useForm<Values, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  const { register, setFocus, reset, handleSubmit, formState } = form;
  const lock = useLockedFields<Path<Values>>();

  const toggleFor = (name: Path<Values>, label: string) => (
    <EditToggle
      label={label}
      pressed={!lock.isLocked(name)}
      onToggle={() => {
        if (lock.isLocked(name)) setFocus(name);
        lock.toggle(name);
      }}
    />
  );

  const field = (
    name: Path<Values>,
    label: string,
    extra: Partial<ComponentProps<'input'>> & { hint?: string | undefined } = {},
    options?: RegisterOptions<Values, Path<Values>>,
  ) => (
    <TextField
      key={name}
      label={label}
      error={errorMessageAt(formState.errors, name)}
      {...extra}
      {...register(name, options)}
      {...lock.lockProps(name)}
      addon={toggleFor(name, label)}
    />
  );

  const outcome: SaveOutcome<Values> = {
    saved: (next) => {
      toast.success(toasts.detailsUpdated);
      if (next) reset(next);
      lock.lockAll();
    },
    heldForApproval: (message) => {
      // The record keeps its approved values; the change shows elsewhere until decided.
      toast.info(message);
      reset();
      lock.lockAll();
    },
  };

  return {
    form,
    field,
    toggleFor,
    isLocked: lock.isLocked,
    lockProps: lock.lockProps,
    isDirty: formState.isDirty,
    /** Opens every field of the card in one click. */
    editAll: lock.unlockAll,
    onSubmit: handleSubmit(
      (values) => save(values, outcome),
      // A field the schema refuses (say a mother's name never filled in) opens for editing.
      (invalid) => lock.unlock(Object.keys(invalid) as Path<Values>[]),
    ),
    discard: () => {
      reset();
      lock.lockAll();
    },
  };
}
