import type { ComponentProps } from 'react';
import { type FieldValues, get, type Path, type UseFormReturn } from 'react-hook-form';
import { EditToggle } from '../components/ui/edit-toggle.tsx';
import { TextField } from '../components/ui/field.tsx';
import { useLockedFields } from './use-locked-fields.ts';

function messageAt(errors: object, name: string): string | undefined {
  const error: unknown = get(errors, name);
  return error && typeof error === 'object' && 'message' in error && typeof error.message === 'string'
    ? error.message
    : undefined;
}

/**
 * The spec's read-only-until-edited fields for a react-hook-form form: `field(name, label)` renders
 * a labelled input with its edit toggle and error; `unlockInvalid` opens the fields a failed save
 * names; `discard` and `lockAll` put everything back under lock.
 */
export function useLockedFormFields<Values extends FieldValues>(form: UseFormReturn<Values>) {
  const lock = useLockedFields<Path<Values>>();
  const { register, setFocus, reset, formState } = form;

  const toggle = (name: Path<Values>) => {
    if (lock.isLocked(name)) setFocus(name);
    lock.toggle(name);
  };

  const field = (name: Path<Values>, label: string, extra: Partial<ComponentProps<'input'>> = {}) => (
    <TextField
      key={name}
      label={label}
      error={messageAt(formState.errors, name)}
      {...extra}
      {...register(name)}
      {...lock.lockProps(name)}
      addon={<EditToggle label={label} pressed={!lock.isLocked(name)} onToggle={() => toggle(name)} />}
    />
  );

  return {
    field,
    lockAll: lock.lockAll,
    unlockInvalid: (invalid: object) => lock.unlock(Object.keys(invalid) as Path<Values>[]),
    discard: () => {
      reset();
      lock.lockAll();
    },
  };
}
