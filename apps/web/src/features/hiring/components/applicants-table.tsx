import { stages, type Stage } from '@portal/contracts/applications';
import { bounds } from '@portal/contracts/bounds';
import { pipeline, resumeBook } from '@portal/contracts/messages';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { StageBadge } from '../../../components/ui/stage-badge.tsx';
import { TableScroll } from '../../../components/ui/table-scroll.tsx';
import { detailHref, paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { datePart } from '../../../lib/dates.ts';
import { APPLICANTS_PAGE_SIZE, type ApplicantFilter, useApplicants } from '../api/get-applicants.ts';
import { useOwnJobs } from '../api/get-own-jobs.ts';
import { useBulkMoveApplications } from '../api/move-application.ts';
import { resumeBookHref } from '../api/get-resume-book.ts';
import { StageMessagePanel } from './stage-message-panel.tsx';

/** The filters as the URL holds them (?jobId=&stage=), so a job's "Applicants" link opens it filtered. */
function useApplicantFilter() {
  const [params, setParams] = useSearchParams();
  const stage = params.get('stage');
  const filter: Omit<ApplicantFilter, 'page'> = {
    jobId: params.get('jobId') ?? '',
    stage: stages.find((s) => s === stage) ?? '',
  };
  const setFilter = (change: Partial<Omit<ApplicantFilter, 'page'>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(change)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );
  return { filter, setFilter };
}

/** The applicants of the company's jobs, filterable by job and stage, with bulk shortlist and reject. */
export function ApplicantsTable() {
  const { filter, setFilter } = useApplicantFilter();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirmReject, setConfirmReject] = useState(false);
  const [page, setPage] = useState(1);
  const jobs = useOwnJobs();
  const applicants = useApplicants({ ...filter, page });
  const bulk = useBulkMoveApplications();

  const rows = applicants.data?.items ?? [];
  const total = applicants.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / APPLICANTS_PAGE_SIZE));
  // A bulk move can empty the last page of a stage: go back to the last one that exists.
  if (applicants.data && !applicants.isPlaceholderData && page > pages) setPage(pages);
  const first = (page - 1) * APPLICANTS_PAGE_SIZE + 1;
  // Only rows on screen can be acted on: a filter change hides rows, and their ticks go with them.
  const checked = rows.filter((r) => selected.has(r._id)).map((r) => r._id);
  const changeFilter = (change: Partial<Omit<ApplicantFilter, 'page'>>) => {
    setFilter(change);
    setPage(1);
    setSelected(new Set());
    setConfirmReject(false);
  };
  const applicantCount = (count: number) => `${count} ${count === 1 ? 'applicant' : 'applicants'}`;
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allChecked = rows.length > 0 && rows.every((r) => selected.has(r._id));

  const move = (stage: 'Shortlisted' | 'Rejected') =>
    bulk.mutate(
      { applicationIds: checked, stage },
      {
        onSuccess: (message) => {
          toast.success(message);
          setSelected(new Set());
          setConfirmReject(false);
        },
      },
    );

  return (
    <div className="space-y-4">
      <Card>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Job"
            value={filter.jobId}
            onChange={(e) => changeFilter({ jobId: e.target.value })}
          >
            <option value="">All jobs</option>
            {jobs.data?.map((job) => (
              <option key={job._id} value={job._id}>
                {job.role}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Stage"
            value={filter.stage}
            onChange={(e) => changeFilter({ stage: e.target.value as Stage | '' })}
          >
            <option value="">All stages</option>
            {stages.map((stage) => (
              <option key={stage}>{stage}</option>
            ))}
          </SelectField>
        </div>
      </Card>
      {filter.jobId && <StageMessagePanel jobId={filter.jobId} stage={filter.stage} />}

      <div className="flex flex-wrap items-center gap-3" aria-live="polite">
        {applicants.isSuccess && total > 0 && (
          <span className="text-sm text-slate-600">
            {rows.length === total
              ? applicantCount(total)
              : `Showing ${first}–${first + rows.length - 1} of ${applicantCount(total)}`}
            {' · '}
          </span>
        )}
        <span className="text-sm text-slate-600">{checked.length} selected</span>
        <Button
          variant="secondary"
          disabled={checked.length === 0}
          isPending={bulk.isPending}
          onClick={() => move('Shortlisted')}
        >
          Shortlist selected
        </Button>
        {confirmReject ? (
          <>
            <span className="text-sm text-slate-800">Reject {applicantCount(checked.length)}?</span>
            <Button
              onClick={() => move('Rejected')}
              disabled={checked.length === 0}
              isPending={bulk.isPending}
            >
              Yes, reject
            </Button>
            <Button variant="ghost" onClick={() => setConfirmReject(false)}>
              Cancel
            </Button>
          </>
        ) : (
          <Button variant="secondary" disabled={checked.length === 0} onClick={() => setConfirmReject(true)}>
            Reject selected
          </Button>
        )}
      </div>

      {filter.jobId && total > 0 && (
        <div className="flex flex-wrap items-center gap-3">
          {checked.length > 0 ? (
            <a
              href={resumeBookHref(filter.jobId, { applicationIds: checked })}
              download
              className={buttonVariants.secondary}
            >
              {resumeBook.downloadTicked(checked.length)}
            </a>
          ) : total <= bounds.resumeBookStudents ? (
            <a
              href={resumeBookHref(filter.jobId, { stage: filter.stage })}
              download
              className={buttonVariants.secondary}
            >
              {resumeBook.download}
            </a>
          ) : (
            <p className="text-sm text-slate-700">{resumeBook.tooMany(bounds.resumeBookStudents)}</p>
          )}
        </div>
      )}

      {applicants.isPending ? (
        <LoadingBlock />
      ) : applicants.isError ? (
        <ErrorBlock
          message={errorMessage(applicants.error)}
          onRetry={() => void applicants.refetch()}
          retrying={applicants.isFetching}
        />
      ) : rows.length === 0 ? (
        <EmptyState>No applicants match these filters yet.</EmptyState>
      ) : (
        <TableScroll label="Applicants" className="rounded-2xl border border-slate-200 bg-white">
          <table className="min-w-full text-left text-sm">
            <thead className="bg-slate-50 text-xs tracking-wide text-slate-500 uppercase">
              <tr>
                <th className="px-3 py-2">
                  <input
                    type="checkbox"
                    aria-label="Select all applicants"
                    checked={allChecked}
                    onChange={() => setSelected(allChecked ? new Set() : new Set(rows.map((r) => r._id)))}
                  />
                </th>
                <th className="px-3 py-2">Name</th>
                <th className="px-3 py-2">Job</th>
                <th className="px-3 py-2">Degree</th>
                <th className="px-3 py-2">CGPA</th>
                <th className="px-3 py-2">Applied</th>
                <th className="px-3 py-2">Stage</th>
                <th className="px-3 py-2">
                  <span className="sr-only">Details</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={row._id}>
                  <td className="px-3 py-2">
                    <input
                      type="checkbox"
                      aria-label={`Select ${row.name}`}
                      checked={selected.has(row._id)}
                      onChange={() => toggle(row._id)}
                    />
                  </td>
                  <td className="px-3 py-2 font-medium text-slate-900">
                    {row.name}
                    {row.withheld && (
                      <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">
                        {pipeline.withheldBadge}
                      </span>
                    )}
                    {row.placed && (
                      <span
                        className="ml-2 rounded bg-indigo-100 px-1.5 py-0.5 text-xs font-medium text-indigo-900"
                        title={row.placed.offerRefusal ?? undefined}
                      >
                        {row.placed.label}
                      </span>
                    )}
                  </td>
                  <td className="px-3 py-2">{row.role}</td>
                  <td className="px-3 py-2">{row.degrees.join(', ') || '—'}</td>
                  <td className="px-3 py-2">{row.cgpa ?? '—'}</td>
                  <td className="px-3 py-2">{datePart(row.appliedAt)}</td>
                  <td className="px-3 py-2">
                    <StageBadge stage={row.stage} />
                  </td>
                  <td className="px-3 py-2">
                    <Link
                      to={detailHref(paths.company.applicantDetails, row._id)}
                      className="font-medium text-indigo-700 hover:underline"
                      aria-label={`View ${row.name}`}
                    >
                      View
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {pages > 1 && (
        <Pager
          label="Pages of applicants"
          page={page}
          pages={pages}
          onPage={(next) => {
            setPage(next);
            setSelected(new Set());
            setConfirmReject(false);
          }}
        />
      )}
    </div>
  );
}
