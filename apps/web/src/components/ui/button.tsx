import type { ComponentProps } from 'react';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

export const buttonVariants: Record<ButtonVariant, string> = {
  primary: `${base} bg-indigo-600 text-white shadow-sm hover:bg-indigo-500 disabled:hover:bg-indigo-600`,
  secondary: `${base} border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50`,
  ghost: `${base} text-slate-700 hover:bg-slate-100`,
};

type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  /** Shows a spinner and disables the button while a request runs. */
  isPending?: boolean;
};

export function Button({
  variant = 'primary',
  isPending = false,
  type = 'button',
  className = '',
  disabled,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={`${buttonVariants[variant]} ${className}`}
      disabled={disabled === true || isPending}
      aria-busy={isPending || undefined}
      {...props}
    >
      {isPending && <Spinner />}
      {children}
    </button>
  );
}
