import { Link, useSearchParams } from 'react-router';
import { detailHref, paths } from '../../../config/paths.ts';
import { applicantFilterOf, useApplicantNeighbours } from '../api/get-applicants.ts';

const linkClass = 'font-medium text-indigo-700 hover:underline';

/**
 * Back to the applicant table, and the previous and next applicant in its order and filter (the
 * URL carries them from the table), so a recruiter walks through a list without going back to it.
 */
export function ApplicantNeighbours({ id }: { id: string }) {
  const [params] = useSearchParams();
  const search = params.toString();
  const neighbours = useApplicantNeighbours(id, applicantFilterOf(params));
  const withList = (path: string) => `${path}${search ? `?${search}` : ''}`;
  const n = neighbours.data;
  return (
    <nav aria-label="Applicant list" className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
      <Link to={withList(paths.company.applicants)} className={linkClass}>
        Back to applicants
      </Link>
      {n && n.position > 0 && (
        <>
          <span className="text-slate-600">
            Applicant {n.position} of {n.total}
          </span>
          {n.previous ? (
            <Link to={withList(detailHref(paths.company.applicantDetails, n.previous))} className={linkClass}>
              Previous applicant
            </Link>
          ) : (
            <span className="text-slate-500">Previous applicant</span>
          )}
          {n.next ? (
            <Link to={withList(detailHref(paths.company.applicantDetails, n.next))} className={linkClass}>
              Next applicant
            </Link>
          ) : (
            <span className="text-slate-500">Next applicant</span>
          )}
        </>
      )}
    </nav>
  );
}
