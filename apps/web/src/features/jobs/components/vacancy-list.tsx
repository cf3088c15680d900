import {
  type Eligibility,
  jobTypes,
  type VacancyItem,
  type VacancySort,
  workModes,
} from '@portal/contracts/jobs';
import { vacancies as messages } from '@portal/contracts/messages';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { DebouncedTextField } from '../../../components/ui/debounced-text-field.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { detailHref, paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { untilAppRuns } from '../../../lib/until-app-runs.ts';
import { deadlineInWords, shortDay, todayInZone, zoneNote } from '../../../lib/dates.ts';
import { useVacancies } from '../api/get-vacancies.ts';
import { ApplyReview } from './apply-review.tsx';
import { useVacancyFilters } from './use-vacancy-filters.ts';

const sortLabels: Record<VacancySort, string> = {
  deadline: 'Soonest deadline',
  newest: 'Newest',
  package: 'Highest package',
};

/** The company's limits on who may apply, in words; empty when anyone may. */
export function eligibilityText({ minCgpa, degrees, years }: Eligibility): string[] {
  const parts: string[] = [];
  if (minCgpa !== null) parts.push(`CGPA ${minCgpa} or above`);
  if (degrees.length > 0) parts.push(degrees.join(', '));
  if (years.length > 0) parts.push(`Batch of ${years.join(', ')}`);
  return parts;
}

type JobCardProps = { job: VacancyItem; today: string; onApply: () => void };

/** Where the work is: "Bengaluru · Hybrid", or the mode alone. */
export const placeOf = (job: Pick<VacancyItem, 'location' | 'workMode'>) =>
  [job.location, job.workMode].filter(Boolean).join(' · ');

/** Why the student cannot apply: the job's timing gets its own badge, the student's reason says why. */
function Refusal({ job }: { job: VacancyItem }) {
  if (job.refusal === 'notOpenYet')
    return <Badge tone="info">{messages.opensOn(shortDay(job.startDate))}</Badge>;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Badge tone={job.refusal === 'closed' ? 'neutral' : 'warning'}>
        {job.refusal === 'closed' ? messages.closed : messages.notEligible}
      </Badge>
      <p className="text-sm text-slate-600">{job.notEligibleReason}</p>
    </div>
  );
}

function JobCard({ job, today, onApply }: JobCardProps) {
  const headingId = `job-${job._id}`;
  const limits = eligibilityText(job.eligibility);
  return (
    <article
      aria-labelledby={headingId}
      className="flex w-full min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={headingId} className="min-w-0 font-semibold break-words text-slate-900">
          <Link to={detailHref(paths.student.job, job._id)} className="hover:text-indigo-700 hover:underline">
            {job.role}
          </Link>
        </h3>
        <Badge tone={job.status === 'Open' ? 'success' : 'neutral'}>{job.status}</Badge>
      </div>
      <p className="mt-0.5 text-sm font-medium break-words text-slate-700">{job.companyName}</p>
      <p className="mt-1 text-sm text-slate-600">
        {[job.type, job.package === null ? null : `${job.package} LPA`, `${job.tier} tier`]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <p className="mt-0.5 text-sm break-words text-slate-600">{placeOf(job)}</p>
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
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Applications open</dt>
          <dd className="mt-0.5 text-slate-900 tabular-nums">{shortDay(job.startDate, today)}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Deadline</dt>
          <dd className="mt-0.5 text-slate-900">{deadlineInWords(job.applicationDeadline, today)}</dd>
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
        ) : job.notEligibleReason !== null && job.refusal !== 'incomplete' ? (
          <Refusal job={job} />
        ) : (
          // Sent rendered by the server, the page's buttons wait for the app that answers them. An
          // incomplete profile still opens the review, which says what to add.
          <Button onClick={onApply} {...untilAppRuns()} aria-label={`Apply to ${job.role}`}>
            Apply
          </Button>
        )}
      </div>
    </article>
  );
}

/**
 * The open jobs a page at a time ("Load more"), searched, filtered to those the student may apply
 * to (on by default) and sorted on the server, the filters kept in the URL; each job with Apply,
 * Applied, or why the student may not apply.
 */
export function VacancyList() {
  const { filters, controls, setFilters } = useVacancyFilters();
  const vacancies = useVacancies(filters);
  const [reviewing, setReviewing] = useState<string | null>(null);
  const today = todayInZone();

  // A job that moved between two loaded pages (one posted meanwhile) is shown once.
  const items = [
    ...new Map((vacancies.data?.pages ?? []).flatMap((p) => p.items).map((job) => [job._id, job])).values(),
  ];
  const total = vacancies.data?.pages.at(-1)?.total ?? 0;
  const filtered =
    filters.eligibleOnly ||
    [
      filters.search,
      filters.type,
      filters.workMode,
      filters.company,
      filters.location,
      filters.minPackage,
    ].some((value) => value.trim() !== '');

  return (
    <div className="space-y-6">
      <Card>
        <form role="search" aria-label="Filter jobs" onSubmit={(event) => event.preventDefault()}>
          {/* Sent rendered by the server, the filters wait for the app, which would not see a change made before. */}
          <fieldset {...untilAppRuns()} className="grid min-w-0 gap-4 sm:grid-cols-2 sm:items-end">
            <DebouncedTextField
              label="Search jobs"
              type="search"
              placeholder="Role or company"
              autoComplete="off"
              maxLength={100}
              className="sm:col-span-2"
              value={controls.search}
              onCommit={(search) => setFilters({ search })}
            />
            <SelectField
              label="Sort by"
              value={controls.sort}
              onChange={(event) => setFilters({ sort: event.target.value as VacancySort })}
            >
              {Object.entries(sortLabels).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </SelectField>
            <label className="flex items-center gap-3 py-2 text-sm font-medium text-slate-700">
              <input
                type="checkbox"
                className="size-4 shrink-0 rounded border-slate-300 accent-indigo-600"
                checked={controls.eligibleOnly}
                onChange={(event) => setFilters({ eligibleOnly: event.target.checked })}
              />
              Eligible only
            </label>
            <SelectField
              label="Type"
              value={controls.type}
              onChange={(event) => setFilters({ type: jobTypes.find((t) => t === event.target.value) ?? '' })}
            >
              <option value="">Any type</option>
              {jobTypes.map((type) => (
                <option key={type}>{type}</option>
              ))}
            </SelectField>
            <SelectField
              label="Work mode"
              value={controls.workMode}
              onChange={(event) =>
                setFilters({ workMode: workModes.find((m) => m === event.target.value) ?? '' })
              }
            >
              <option value="">Any work mode</option>
              {workModes.map((mode) => (
                <option key={mode}>{mode}</option>
              ))}
            </SelectField>
            <DebouncedTextField
              label="Company"
              type="search"
              autoComplete="off"
              maxLength={100}
              value={controls.company}
              onCommit={(company) => setFilters({ company })}
            />
            <DebouncedTextField
              label="Location"
              type="search"
              autoComplete="off"
              maxLength={100}
              value={controls.location}
              onCommit={(location) => setFilters({ location })}
            />
            <DebouncedTextField
              label="Minimum package (LPA)"
              inputMode="decimal"
              autoComplete="off"
              maxLength={10}
              value={controls.minPackage}
              onCommit={(minPackage) => setFilters({ minPackage })}
            />
          </fieldset>
        </form>
      </Card>

      <p className="text-sm text-slate-700" aria-live="polite">
        {vacancies.isSuccess && total > 0 && (
          <>
            {messages.showing(items.length, total)}
            {vacancies.isPlaceholderData && <span className="text-slate-500"> · updating...</span>}
          </>
        )}
      </p>

      {vacancies.isPending ? (
        <LoadingBlock />
      ) : vacancies.isError && items.length === 0 ? (
        <ErrorBlock
          message={errorMessage(vacancies.error)}
          onRetry={() => void vacancies.refetch()}
          retrying={vacancies.isRefetching}
        />
      ) : items.length === 0 ? (
        <EmptyState>{filtered ? messages.noMatch : messages.none}</EmptyState>
      ) : (
        <ul aria-label="Jobs" className="grid gap-4 md:grid-cols-2">
          {items.map((job) => (
            <li key={job._id} className="flex">
              <JobCard job={job} today={today} onApply={() => setReviewing(job._id)} />
            </li>
          ))}
        </ul>
      )}

      {items.length > 0 && <p className="text-xs text-slate-600">{zoneNote()}</p>}

      {reviewing !== null && <ApplyReview jobId={reviewing} open onClose={() => setReviewing(null)} />}

      {vacancies.isFetchNextPageError && (
        <p role="alert" className="text-center text-sm text-red-700">
          {errorMessage(vacancies.error)}
        </p>
      )}
      {vacancies.hasNextPage && !vacancies.isPlaceholderData && (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            onClick={() => void vacancies.fetchNextPage()}
            isPending={vacancies.isFetchingNextPage}
            {...untilAppRuns()}
          >
            Load more
          </Button>
        </div>
      )}
    </div>
  );
}
