import { CARD_ENTRIES, type StudentCard as Card } from '@portal/contracts/staff';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { detailHref, paths } from '../../../config/paths.ts';
import type { StudentViewer } from '../api/get-students.ts';
import { lpa } from '../../../lib/lpa.ts';

const linkClass = 'font-medium text-indigo-700 underline-offset-2 hover:underline';

/** At most CARD_ENTRIES entries, numbered from 1 (the spec's limit for a list card). */
function EntryPreview<E extends { _id: string }>({
  title,
  listLabel,
  entries,
  render,
}: {
  title: string;
  listLabel: string;
  entries: readonly E[];
  render: (entry: E) => string;
}) {
  const shown = entries.slice(0, CARD_ENTRIES);
  return (
    <div className="min-w-0">
      <h4 className="text-xs font-medium tracking-wide text-slate-500 uppercase">{title}</h4>
      {shown.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">None</p>
      ) : (
        <ol aria-label={listLabel} className="mt-1 space-y-0.5 text-sm text-slate-700">
          {shown.map((entry, index) => (
            <li key={entry._id} className="flex gap-2">
              <span className="text-indigo-700 tabular-nums">{index + 1}.</span>
              <span className="min-w-0 break-words">{render(entry)}</span>
            </li>
          ))}
        </ol>
      )}
      {entries.length > shown.length && (
        <p className="mt-1 text-xs text-slate-500">and {entries.length - shown.length} more</p>
      )}
    </div>
  );
}

/** One student in the list: who, what they study, where they stand, and links onwards. */
export function StudentCard({
  student,
  viewer = 'college-staff',
}: {
  student: Card;
  viewer?: StudentViewer;
}) {
  const headingId = `student-${student._id}`;
  const placement = student.placementStatus;
  const facts = [
    { label: 'Roll Number', value: student.rollNumber ?? 'Not given' },
    { label: 'Degrees', value: student.degrees.join(', ') || 'Not given' },
    { label: 'CGPA', value: student.cgpa ?? 'Not given' },
    { label: 'Year of Passing', value: student.yearOfPassing ?? 'Not given' },
  ];

  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold break-words text-slate-900">
            {student.name}
          </h3>
          <p className="text-sm break-words text-slate-500">{student.emailID}</p>
        </div>
        {viewer === 'college-staff' && <StatusBadge status={student.role} />}
      </div>

      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
        {facts.map(({ label, value }) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
            <dd className="mt-0.5 text-sm break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>

      <p className="mt-4 text-sm">
        {placement.isPlaced ? (
          <span className="text-emerald-700">
            Placed at <span className="font-medium">{placement.companyName}</span>
            {placement.packageOffered !== null && <> · {lpa(placement.packageOffered)}</>}
          </span>
        ) : (
          <span className="text-slate-600">Not placed</span>
        )}
      </p>

      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <EntryPreview
          title="Internships"
          listLabel={`Internships of ${student.name}`}
          entries={student.internships}
          render={(i) => `${i.role} at ${i.company}${i.duration ? ` (${i.duration})` : ''}`}
        />
        <EntryPreview
          title="Projects"
          listLabel={`Projects of ${student.name}`}
          entries={student.projects}
          render={(p) => `${p.title}${p.duration ? ` (${p.duration})` : ''}`}
        />
      </div>

      <div className="mt-5 flex flex-wrap items-center justify-end gap-3 border-t border-slate-100 pt-4 text-sm">
        {student.resume ? (
          <a
            href={student.resume}
            target="_blank"
            rel="noopener noreferrer"
            className={`${linkClass} mr-auto`}
            aria-label={`Resume of ${student.name} (opens in a new tab)`}
          >
            Resume
          </a>
        ) : (
          <span className="mr-auto text-slate-600">No resume</span>
        )}
        <Link
          to={detailHref(
            viewer === 'company' ? paths.company.studentDetails : paths.staff.studentDetails,
            student._id,
          )}
          className={buttonVariants.secondary}
          aria-label={`Details of ${student.name}`}
        >
          Details
        </Link>
      </div>
    </article>
  );
}
