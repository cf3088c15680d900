import { type ReactNode, type Ref, useId } from 'react';
import type { FieldError } from 'react-hook-form';
import { Button } from './button.tsx';
import { TextField } from './field.tsx';

type DegreesFieldProps = {
  value: string[];
  onChange: (degrees: string[]) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  error: string | undefined;
  itemErrors: readonly (FieldError | undefined)[];
  /** False while the list is locked: no adding or removing. */
  editable: boolean;
  /** Props for each input, e.g. read-only while locked. */
  lockProps?: object;
  /** A control beside the label, e.g. an edit toggle. */
  toggle?: ReactNode;
};

/** The list of degrees: one input per degree, added and removed in place (at most 10). */
export function DegreesField({
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  itemErrors,
  editable,
  lockProps = {},
  toggle,
}: DegreesFieldProps) {
  const labelId = useId();
  const errorId = useId();
  const set = (index: number, degree: string) => onChange(value.map((d, i) => (i === index ? degree : d)));
  const remove = (index: number) => onChange(value.filter((_, i) => i !== index));

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={error ? errorId : undefined}
      className="sm:col-span-2"
    >
      <div className="flex min-h-9 items-center justify-between gap-2">
        <span id={labelId} className="text-sm font-medium text-slate-700">
          Degrees
        </span>
        {toggle}
      </div>
      <ul className="mt-2 space-y-2">
        {value.map((degree, index) => (
          // Degrees have no ids of their own; the position is what the user edits.
          <li key={index}>
            <TextField
              label={`Degree ${index + 1}`}
              className="[&>label]:sr-only"
              ref={index === 0 ? inputRef : undefined}
              value={degree}
              placeholder="e.g. B.Tech"
              onChange={(event) => set(index, event.target.value)}
              onBlur={onBlur}
              error={itemErrors[index]?.message}
              {...lockProps}
              addon={
                editable && value.length > 1 ? (
                  <Button
                    variant="ghost"
                    className="px-3"
                    aria-label={`Remove degree ${index + 1}`}
                    onClick={() => remove(index)}
                  >
                    Remove
                  </Button>
                ) : undefined
              }
            />
          </li>
        ))}
      </ul>
      {editable && value.length < 10 && (
        <Button
          variant="ghost"
          className="mt-2 px-3 text-indigo-700"
          onClick={() => onChange([...value, ''])}
        >
          + Add degree
        </Button>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
