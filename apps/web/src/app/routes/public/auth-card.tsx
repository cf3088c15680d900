import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCurrentCollege } from '../../../features/auth/api/get-current-college.ts';

type AuthCardProps = {
  title: string;
  subtitle: string;
  /** The back arrow's target: the role chooser, or the role's sign-in page. */
  backTo: string;
  backLabel: string;
  children: ReactNode;
  footer?: ReactNode;
};

/**
 * The frame of every sign-in, sign-up and password recovery form; in a deployment of several
 * colleges it names the college the page is about (its `/c/<slug>/` address chose it).
 */
export function AuthCard({ title, subtitle, backTo, backLabel, children, footer }: AuthCardProps) {
  const { data: college } = useCurrentCollege();
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <Link
          to={backTo}
          className="-ml-2 inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          <span aria-hidden="true">←</span> {backLabel}
        </Link>
        {college?.several ? (
          <p className="mt-4 text-sm font-semibold text-indigo-700">{college.name}</p>
        ) : null}
        <h1
          className={`${college?.several ? 'mt-1' : 'mt-4'} text-2xl font-bold tracking-tight text-slate-900`}
        >
          {title}
        </h1>
        <p className="mt-1 text-sm text-slate-600">{subtitle}</p>
        <div className="mt-6">{children}</div>
        {footer && <p className="mt-6 text-center text-sm text-slate-600">{footer}</p>}
      </div>
    </div>
  );
}
