import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-slate-50 text-slate-700 ring-slate-600/20',
  info: 'bg-indigo-50 text-indigo-700 ring-indigo-600/20',
  success: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  warning: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  danger: 'bg-red-50 text-red-700 ring-red-600/20',
};

/** A short status label; `wrap` lets a longer one (with a name in it) wrap on a narrow screen. */
export function Badge({
  tone = 'neutral',
  wrap = false,
  children,
}: {
  tone?: BadgeTone;
  wrap?: boolean;
  children: ReactNode;
}) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-inset ${wrap ? 'min-w-0 break-words' : 'shrink-0 whitespace-nowrap'} ${tones[tone]}`}
    >
      {children}
    </span>
  );
}
