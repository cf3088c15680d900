import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { detailHref, paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCompanies } from '../api/get-companies.ts';
import { CompanyStatusControl } from './company-status-control.tsx';

const linkClass = 'font-medium text-indigo-700 underline-offset-2 hover:underline';

/** Every company account, with its recruiter, jobs and applicants, and the suspend/allow control. */
export function CompanyList() {
  const companies = useCompanies();

  if (companies.isPending) return <LoadingBlock />;
  if (companies.isError) {
    return (
      <ErrorBlock
        message={errorMessage(companies.error)}
        onRetry={() => void companies.refetch()}
        retrying={companies.isRefetching}
      />
    );
  }
  if (companies.data.length === 0) return <EmptyState>No companies have signed up yet.</EmptyState>;

  return (
    <ul aria-label="Companies" className="space-y-4">
      {companies.data.map((company) => {
        const headingId = `company-${company._id}`;
        return (
          <li key={company._id}>
            <article
              aria-labelledby={headingId}
              className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <h3 id={headingId} className="font-semibold break-words text-slate-900">
                    {company.company}
                  </h3>
                  <p className="text-sm break-words text-slate-600">
                    {company.recruiterName} ·{' '}
                    <a href={`mailto:${company.emailID}`} className={linkClass}>
                      {company.emailID}
                    </a>
                  </p>
                </div>
                <StatusBadge status={company.role} />
              </div>
              <dl className="mt-4 flex flex-wrap gap-x-8 gap-y-2 text-sm">
                <div>
                  <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Jobs</dt>
                  <dd className="font-semibold text-slate-900 tabular-nums">{company.jobs}</dd>
                </div>
                <div>
                  <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Applicants</dt>
                  <dd className="font-semibold text-slate-900 tabular-nums">{company.applicants}</dd>
                </div>
              </dl>
              <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
                <Link
                  to={detailHref(paths.staff.companyDetails, company._id)}
                  className={`${linkClass} text-sm`}
                  aria-label={`Details of ${company.company}`}
                >
                  Details
                </Link>
                <CompanyStatusControl id={company._id} company={company.company} status={company.role} />
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
