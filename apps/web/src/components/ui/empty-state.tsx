import type { ReactNode } from 'react';

/** What a list shows when it has nothing in it. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-600">
      {children}
    </div>
  );
}
