import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';

/** One part of a home: a card with its heading and, beside it, the page where it is dealt with. */
export function HomeSection({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <Card className="min-w-0">
      <div aria-labelledby={id} role="region">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h3 id={id} className="text-lg font-semibold text-slate-900">
            {title}
          </h3>
          {action && (
            <Link
              to={action.to}
              className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
            >
              {action.label}
            </Link>
          )}
        </div>
        {children}
      </div>
    </Card>
  );
}

/** A line a home shows when a list of it is empty. */
export function Quiet({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-600">{children}</p>;
}

/** A calendar date (YYYY-MM-DD) in words: "Sat, 26 Dec 2026". */
export const dayInWords = (day: string) => {
  const date = new Date(`${day}T12:00:00Z`);
  return Number.isNaN(date.getTime())
    ? day
    : date.toLocaleDateString('en-GB', {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      });
};
