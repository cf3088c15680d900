import { type ComponentProps, type ReactNode, useId } from 'react';

type FieldFrameProps = {
  label: string;
  /** The validation message, shown under the field and announced. */
  error?: string | undefined;
  hint?: string | undefined;
  className?: string;
};

const controlClass = (error: string | undefined) =>
  `block w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 read-only:bg-slate-50 read-only:text-slate-600 focus:outline-none focus-visible:ring-2 focus-visible:outline-none ${
    error
      ? 'border-red-500 focus-visible:ring-red-500/40'
      : 'border-slate-300 focus-visible:border-indigo-600 focus-visible:ring-indigo-600/30'
  }`;

/** The ids and attributes that tie a control to its label, hint and error. */
function useFieldIds(id: string | undefined, hint: string | undefined, error: string | undefined) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return {
    inputId,
    errorId,
    hintId,
    controlProps: {
      id: inputId,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
    },
  };
}

function FieldMessages({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint: string | undefined;
  hintId: string;
  error: string | undefined;
  errorId: string;
}) {
  return (
    <>
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
    </>
  );
}

type TextFieldProps = ComponentProps<'input'> &
  FieldFrameProps & {
    /** A control beside the input, e.g. an edit toggle. */
    addon?: ReactNode;
  };

/** A labelled input whose error is tied to it (aria-invalid, aria-describedby) and announced. */
export function TextField({ label, error, hint, id, addon, className = '', ...inputProps }: TextFieldProps) {
  const { inputId, errorId, hintId, controlProps } = useFieldIds(id, hint, error);
  const input = <input {...controlProps} className={controlClass(error)} {...inputProps} />;

  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {addon ? (
        <div className="mt-1 flex items-center gap-2">
          {input}
          {addon}
        </div>
      ) : (
        <div className="mt-1">{input}</div>
      )}
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

type TextAreaFieldProps = ComponentProps<'textarea'> & FieldFrameProps;

/** A labelled multi-line input, tied to its error like TextField. */
export function TextAreaField({
  label,
  error,
  hint,
  id,
  className = '',
  rows = 4,
  ...props
}: TextAreaFieldProps) {
  const { inputId, errorId, hintId, controlProps } = useFieldIds(id, hint, error);
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea {...controlProps} rows={rows} className={`mt-1 ${controlClass(error)}`} {...props} />
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

type SelectFieldProps = ComponentProps<'select'> & FieldFrameProps;

/** A labelled drop-down, tied to its error like TextField. */
export function SelectField({
  label,
  error,
  hint,
  id,
  className = '',
  children,
  ...props
}: SelectFieldProps) {
  const { inputId, errorId, hintId, controlProps } = useFieldIds(id, hint, error);
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select {...controlProps} className={`mt-1 ${controlClass(error)}`} {...props}>
        {children}
      </select>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
