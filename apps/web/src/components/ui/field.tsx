import { type ComponentProps, useId } from 'react';

type TextFieldProps = ComponentProps<'input'> & {
  label: string;
  /** The validation message, shown under the field and announced. */
  error?: string | undefined;
  hint?: string;
};

/** A labelled input whose error is tied to it (aria-invalid, aria-describedby) and announced. */
export function TextField({ label, error, hint, id, className = '', ...inputProps }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-none focus-visible:ring-2 focus-visible:outline-none ${
          error
            ? 'border-red-500 focus-visible:ring-red-500/40'
            : 'border-slate-300 focus-visible:border-indigo-600 focus-visible:ring-indigo-600/30'
        }`}
        {...inputProps}
      />
      {hint && !error && (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
