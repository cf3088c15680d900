import type { Role } from '@portal/contracts/common';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Each role's name as the public pages title it. */
export const roleTitles: Record<Role, string> = {
  student: 'Student',
  'college-staff': 'College Staff',
  company: 'Company',
};

const roleCards: { role: Role; title: string; text: string }[] = [
  { role: 'student', title: roleTitles.student, text: 'Build your profile and resume, and apply to jobs.' },
  {
    role: 'college-staff',
    title: roleTitles['college-staff'],
    text: "Manage your college's students and placements.",
  },
  { role: 'company', title: roleTitles.company, text: 'Post jobs and find students to hire.' },
];

type RoleChooserProps = {
  title: string;
  subtitle: string;
  hrefs: Record<Role, string>;
  /** Shown above the cards (why a sign-in through the college failed). */
  notice?: ReactNode;
};

/** The cards of /signin and /signup, one per role. */
export function RoleChooser({ title, subtitle, hrefs, notice }: RoleChooserProps) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-center text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-2 text-center text-slate-600">{subtitle}</p>
      {notice && <div className="mx-auto mt-6 max-w-md">{notice}</div>}
      <ul className="mt-10 grid gap-4 sm:grid-cols-3">
        {roleCards.map((card) => (
          <li key={card.role}>
            <Link
              to={hrefs[card.role]}
              className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-indigo-300 hover:shadow-md"
            >
              <span className="text-lg font-semibold text-slate-900 group-hover:text-indigo-700">
                {card.title}
              </span>
              <span className="mt-2 flex-1 text-sm text-slate-600">{card.text}</span>
              <span className="mt-4 text-sm font-semibold text-indigo-600" aria-hidden="true">
                Continue →
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
