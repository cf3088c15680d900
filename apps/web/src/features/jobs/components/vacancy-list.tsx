import type { Eligibility, Vacancy } from '@portal/contracts/jobs';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useApplyToJob } from '../api/apply-to-job.ts';
import { useVacancies } from '../api/get-vacancies.ts';
import { datePart } from '../../../lib/dates.ts';

const noVacancies = 'No job openings right now. Check back soon.';

/** The company's limits on who may apply, in words; empty when anyone may. */
function eligibilityText({ minCgpa, degrees, years }: Eligibility): string[] {
  const parts: string[] = [];
  if (minCgpa !== null) parts.push(`CGPA ${minCgpa} or above`);
  if (degrees.length > 0) parts.push(degrees.join(', '));
  if (years.length > 0) parts.push(`Batch of ${years.join(', ')}`);
  return parts;
}

type JobCardProps = { job: Vacancy; applying: boolean; busy: boolean; onApply: () => void };

function JobCard({ job, applying, busy, onApply }: JobCardProps) {
  const headingId = `job-${job._id}`;
  const limits = eligibilityText(job.eligibility);
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex items-start justify-between gap-3">
        <h4 id={headingId} className="font-semibold break-words text-slate-900">
          {job.role}
        </h4>
        <Badge tone={job.status === 'Open' ? 'success' : 'neutral'}>{job.status}</Badge>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {[job.type, job.package === null ? null : `${job.package} LPA`, `${job.tier} tier`]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-700">{job.description}</p>
      {job.qualifications.length > 0 && (
        <>
          <p className="mt-4 text-xs font-medium tracking-wide text-slate-500 uppercase">Qualifications</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-700">
            {job.qualifications.map((q) => (
              <li key={q} className="break-words">
                {q}
              </li>
            ))}
          </ul>
        </>
      )}
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Start date</dt>
          <dd className="mt-0.5 text-slate-900 tabular-nums">{datePart(job.startDate)}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Apply by</dt>
          <dd className="mt-0.5 text-slate-900 tabular-nums">{datePart(job.applicationDeadline)}</dd>
        </div>
        {limits.length > 0 && (
          <div className="col-span-2">
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Eligibility</dt>
            <dd className="mt-0.5 text-slate-900">{limits.join(' · ')}</dd>
          </div>
        )}
      </dl>
      <div className="mt-5 flex flex-1 items-end">
        {job.applied ? (
          <Button variant="secondary" disabled aria-label={`Applied to ${job.role}`}>
            Applied
          </Button>
        ) : job.notEligibleReason !== null ? (
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone="warning">Not eligible</Badge>
            <p className="text-sm text-slate-600">{job.notEligibleReason}</p>
          </div>
        ) : (
          <Button onClick={onApply} isPending={applying} disabled={busy} aria-label={`Apply to ${job.role}`}>
            Apply
          </Button>
        )}
      </div>
    </article>
  );
}

/** Every open job grouped by company, with Apply, Applied or why the student may not apply. */
export function VacancyList() {
  const vacancies = useVacancies();
  const apply = useApplyToJob();
  const [applyingId, setApplyingId] = useState<string | null>(null);

  if (vacancies.isPending) return <LoadingBlock />;
  if (vacancies.isError) {
    return (
      <ErrorBlock
        message={errorMessage(vacancies.error)}
        onRetry={() => void vacancies.refetch()}
        retrying={vacancies.isRefetching}
      />
    );
  }

  const companies = vacancies.data.filter((company) => company.jobs.length > 0);
  if (companies.length === 0) return <EmptyState>{noVacancies}</EmptyState>;

  const onApply = (jobID: string) => {
    setApplyingId(jobID);
    apply.mutate(jobID, {
      onSuccess: (message) => toast.success(message),
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => setApplyingId(null),
    });
  };

  return (
    <div className="space-y-10">
      {companies.map((company) => (
        <section key={company.companyName} aria-label={company.companyName}>
          <h3 className="mb-4 text-lg font-semibold text-slate-900">{company.companyName}</h3>
          <div className="grid gap-4 md:grid-cols-2">
            {company.jobs.map((job) => (
              <JobCard
                key={job._id}
                job={job}
                applying={applyingId === job._id}
                busy={apply.isPending}
                onApply={() => onApply(job._id)}
              />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
