import { type CompanyStatus, companyStatuses } from '@portal/contracts/common';
import type { CompanySummary } from '@portal/contracts/staff';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { detailHref, paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { datePart } from '../../../lib/dates.ts';
import { COMPANIES_PAGE_SIZE, useCompanies } from '../api/get-companies.ts';
import { CompanyNameDecision } from './company-name-decision.tsx';
import { CompanyStatusControl } from './company-status-control.tsx';

const linkClass = 'font-medium text-indigo-700 underline-offset-2 hover:underline';

const statusLabels: Record<CompanyStatus, string> = {
  Pending: 'Awaiting approval',
  Allowed: 'Allowed',
  Suspended: 'Suspended',
  Rejected: 'Rejected',
};

/** The status filter, kept in the URL (?status=Pending) so the dashboard can link to it. */
function useStatusFilter() {
  const [params, setParams] = useSearchParams();
  const value = params.get('status');
  const status = companyStatuses.find((s) => s === value);
  const setStatus = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === '') updated.delete('status');
        else updated.set('status', next);
        return updated;
      },
      { replace: true },
    );
  return { status, setStatus };
}

/**
 * Company accounts, those awaiting approval first, then those with a new name awaiting approval,
 * filtered by status: each with its recruiter, jobs and applicants, the control to approve, reject,
 * suspend or allow it, and the one to approve or reject a new name.
 */
export function CompanyList() {
  const { status, setStatus } = useStatusFilter();
  const [page, setPage] = useState(1);
  const companies = useCompanies({ status, page });
  const pages = Math.max(1, Math.ceil((companies.data?.total ?? 0) / COMPANIES_PAGE_SIZE));
  // A decision can empty the last page of a filtered list: go back to the last one that exists.
  if (companies.data && !companies.isPlaceholderData && page > pages) setPage(pages);

  return (
    <div className="space-y-6">
      <Card>
        <form role="search" aria-label="Filter companies" onSubmit={(event) => event.preventDefault()}>
          <SelectField
            label="Status"
            className="sm:max-w-xs"
            value={status ?? ''}
            onChange={(event) => {
              setStatus(event.target.value);
              setPage(1);
            }}
          >
            <option value="">All companies</option>
            {companyStatuses.map((s) => (
              <option key={s} value={s}>
                {statusLabels[s]}
              </option>
            ))}
          </SelectField>
        </form>
      </Card>
      <CompanyResults companies={companies} filtered={status !== undefined} page={page} />
      {pages > 1 && <Pager label="Pages of companies" page={page} pages={pages} onPage={setPage} />}
    </div>
  );
}

function CompanyResults({
  companies,
  filtered,
  page,
}: {
  companies: ReturnType<typeof useCompanies>;
  filtered: boolean;
  page: number;
}) {
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
  const { items, total } = companies.data;
  if (items.length === 0) {
    return (
      <EmptyState>
        {filtered ? 'No companies have this status.' : 'No companies have signed up yet.'}
      </EmptyState>
    );
  }

  const first = (page - 1) * COMPANIES_PAGE_SIZE + 1;
  return (
    <>
      <p className="text-sm text-slate-600" aria-live="polite">
        {items.length === total
          ? `${total} ${total === 1 ? 'company' : 'companies'}`
          : `Showing ${first}–${first + items.length - 1} of ${total} companies`}
      </p>
      <ul aria-label="Companies" className="space-y-4">
        {items.map((company) => {
          const headingId = `company-${company._id}`;
          return (
            <li key={company._id}>
              <article
                aria-labelledby={headingId}
                className={`rounded-2xl border bg-white p-5 shadow-sm sm:p-6 ${
                  company.role === 'Pending' ? 'border-amber-300' : 'border-slate-200'
                }`}
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
                    <p className="mt-1 text-xs text-slate-500">
                      Signed up <span className="tabular-nums">{datePart(company.signedUpAt)}</span>
                    </p>
                  </div>
                  <StatusBadge status={company.role} />
                </div>
                <StatusReason company={company} />
                {company.pendingName !== null && (
                  <CompanyNameDecision
                    id={company._id}
                    company={company.company}
                    pendingName={company.pendingName}
                    pendingNameAt={company.pendingNameAt}
                    approvedHere={company.nameApprovedHere}
                  />
                )}
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
    </>
  );
}

/** The reason given with the current status, when there is one. */
function StatusReason({ company }: { company: CompanySummary }) {
  if (!company.statusReason) return null;
  return (
    <p className="mt-3 text-sm break-words text-slate-700">
      <span className="font-medium">Reason:</span> {company.statusReason}
    </p>
  );
}
